import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { reloadAndUnlock, shot, textOf, waitForScreen } from '../support/engine-flow.ts';
import { ENGINE, openEnginePage } from '../support/engine-test.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { type ContentQuestion, loadQuestions, STORAGE_KEY } from '../support/flow.ts';
import { listStoredResults } from '../support/server.ts';

/**
 * The outbox in every engine: a finished test whose upload meets a server that is down keeps the
 * result on the device through a reload, and the result is stored exactly once when the server is
 * back. The app is reached through the fault proxy (tests/support/fault-proxy.ts), which drops the
 * connections of the upload while 'down' and forwards it to the real server otherwise.
 */

const distDir = inject('distDir');
const serverURL = inject('baseURL');
const questions = loadQuestions();
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ distDir, upstream: serverURL });
});
afterAll(() => proxy.close());
afterEach(() => {
  proxy.script([]);
  proxy.requests.length = 0;
});

/** A finished test as the app persists it, every question answered right. */
function finishedSession(submissionId: string) {
  const texts = (q: ContentQuestion) =>
    (q as ContentQuestion & { texts: Record<string, Record<string, string>> }).texts.tr!;
  return {
    screen: 'result',
    queue: [],
    currentId: null,
    submissionId,
    resultQueued: false,
    user: { name: 'Elif', birthdate: '2019-03-07', school: 'Kita', schoolLevel: '', language: 'tr' },
    answers: questions.map((q) => ({
      question: {
        id: q.id,
        level: (q as ContentQuestion & { level: number }).level,
        answerType: q.answerType,
        currentTexts: texts(q),
      },
      givenAnswer: String(q.correctAnswer),
      correct: true,
      responseTimeMs: 2000,
      // An hour ago: a finished session older than 12 hours is cleared (docs/product.md §20).
      answeredAt: new Date(Date.now() - 3_600_000).toISOString(),
    })),
  };
}

describe(`the outbox in ${ENGINE}`, () => {
  it('keeps a result through a server outage and a reload, and stores it once when the server is back', async () => {
    const id = randomUUID();
    const stored = async () => (await listStoredResults(serverURL)).filter((r) => r.submissionId === id);
    proxy.script([], 'down');
    const page = await openEnginePage();
    await page.goto(`${proxy.url}/`);
    await page.evaluate(
      ({ key, state }) => localStorage.setItem(key, JSON.stringify({ state, version: 1 })),
      { key: STORAGE_KEY, state: finishedSession(id) },
    );
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');
    const status = () => textOf(page, '.result-upload');
    await expect.poll(status, { timeout: 20_000, interval: 200 }).toMatch(/auf diesem Gerät gespeichert/);
    await shot(page, 'outbox-saved-on-device');
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');
    await expect.poll(status, { timeout: 20_000, interval: 200 }).toMatch(/auf diesem Gerät gespeichert/);
    // The reloaded page tries again (its first try may come a moment after the status shows).
    await expect.poll(() => proxy.requests.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await stored()).toHaveLength(0);

    proxy.script([], 'pass');
    await expect.poll(status, { timeout: 45_000, interval: 200 }).toBe('Ergebnis gesendet.');
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');
    await new Promise((wait) => setTimeout(wait, 1_500));
    expect(proxy.requests.filter((r) => r.answer === 201)).toHaveLength(1);
    expect(await stored()).toHaveLength(1);
  });
});
