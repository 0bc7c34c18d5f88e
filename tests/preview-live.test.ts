import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoadOptions, loadContent } from '../scripts/content/load.ts';
import { openBrowser, type Session, screenshot } from './support/browser.ts';
import { type PreviewServer, startPreviewServer } from './support/preview-server.ts';

/**
 * The dev server on a temporary copy of content/ (the real packs are never edited by a test): saving
 * a pack updates the preview, and a broken pack shows its problem with file and line in the page.
 */
describe('authoring preview with the dev server', () => {
  let preview: PreviewServer;
  let contentDir: string;
  let options: LoadOptions;
  let session: Session;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    preview = await startPreviewServer();
    ({ url, contentDir, options } = preview);
    session = await openBrowser();
    page = session.page;
    // Counts Vite's error overlays as they appear (each is removed again by the preview).
    await page.addInitScript(() => {
      const counter = window as unknown as { __overlays: number };
      counter.__overlays = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node.nodeName === 'VITE-ERROR-OVERLAY') counter.__overlays++;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
  });

  afterAll(async () => {
    await session?.close();
    await preview?.close();
  });

  async function frameText(selector: string): Promise<string | null> {
    const handle = await page.waitForSelector('iframe.preview-frame');
    const frame = (await handle.contentFrame()) as Frame;
    const element = await frame.waitForSelector(selector);
    return element.textContent();
  }

  it('shows a saved edit within a second and a broken pack with file and line in the page', async () => {
    const file = join(contentDir, 'questions/04-count-dots-in-a-row.yaml');
    const original = readFileSync(file, 'utf8');
    await page.goto(`${url}/preview.html#q=4&lang=ro`);
    const before = loadContent(options).questions.find((q) => q.id === 4)!.texts.ro!.situationText;
    expect(await frameText('.situation-text')).toBe(before);

    // Edit: a new Romanian situation text.
    const edited = 'Privește bine imaginea nouă.';
    writeFileSync(file, original.replace(`situationText: "${before}"`, `situationText: "${edited}"`));
    const saved = Date.now();
    await page.waitForFunction(
      (text) =>
        document.querySelector('iframe')?.contentDocument?.querySelector('.situation-text')?.textContent ===
        text,
      edited,
      { timeout: 10_000 },
    );
    const updateMs = Date.now() - saved;
    console.info(`Preview updated ${updateMs} ms after saving the pack`);
    expect(page.url()).toContain('#q=4&lang=ro');

    // Break it: correctAnswer in words. The page names the file, the line and the field.
    const broken = original.replace(/^correctAnswer: \d+$/m, 'correctAnswer: fünf');
    const line = broken.split('\n').findIndex((l) => l.startsWith('correctAnswer:')) + 1;
    writeFileSync(file, broken);
    const issue = await page.waitForSelector('.preview-issue', { timeout: 10_000 });
    const text = (await issue.textContent()) ?? '';
    expect(text).toContain(`04-count-dots-in-a-row.yaml:${line}:16`);
    expect(text).toContain('correctAnswer');
    expect(text).toContain('must be a number');
    // The German box is what the author sees first: Vite's own English overlay is taken away.
    await page.waitForFunction(
      () => (window as unknown as { __overlays: number }).__overlays > 0,
      undefined,
      {
        timeout: 10_000,
      },
    );
    await page.waitForFunction(() => document.querySelector('vite-error-overlay') === null);
    expect(await topmostIsIssueBox(page)).toBe(true);
    await screenshot(page, 'preview-broken-pack');
    // On a reload with the pack still broken, too.
    await page.reload();
    await page.waitForSelector('.preview-issue', { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('vite-error-overlay') === null);
    expect(await topmostIsIssueBox(page)).toBe(true);

    // Fixed again: the question is back.
    writeFileSync(file, original);
    await page.waitForSelector('.preview-issues', { state: 'detached', timeout: 10_000 });
    expect(await frameText('.situation-text')).toBe(before);
  });
});

/** Whether the German box of problems is on top where it is drawn (no overlay covers it). */
function topmostIsIssueBox(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const box = document.querySelector('.preview-issues')!.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 40));
    return top?.closest('.preview-issues') !== null && top?.closest('.preview-issues') !== undefined;
  });
}
