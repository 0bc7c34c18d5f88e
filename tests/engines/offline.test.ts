import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  answerCorrectly,
  installApp,
  jumpTo,
  login,
  reloadAndUnlock,
  shot,
  storedSession,
  textOf,
  waitForNextScreen,
  waitForScreen,
  waitUntil,
} from '../support/engine-flow.ts';
import { ENGINE, openEnginePage } from '../support/engine-test.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { loadQuestions } from '../support/flow.ts';
import { listStoredResults } from '../support/server.ts';

/**
 * Offline after a first visit, in every engine that runs service workers on http://127.0.0.1
 * (a secure context by the spec): the app is opened once online, then the network goes (the proxy
 * drops every connection, pages and files included), and the app still loads, runs questions with
 * flashes, shows the result and makes the PDF; the result is sent once when the network is back.
 */

const SERVICE_WORKERS: Record<typeof ENGINE, boolean> = {
  chromium: true,
  firefox: true,
  webkit: true,
};

const distDir = inject('distDir');
const serverURL = inject('baseURL');
const questions = loadQuestions();
const byId = new Map(questions.map((q) => [q.id, q]));
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ distDir, upstream: serverURL });
});
afterAll(() => proxy.close());

describe(`offline in ${ENGINE}`, () => {
  it(`service workers on http://127.0.0.1 are ${SERVICE_WORKERS[ENGINE] ? '' : 'not '}available`, async () => {
    const page = await openEnginePage({ serviceWorkers: true });
    await page.goto(`${proxy.url}/`);
    expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(SERVICE_WORKERS[ENGINE]);
  });

  it.skipIf(!SERVICE_WORKERS[ENGINE])(
    'after one visit online, loads and runs questions with no network, and sends the result once when it returns',
    async () => {
      // Firefox sometimes logs that its service worker failed one chunk request right after the
      // network went (in 1 of 3 clean-clone runs, each time a different lazily loaded chunk); the app
      // loads the chunk again and the whole flow below still completes offline. Known and still to be
      // explained: only that one message is tolerated, and only in Firefox.
      const page = await openEnginePage(
        { serviceWorkers: true },
        ENGINE === 'firefox'
          ? /A ServiceWorker intercepted the request and encountered an unexpected error/
          : undefined,
      );
      await installApp(page, proxy.url);
      proxy.network('down');
      try {
        expect(
          await page.evaluate(() =>
            fetch('/api/results', { cache: 'no-store' }).then(
              () => 'reached',
              () => 'failed',
            ),
          ),
        ).toBe('failed');
        await page.reload();
        await login(page, proxy.url);
        // The last questions: five fingers, a flash, and the result.
        await jumpTo(page, proxy.url, [20, 21, 22, 23]);
        for (const id of [20, 21, 22, 23]) {
          await waitForNextScreen(page);
          await answerCorrectly(page, byId.get(id)!);
        }
        await waitForScreen(page, 'result', 15_000);
        await expect
          .poll(() => textOf(page, '.result-upload'), { timeout: 15_000, interval: 200 })
          .toMatch(/auf diesem Gerät gespeichert/);
        await shot(page, 'offline-result');
        const pdf = await page.download({ role: 'button', name: 'Als PDF speichern' }, 60_000);
        expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      } finally {
        proxy.network('up');
      }
      const id = (await storedSession(page))?.submissionId;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await waitUntil(
        'the result on the server',
        async () => (await listStoredResults(serverURL)).some((r) => r.submissionId === id),
        45_000,
      );
      await expect.poll(() => textOf(page, '.result-upload'), { timeout: 10_000 }).toBe('Ergebnis gesendet.');
      await reloadAndUnlock(page);
      await waitForScreen(page, 'result');
      await new Promise((wait) => setTimeout(wait, 1_500));
      expect((await listStoredResults(serverURL)).filter((r) => r.submissionId === id)).toHaveLength(1);
    },
  );
});
