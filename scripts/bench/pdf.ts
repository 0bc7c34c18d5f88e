import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { QuestionSource } from '../../schemas/question.ts';
import { openBrowser } from '../../tests/support/browser.ts';
import { unlock } from '../../tests/support/flow.ts';
import { type Metric, median } from './report.ts';
import { finishedSession, seedSession } from './session-seed.ts';

const PDF_BUTTON = 'Als PDF speichern';
/** A generous limit for one export on a tablet; docs/product.md sets none, so this is the bench's own. */
const PDF_BUDGET_MS = 3000;
/** A full result as a text PDF (docs/product.md §12). */
const PDF_SIZE_BUDGET_KB = 200;

/**
 * Time from the click on 'Als PDF speichern' to the browser's download of the finished file, for a
 * finished session with all 23 answers. The first export includes loading the jsPDF chunk with its
 * fonts (what an operator waits for); later ones have it cached.
 */
export async function pdfMetrics(
  baseURL: string,
  questions: readonly QuestionSource[],
  runs = 3,
): Promise<{ metrics: Metric[]; details: unknown }> {
  const session = await openBrowser();
  const { page } = session;
  try {
    await page.goto(baseURL);
    await seedSession(page, finishedSession(questions));
    await page.reload();
    await unlock(page); // a stored session waits behind the passphrase (docs/product.md §20)
    const button = page.getByRole('button', { name: PDF_BUTTON });
    const times: number[] = [];
    const sizes: number[] = [];
    let fileName = '';
    for (let i = 0; i < runs; i++) {
      await button.waitFor();
      const started = performance.now();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        button.click(),
      ]);
      const path = await download.path();
      times.push(performance.now() - started);
      sizes.push((await stat(path)).size);
      fileName = download.suggestedFilename();
      // The button is enabled again once the export has finished.
      await page.waitForFunction(
        (label) =>
          [...document.querySelectorAll('button')].some((b) => b.textContent === label && !b.disabled),
        PDF_BUTTON,
      );
    }
    return {
      metrics: [
        {
          group: 'pdf',
          name: 'first export incl. loading jsPDF and fonts',
          value: times[0] ?? null,
          unit: 'ms',
          budget: { max: PDF_BUDGET_MS },
          note: `${fileName}; later exports median ${median(times.slice(1).length ? times.slice(1) : times).toFixed(0)} ms`,
        },
        {
          group: 'pdf',
          name: 'file size',
          value: (sizes[0] ?? 0) / 1000,
          unit: 'kB',
          budget: { max: PDF_SIZE_BUDGET_KB },
        },
      ],
      details: { timesMs: times, sizes, fileName },
    };
  } finally {
    await session.close();
  }
}
