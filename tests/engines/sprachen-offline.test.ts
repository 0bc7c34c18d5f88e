import { join } from 'node:path';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { languageTexts } from '../../schemas/language-facts.ts';
import { enterUserData, installApp, login, tapStart, waitUntil } from '../support/engine-flow.ts';
import { ENGINE, openEnginePage } from '../support/engine-test.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storedRecordingCount, turkishReviewers } from '../support/sprachen.ts';

/**
 * Issue 39 (docs/product.md §50) in every engine: a recording two native speakers approved on the
 * server is kept by the tablet (IndexedDB) while it is online, and plays from that copy once the
 * network is gone — the proxy drops every connection, the server's recording URL included.
 */

const distDir = inject('distDir');
const SITUATION = languageTexts(join(import.meta.dirname, '..', '..', 'content'), 'tr').find(
  (text) => text.key === '1.situationText',
)!.own;
let server: TestServer;
let proxy: FaultProxy;

beforeAll(async () => {
  server = await startTestServer(distDir);
  await (await turkishReviewers(server)).recordAndApprove('1.situationText', SITUATION);
  proxy = await startFaultProxy({ distDir, upstream: server.url });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

describe(`the native review's recordings offline in ${ENGINE}`, () => {
  it('plays an approved recording from the copy the tablet kept, with no network', async () => {
    // Firefox offline asks for a subset of the Arabic font (math symbols) that the service worker
    // does not precache; the text shows in the fallback font. Known, and only that is tolerated here.
    const page = await openEnginePage(
      { serviceWorkers: true },
      ENGINE === 'firefox' ? /downloadable font: download failed .*noto-sans-arabic-math/ : undefined,
    );
    await installApp(page, proxy.url);
    await login(page, proxy.url);
    await waitUntil(
      'the approved recording kept on the device',
      async () => (await page.evaluate(storedRecordingCount)) === 1,
      20_000,
    );
    proxy.network('down');
    try {
      // What the audio element does from here on: where it plays from, and whether it plays.
      await page.evaluate(() => {
        const events: string[] = [];
        (window as unknown as { __audio: string[] }).__audio = events;
        const original = HTMLMediaElement.prototype.play;
        const watched = new WeakSet<HTMLMediaElement>();
        HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
          if (!watched.has(this)) {
            watched.add(this);
            for (const type of ['playing', 'ended', 'error'] as const)
              this.addEventListener(type, () => events.push(`${type} ${this.currentSrc.split(':')[0]}`));
          }
          return original.call(this);
        };
      });
      await enterUserData(page, { language: 'tr' });
      await tapStart(page);
      await waitUntil(
        'the recording to play from the blob: copy',
        async () => {
          const events = await page.evaluate(() => (window as unknown as { __audio: string[] }).__audio);
          // Firefox reports an 'error' beside 'playing' and 'ended' when the element's source changes
          // (the silence of the unlock, then the recording): what counts is that the copy played.
          return events.includes('ended blob') || events.includes('playing blob');
        },
        20_000,
      );
    } finally {
      proxy.network('up');
    }
  });
});
