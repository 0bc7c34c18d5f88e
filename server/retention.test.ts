// RETENTION_MONTHS at start (docs/privacy.md, docs/operation.md): a bad value stops the start with a
// German and English message; a good one is announced as the rule, with the count of the pass at start.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RETENTION_MONTHS,
  retentionAnnouncement,
  retentionMonthsFromEnv,
  startRetention,
} from './retention.ts';
import { storeBackends } from './testing/backends.ts';
import { makeResearchPayload } from './testing/payload.ts';
import { freshDataDir } from './testing/pglite-template.ts';
import { runServerToExit } from './testing/server-process.ts';

const MAIN = resolve(import.meta.dirname, 'main.ts');
const STARTUP_MS = 120_000;

/** What the server prints until its retention line, then stops it. */
function outputUntilRetention(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`no retention line within ${STARTUP_MS} ms:\n${output}`));
    }, STARTUP_MS);
    const onData = (data: Buffer) => {
      output += data.toString();
      if (!/Aufbewahrung \/ retention: .*\n/.test(output)) return;
      clearTimeout(timer);
      child.once('exit', () => done(output));
      child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

describe('RETENTION_MONTHS', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = freshDataDir('zaehltest-retention-');
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is a whole number of at least one month, 60 when unset or empty', () => {
    expect(retentionMonthsFromEnv({})).toBe(DEFAULT_RETENTION_MONTHS);
    expect(retentionMonthsFromEnv({ RETENTION_MONTHS: '' })).toBe(60);
    expect(retentionMonthsFromEnv({ RETENTION_MONTHS: '36' })).toBe(36);
    for (const bad of ['0', '-12', '1.5', 'sechzig', '60 Monate']) {
      expect(() => retentionMonthsFromEnv({ RETENTION_MONTHS: bad })).toThrow(
        `RETENTION_MONTHS muss eine ganze Zahl ≥ 1 sein / must be a whole number ≥ 1, got "${bad}"`,
      );
    }
  });

  it('stops the start on a bad value, saying so in German and English without a stack trace', async () => {
    const { code, output } = await runServerToExit({ DATA_DIR: dataDir(), RETENTION_MONTHS: '0' });
    expect(code).not.toBe(0);
    expect(output).toContain(
      'Zähltest konnte nicht starten: RETENTION_MONTHS muss eine ganze Zahl ≥ 1 sein / must be a whole number ≥ 1, got "0"',
    );
    expect(output).toContain('Zähltest could not start: RETENTION_MONTHS');
    expect(output).not.toMatch(/^\s+at /m);
  }, 90_000);

  it('is announced at start as the rule, after the other lines, with what the pass at start deleted', async () => {
    const output = await outputUntilRetention({ DATA_DIR: dataDir(), RETENTION_MONTHS: '36' });
    expect(output).toContain(retentionAnnouncement(36, 0));
    expect(output).toContain(
      'Aufbewahrung / retention: Ergebnisse 36 Monate nach dem letzten Test ihres Kind-Codes',
    );
    expect(output.indexOf('Aufbewahrung')).toBeGreaterThan(output.indexOf('Export: '));
  }, 150_000);
});

describe.each(storeBackends)('the deletion at start on $name', (backend) => {
  it.skipIf(backend.skip)(
    'logs how many results it deleted at warn, the default level, and records it in the Protokoll, without the code',
    async () => {
      const { store, cleanup } = await backend.open();
      try {
        await store.insertResult(
          makeResearchPayload({ overrides: { testDate: '2015-06-01', childCode: 'ALT234' } }),
        );
        await store.insertResult(
          makeResearchPayload({ overrides: { testDate: '2015-06-02', childCode: 'ALT234' } }),
        );
        const warnings: [unknown, string][] = [];
        const log = {
          warn: (details: unknown, message: string) => warnings.push([details, message]),
          error: () => {},
        } as unknown as Parameters<typeof startRetention>[1]['log'];
        const retention = startRetention(store, { log, announce: false, env: {} });
        await retention?.stop();
        expect(await store.count()).toBe(0);
        expect(warnings).toEqual([
          [
            { deleted: 2, retentionMonths: 60 },
            '2 results past the retention period (RETENTION_MONTHS=60) were deleted',
          ],
        ]);
        expect(JSON.stringify(warnings)).not.toContain('ALT234');
        // The Protokoll records it too (docs/product.md §46), without the code.
        const entries = await store.research?.protokoll({});
        expect(entries?.map(({ kind, actor, count, detail }) => ({ kind, actor, count, detail }))).toEqual([
          {
            kind: 'retention',
            actor: 'Server (Aufbewahrungsfrist)',
            count: 2,
            detail: 'Aufbewahrungsfrist abgelaufen (RETENTION_MONTHS=60)',
          },
        ]);
      } finally {
        await store.close();
        await cleanup();
      }
    },
    120_000,
  );
});
