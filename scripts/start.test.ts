import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
/** What `npm start` reads: sources, content, the server and the build configuration. */
const COPIED = [
  'src',
  'content',
  'schemas',
  'public',
  'scripts',
  'server',
  'index.html',
  'preview.html',
  'auswertung.html',
  'verwaltung.html',
  'sprachen.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/**
 * A copy of the project to break content in: the repository's own files stay untouched. Its
 * node_modules links each installed package but is a folder of its own, so the build stamp and
 * Vite's caches of the copy never touch the project's.
 */
function copyProject(): string {
  const copy = mkdtempSync(join(tmpdir(), 'zaehltest-start-'));
  for (const entry of COPIED) {
    cpSync(join(ROOT, entry), join(copy, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${join(ROOT, 'scripts')}/`) || !source.includes('/fixtures'),
    });
  }
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry.startsWith('.')) continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(copy, 'node_modules', entry));
  }
  return copy;
}

interface Started {
  child: ChildProcess;
  url?: string;
  code?: number | null;
  output: string;
}

/**
 * Runs `npm start` (scripts/start.mjs) in `cwd` until it listens or exits; without ACCESS_PASSWORD
 * unless `env` sets it.
 */
function start(cwd: string, dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const { ACCESS_PASSWORD: _none, ...inherited } = process.env;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd,
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const result: Started = { child, output: '' };
  return new Promise((done) => {
    const onData = (data: Buffer) => {
      result.output += data.toString();
      const match = /läuft auf (http:\/\/127\.0\.0\.1:\d+)/.exec(result.output);
      if (match && !result.url) {
        result.url = match[1];
        done(result);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      result.code = code;
      done(result);
    });
  });
}

async function stop(started: Started): Promise<void> {
  if (started.child.exitCode !== null) return;
  const exited = new Promise((done) => started.child.once('exit', done));
  started.child.kill('SIGTERM');
  await exited;
}

describe('npm start with a broken question file', () => {
  const copy = copyProject();
  const dataDir = mkdtempSync(join(tmpdir(), 'zaehltest-start-data-'));
  const running: Started[] = [];
  afterAll(async () => {
    for (const started of running) await stop(started);
    rmSync(copy, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the last good build, names the problem without a stack trace, and builds nothing broken', async () => {
    const good = await start(copy, dataDir);
    running.push(good);
    expect(good.url, good.output).toBeDefined();
    const builtPage = readFileSync(join(copy, 'dist', 'index.html'), 'utf8');
    expect(await (await fetch(`${good.url}/`)).text()).toBe(builtPage);
    await stop(good);

    // Without ACCESS_PASSWORD the first start made a passphrase of its own and keeps it in DATA_DIR,
    // readable by the server's user only; a log (no terminal) names the file, never the passphrase.
    const kept = join(dataDir, 'access-passphrase');
    const passphrase = readFileSync(kept, 'utf8').trim();
    expect(passphrase).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){3}$/);
    expect(statSync(kept).mode & 0o777).toBe(0o600);
    expect(good.output).toContain(
      `Passphrase of the access screen (ACCESS_PASSWORD not set; kept in ${kept})`,
    );
    expect(good.output).not.toContain(passphrase);
    // A restart with nothing changed serves the same build: the same passphrase and salt.
    const again = await start(copy, dataDir);
    running.push(again);
    expect(again.url, again.output).toBeDefined();
    expect(again.output).not.toContain('Baue die App');
    expect(readFileSync(kept, 'utf8').trim()).toBe(passphrase);
    expect(readFileSync(join(copy, 'dist', 'index.html'), 'utf8')).toBe(builtPage);
    await stop(again);

    // An author saves a typo: a field name misspelt in the first question.
    const file = join(copy, 'content', 'questions', '01-count-and-forgotten.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('correctAnswer: 4', 'corectAnswer: 4'));
    const broken = await start(copy, dataDir);
    running.push(broken);
    expect(broken.url, broken.output).toBeDefined();
    expect(broken.output).toContain('The question packs have problems; the app is not rebuilt');
    expect(broken.output).toMatch(/01-count-and-forgotten\.yaml:\d+:\d+/);
    expect(broken.output).toContain('corectAnswer');
    expect(broken.output).toContain('Zähltest startet mit dem letzten funktionierenden Build');
    expect(broken.output).toContain('Zähltest starts with the last good build');
    expect(broken.output).not.toMatch(/^\s+at /m);
    expect(readFileSync(join(copy, 'dist', 'index.html'), 'utf8')).toBe(builtPage);
    const page = await fetch(`${broken.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(builtPage);
    await stop(broken);

    // Without an earlier build there is nothing to serve: the start fails, with the same report.
    rmSync(join(copy, 'dist'), { recursive: true, force: true });
    const nothing = await start(copy, dataDir);
    running.push(nothing);
    expect(nothing.url).toBeUndefined();
    expect(nothing.code).toBe(1);
    expect(nothing.output).toMatch(/01-count-and-forgotten\.yaml:\d+:\d+/);
    expect(nothing.output).toContain('There is no earlier build to serve');
    expect(existsSync(join(copy, 'dist'))).toBe(false);
  }, 400_000);
});

describe('npm start with a passphrase a build refuses', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaehltest-start-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("stops before building, naming ACCESS_PASSWORD: the public 'zaehltest' and one shorter than 12", async () => {
    for (const [password, why] of [
      ['zaehltest', 'is the public passphrase "zaehltest"'],
      ['kurz', 'is shorter than 12 characters'],
    ] as const) {
      const refused = await start(ROOT, dataDir, { ACCESS_PASSWORD: password });
      expect(refused.url).toBeUndefined();
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`ACCESS_PASSWORD ${why}: the app is not built`);
      expect(refused.output).not.toContain('Baue die App');
      expect(refused.output).not.toMatch(/^\s+at /m);
    }
  }, 60_000);
});
