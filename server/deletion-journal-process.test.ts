// The deletion journal through the real server process and the operator's commands (docs/deploy.md,
// backups): npm run backup while the server runs, a deletion by child code, npm run restore into a
// new DATA_DIR with the journal folder copied beside it, and the start that deletes again.
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { JOURNAL_FOLDER } from './deletion-journal.ts';
import { makeResearchPayload } from './testing/payload.ts';
import { SKIP_POSTGRES, TEST_DATABASE_URL } from './testing/postgres.ts';
import { runServerToExit, type ServerProcess, startServerProcess } from './testing/server-process.ts';

const ROOT = resolve(import.meta.dirname, '..');
const TOKEN = 'journal-test-token-0123456789abcdef';
const work = mkdtempSync(join(tmpdir(), 'zaehltest-journal-process-'));
afterAll(() => rmSync(work, { recursive: true, force: true }), 60_000);

const npm = (script: string, args: string[], env: Record<string, string>) =>
  promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

const start = (dataDir: string) =>
  startServerProcess({ DATA_DIR: dataDir, EXPORT_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '0' });

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

const bearer = { authorization: `Bearer ${TOKEN}` };

async function upload(server: ServerProcess, childCode: string): Promise<void> {
  const response = await fetch(`${server.url}/api/results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(makeResearchPayload({ overrides: { childCode } })),
  });
  expect(response.status).toBe(201);
}

async function count(server: ServerProcess, childCode: string): Promise<number> {
  const response = await fetch(`${server.url}/api/results/count?childCode=${childCode}`, { headers: bearer });
  expect(response.status).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

describe('the deletion journal with npm run backup and npm run restore', () => {
  it('deletes again at the first start on the restored DATA_DIR; a later test of the child stays', async () => {
    const source = join(work, 'source');
    const target = join(work, 'target');
    let server = await start(source);
    try {
      await upload(server, '23456A');
      await upload(server, '23456A');
      await upload(server, '23456B');
      const backedUp = await npm('backup', [join(work, 'backups')], { DATA_DIR: source });
      const file = /backup written: (\S+)/.exec(backedUp.stdout)?.[1] as string;
      expect(existsSync(file)).toBe(true);

      const deletion = await fetch(`${server.url}/api/results?childCode=23456A`, {
        method: 'DELETE',
        headers: bearer,
      });
      expect(await deletion.json()).toEqual({ deleted: 2 });
      await stop(server);

      const restored = await npm('restore', [file], { DATA_DIR: target });
      expect(restored.stdout).toContain('Wiederhergestellt / restored: 3 Ergebnisse / results');
      expect(restored.stdout).toContain(
        `Deletion journal: not in the backup. Before starting the server with this DATA_DIR, copy the folder ${JOURNAL_FOLDER}/`,
      );
      // As docs/deploy.md says: the journal folder goes with the new DATA_DIR.
      cpSync(join(source, JOURNAL_FOLDER), join(target, JOURNAL_FOLDER), { recursive: true });

      server = await start(target);
      // The log (pino, written asynchronously) may come after the line that names the address.
      await expect
        .poll(() => server.output(), { timeout: 15_000 })
        .toContain(
          '2 results deleted before the restore of an older database were deleted again (deletion journal)',
        );
      expect(await count(server, '23456A')).toBe(0);
      expect(await count(server, '23456B')).toBe(1);
      // The child tested again after the deletion keeps the new result, across the next start too.
      await upload(server, '23456A');
      await stop(server);
      server = await start(target);
      expect(server.output()).not.toContain('deletion journal');
      expect(await count(server, '23456A')).toBe(1);
    } finally {
      await stop(server);
    }
  }, 300_000);

  // Root writes anywhere a mode forbids; an immutable folder refuses root too (as in startup.test.ts).
  it.skipIf(SKIP_POSTGRES || process.getuid?.() !== 0)(
    'with PostgreSQL, a DATA_DIR the server may not write stops the start and says which',
    async () => {
      const dataDir = join(work, 'immutable');
      mkdirSync(dataDir);
      expect(spawnSync('chattr', ['+i', dataDir]).status).toBe(0);
      try {
        const { code, output } = await runServerToExit({
          DATABASE_URL: TEST_DATABASE_URL,
          DATA_DIR: dataDir,
        });
        expect(code).toBe(1);
        expect(output).toContain(
          `Zähltest konnte nicht starten: Der Server darf in DATA_DIR nicht schreiben: ${dataDir}`,
        );
        expect(output).toContain(
          `Zähltest could not start: The server may not write to DATA_DIR: ${dataDir}`,
        );
      } finally {
        spawnSync('chattr', ['-i', dataDir]);
      }
    },
    60_000,
  );
});
