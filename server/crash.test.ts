import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makePayload } from './testing/payload.ts';
import { freshDataDir } from './testing/pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from './testing/postgres.ts';
import { type ServerProcess, startServerProcess } from './testing/server-process.ts';

const TOKEN = 'crash-test-export-token-0123456789';
const UPLOADS = 300;
const KILL_AFTER_ACKS = 60;
const CONCURRENCY = 12;

interface Backend {
  name: string;
  skip: boolean;
  /** Environment of the server process, and how to remove its data afterwards. */
  prepare(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'pglite',
    skip: false,
    async prepare() {
      const dir = freshDataDir('zaehltest-crash-');
      return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    skip: SKIP_POSTGRES,
    async prepare() {
      const schema = await createTestSchema(await preparePostgres());
      return { env: { DATABASE_URL: schema.url }, cleanup: schema.drop };
    },
  },
];

async function upload(url: string, payload: object): Promise<{ status: number; id?: number }> {
  const response = await fetch(`${url}/api/results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as { id?: number };
  return { status: response.status, id: body.id };
}

describe.each(backends)('a crash during a burst of uploads ($name)', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it.skipIf(backend.skip)(
    'keeps every acknowledged result exactly once after SIGKILL and restart',
    async () => {
      const { env, cleanup } = await backend.prepare();
      const serverEnv = { ...env, EXPORT_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '0' };
      let server: ServerProcess | undefined = await startServerProcess(serverEnv);
      cleanups.push(async () => {
        server?.child.kill('SIGKILL');
        await cleanup();
      });

      const payloads = Array.from({ length: UPLOADS }, () => makePayload());
      const acknowledged = new Map<string, number>();
      let next = 0;
      const running = server;
      const worker = async () => {
        while (next < payloads.length) {
          const payload = payloads[next++] as (typeof payloads)[number];
          try {
            const { status, id } = await upload(running.url, payload);
            if (status >= 200 && status < 300 && id !== undefined) acknowledged.set(payload.submissionId, id);
            if (acknowledged.size >= KILL_AFTER_ACKS && running.child.exitCode === null) {
              running.child.kill('SIGKILL');
            }
          } catch {
            // The connection died with the server: this upload was not acknowledged.
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await running.exited;
      expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(acknowledged.size).toBeLessThan(UPLOADS);

      server = await startServerProcess(serverEnv);
      const exported = (await (
        await fetch(`${server.url}/api/results.json`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).json()) as { id: number; submissionId: string }[];
      const stored = new Map<string, number[]>();
      for (const row of exported)
        stored.set(row.submissionId, [...(stored.get(row.submissionId) ?? []), row.id]);
      for (const [submissionId, id] of acknowledged) expect(stored.get(submissionId)).toEqual([id]);

      // The devices' outboxes send everything not acknowledged again, and the repeats once more.
      const again = await Promise.all(payloads.map((payload) => upload(server?.url as string, payload)));
      payloads.forEach((payload, index) => {
        const result = again[index];
        expect(result?.status === 200 || result?.status === 201).toBe(true);
        const id = acknowledged.get(payload.submissionId);
        if (id !== undefined) expect(result).toEqual({ status: 200, id });
      });
      const exportedAgain = await fetch(`${server.url}/api/results.json`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const all = (await exportedAgain.json()) as { submissionId: string }[];
      expect(all).toHaveLength(UPLOADS);
      expect(new Set(all.map((row) => row.submissionId)).size).toBe(UPLOADS);
      server.child.kill('SIGTERM');
      await server.exited;
    },
    300_000,
  );
});
