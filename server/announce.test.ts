import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir } from './testing/pglite-template.ts';

const MAIN = resolve(import.meta.dirname, 'main.ts');
const STARTUP_MS = 200_000;
const hasLan = Object.values(networkInterfaces())
  .flat()
  .some((net) => net && net.family === 'IPv4' && !net.internal);

/**
 * Starts the server with `env`, returns what it printed once it listens, and stops it. The wait is
 * generous: with a new embedded database a start took 8 s on an idle machine of two cores and over
 * 90 s once beside three browser files and a build (a CI rehearsal); the DATA_DIR is now a copy of
 * the run's migrated database (server/testing/pglite-template.ts).
 */
function announcement(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`no announcement within ${STARTUP_MS} ms:\n${output}`));
    }, STARTUP_MS);
    const onData = (data: Buffer) => {
      output += data.toString();
      if (!/Export: /.test(output)) return;
      clearTimeout(timer);
      child.once('exit', () => done(output));
      child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

describe.concurrent('the start-up announcement', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = freshDataDir('zaehltest-announce-');
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!hasLan)(
    'warns in German and English that tablets on the http addresses cannot work offline',
    async () => {
      const output = await announcement({ HOST: '0.0.0.0', DATA_DIR: dataDir() });
      expect(output).toMatch(/im Netzwerk \/ on the network: http:\/\/\d+\.\d+\.\d+\.\d+:\d+/);
      expect(output).toContain(
        'Achtung: Über diese http-Adressen laufen Tablets ohne Offline-Betrieb (kein HTTPS).',
      );
      expect(output).toContain('Warning: over these http addresses tablets cannot work offline');
      expect(output).toContain('docs/deploy.md');
    },
    STARTUP_MS + 20_000,
  );

  it(
    'stays quiet behind the HTTPS proxy (loopback only, TRUST_PROXY set)',
    async () => {
      const output = await announcement({ HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1', DATA_DIR: dataDir() });
      expect(output).toContain('Zähltest läuft auf http://127.0.0.1:');
      expect(output).not.toContain('Achtung');
    },
    STARTUP_MS + 20_000,
  );
});
