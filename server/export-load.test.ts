import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import type { ResultStore } from './db/index.ts';
import { storeBackends } from './testing/backends.ts';
import { makePayload } from './testing/payload.ts';
import { seedResults } from './testing/seed.ts';

const TOKEN = 'export-load-test-token';
const ROWS = 20_000;

describe.each(storeBackends)('an export of many rows ($name)', (backend) => {
  let store: ResultStore;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  afterAll(async () => {
    await app?.close();
    await store?.close();
    await cleanup?.();
  });

  it.skipIf(backend.skip)(
    'does not hold up uploads and health checks sent while it streams',
    async () => {
      ({ store, cleanup } = await backend.open());
      await seedResults(store, ROWS);
      app = await buildServer({ db: store, exportToken: TOKEN, logLevel: false, rateLimit: false });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });

      const started = performance.now();
      const response = await fetch(`${url}/api/results.csv`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      const first = await reader.read();
      let lines = decoder.decode(first.value, { stream: true }).split('\r\n').length - 1;
      // While the export streams, requests arrive every 10 ms; each records when it was answered.
      const answered: { sent: number; done: number; status: number }[] = [];
      const requests: Promise<void>[] = [];
      let exportDone = 0;
      const ticker = setInterval(() => {
        const sent = performance.now();
        const request =
          answered.length % 2 === 0
            ? fetch(`${url}/api/health`)
            : fetch(`${url}/api/results`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(makePayload()),
              });
        requests.push(
          request.then(async (reply) => {
            await reply.arrayBuffer();
            answered.push({ sent, done: performance.now(), status: reply.status });
          }),
        );
      }, 10);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        lines += decoder.decode(value, { stream: true }).split('\r\n').length - 1;
      }
      exportDone = performance.now();
      clearInterval(ticker);
      await Promise.all(requests);
      expect(lines).toBeGreaterThanOrEqual(ROWS - 1);
      expect(answered.every((request) => request.status === 200 || request.status === 201)).toBe(true);
      const during = answered.filter((request) => request.sent < exportDone);
      const exportMs = exportDone - started;
      // Answered while the export still ran, not queued behind it.
      expect(
        during.filter((request) => request.done < exportDone).length,
        `export took ${Math.round(exportMs)} ms`,
      ).toBeGreaterThan(0);
      const slowest = Math.max(...during.map((request) => request.done - request.sent));
      expect(slowest, `slowest request during a ${Math.round(exportMs)} ms export`).toBeLessThan(
        Math.max(500, exportMs / 3),
      );
    },
    180_000,
  );
});
