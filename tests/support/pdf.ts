import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * A PDF's text as a viewer's search sees it, whitespace collapsed (poppler's pdftotext). Poppler warns
 * on stderr about jsPDF's 'Adobe-Identity' CID collection; the text reads all the same.
 */
export function pdfText(pdf: string): string {
  return String(
    execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ).replace(/\s+/g, ' ');
}

/**
 * Taps 'Als PDF speichern' (on the results page, or `button`) and returns the downloaded file's name
 * and text.
 */
export async function downloadedPdfText(
  page: Page,
  button: Locator = page.getByRole('button', { name: 'Als PDF speichern' }),
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  const dir = mkdtempSync(join(tmpdir(), 'zaehltest-pdf-'));
  try {
    const path = join(dir, download.suggestedFilename());
    await download.saveAs(path);
    return { name: download.suggestedFilename(), text: pdfText(path) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
