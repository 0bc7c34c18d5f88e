import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { QuestionSource } from '../../schemas/question.ts';
import { openBrowser } from '../../tests/support/browser.ts';
import { unlock } from '../../tests/support/flow.ts';
import { stubSpeechSynthesis } from '../../tests/support/speech-stub.ts';
import { type Metric, summarize } from './report.ts';
import { seedSession, sessionBeforeQuestion } from './session-seed.ts';

/** Budget: the child hears the prompt at once; a tenth of a second is not noticed as a wait. */
const BUDGET_MS = 100;
const PROBE = join(import.meta.dirname, 'page-probe.js');

interface SpeechRun {
  id: number;
  /** First frame showing the question screen → the app hands the first text to the voice. */
  firstFrameToSpeechMs: number;
}

/**
 * One question served as in a running test (from the transition, sound unlocked by a tap):
 * the frame time of the first frame that shows its screen, and when the first text is spoken.
 */
async function measureOnce(page: Page, baseURL: string, questions: readonly QuestionSource[], id: number) {
  await seedSession(page, sessionBeforeQuestion(questions, id));
  await page.goto(baseURL);
  // A stored session waits behind the passphrase (docs/product.md §20); 'Anmelden' is the tap that
  // unlocks sound after a reload, as 'Start' is in a new test.
  await unlock(page);
  await page
    .waitForFunction(
      () => (window as unknown as { __speechLog: { spoken: unknown[] } }).__speechLog.spoken.length > 0,
      undefined,
      { timeout: 10_000, polling: 50 },
    )
    .catch(async (error: unknown) => {
      const shown = await page.evaluate(() => document.querySelector('main')?.outerHTML.slice(0, 300));
      throw new Error(`question ${id}: no speech within 10 s; on screen: ${shown}`, { cause: error });
    });
  const result = await page.evaluate(() => {
    const w = window as unknown as {
      __benchProbe: { changes: { t: number; transition: boolean }[] };
      __speechLog: { spoken: { t: number }[] };
    };
    const { changes } = w.__benchProbe;
    // The change that removed the transition screen: the question screen's first frame was painted
    // right after it (page-probe.js notes each change as it is made).
    const shown = changes.find((c, i) => !c.transition && changes[i - 1]?.transition === true);
    return { frame: shown?.t ?? null, spoken: w.__speechLog.spoken[0]?.t ?? null };
  });
  if (result.frame === null || result.spoken === null) {
    throw new Error(`question ${id}: nothing measured (${JSON.stringify(result)}, ${page.url()})`);
  }
  return { id, firstFrameToSpeechMs: Math.round((result.spoken - result.frame) * 10) / 10 };
}

/** `npm run bench -- --only=speech`: first frame of a question screen → start of its spoken prompt. */
export async function speechMetrics(
  baseURL: string,
  questions: readonly QuestionSource[],
  runs: number,
): Promise<{ metrics: Metric[]; details: SpeechRun[] }> {
  const session = await openBrowser();
  try {
    await stubSpeechSynthesis(session.context, [{ lang: 'tr-TR', name: 'Yelda' }]);
    // page-probe.js (see the flash section) notes every change of whether the transition is on screen.
    await session.context.addInitScript({ path: PROBE });
    session.page.on('dialog', (dialog) => void dialog.accept());
    await session.page.goto(baseURL);
    const runsDone: SpeechRun[] = [];
    for (const q of questions) {
      for (let i = 0; i < runs; i++) runsDone.push(await measureOnce(session.page, baseURL, questions, q.id));
    }
    const summary = summarize(runsDone.map((r) => r.firstFrameToSpeechMs));
    const note = `${questions.length} questions × ${runs}, device voice stubbed (headless Chromium has none)`;
    return {
      metrics: [
        {
          group: 'speech',
          name: 'first frame → speech start, median',
          value: summary?.median ?? null,
          unit: 'ms',
          budget: { max: BUDGET_MS },
          note,
        },
        {
          group: 'speech',
          name: 'first frame → speech start, max',
          value: summary?.max ?? null,
          unit: 'ms',
          budget: { max: 2 * BUDGET_MS },
        },
      ],
      details: runsDone,
    };
  } finally {
    await session.close();
  }
}
