// `npm test`: every check the project has, in the order a failure is cheapest to read.
// `npm run test:fast` (`--fast`): the same checks without the browsers — type check, lint, content
// check, unit and component tests — for the loop of a change (docs/testing.md).
// Installs what the browser tests need first when it is missing: Debian's Chromium, Firefox ESR,
// WebKitGTK's WebDriver server (with MiniBrowser) and Xvfb for it, and poppler-utils for the PDF
// checks. WebKit needs an X display: tests/support/driver/webkit.ts starts its own Xvfb when
// $DISPLAY is unset, so this stays the one command.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian package → a file it installs. */
const browserPackages = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  'firefox-esr': process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  'webkit2gtk-driver': process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
  xvfb: '/usr/bin/Xvfb',
  'poppler-utils': '/usr/bin/pdfinfo',
};
const fast = process.argv.includes('--fast');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--fast');
const missing = fast
  ? []
  : Object.entries(browserPackages)
      .filter(([, file]) => !existsSync(file))
      .map(([name]) => name);
if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(`Missing for the browser tests: run  sudo apt-get install ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} for the browser tests …`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
    },
  );
}

const checks = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['boundaries', 'npx', ['tsx', 'scripts/boundaries/check.ts']],
  ['content', 'npx', ['tsx', 'scripts/content/check.ts']],
];
const startedAt = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
for (const [name, cmd, args] of checks) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const stepStart = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds(Date.now() - stepStart)}`);
    process.exit(status ?? 1);
  }
  console.log(`✔ ${name} (${seconds(Date.now() - stepStart)})`);
}

const testsStart = Date.now();
const passed =
  fast || vitestArgs.length > 0
    ? runTests(fast ? ['--project', 'unit', '--project', 'time-zone', '--project', 'dom'] : vitestArgs)
    : await runTestsInParts();
const testsTime = seconds(Date.now() - testsStart);
if (!passed) {
  console.error(`\n✖ tests failed after ${testsTime}`);
  process.exit(1);
}
console.log(`✔ tests (${testsTime})`);
console.log(
  `\n✔ ${fast ? 'npm run test:fast' : 'npm test'}: every step passed in ${seconds(Date.now() - startedAt)}`,
);

/** One vitest run with these arguments (a file or a project given to `npm test`, or the fast loop). */
function runTests(args) {
  console.log(`\n▶ tests: npx vitest run ${args.join(' ')}`);
  return spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit' }).status === 0;
}

/**
 * Every test, in parts (docs/testing.md): `main`, every project but the two below, with all workers;
 * then the files that measure how long a flash stays on screen (`quiet`, one browser at a time) and,
 * beside them at the lowest CPU priority, the results server's tests (`server`), which use the core the
 * quiet browser leaves idle instead of competing with the main part. vitest.config.ts reads the part
 * from ZAEHLTEST_TEST_PART. The parts share one build of the app and merge their file times.
 */
async function runTestsInParts() {
  const work = mkdtempSync(join(tmpdir(), 'zaehltest-npm-test-'));
  const partEnv = (part) => ({
    ...process.env,
    ZAEHLTEST_TEST_PART: part,
    ZAEHLTEST_E2E_DIST: join(work, 'dist'),
    ZAEHLTEST_TIMES_PART_FILE: join(work, `${part}.json`),
  });
  try {
    console.log('\n▶ tests, main part: npx vitest run (every project but quiet and server)');
    const main = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit', env: partEnv('main') }).status;
    console.log('\n▶ tests, quiet part (flash timing) beside the server part (nice 19, its output after)');
    // The server part's output is held back and shown after the quiet part's, so neither is mixed.
    const server = spawn('nice', ['-n', '19', 'npx', 'vitest', 'run'], {
      env: partEnv('server'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const serverOutput = [];
    server.stdout.on('data', (chunk) => serverOutput.push(chunk));
    server.stderr.on('data', (chunk) => serverOutput.push(chunk));
    const serverDone = new Promise((done) => server.once('close', (code) => done(code)));
    const quiet = await new Promise((done) =>
      spawn('npx', ['vitest', 'run'], { stdio: 'inherit', env: partEnv('quiet') }).once('close', done),
    );
    const serverCode = await serverDone;
    console.log('\n▶ tests, server part (ran beside the quiet part)');
    process.stdout.write(Buffer.concat(serverOutput));
    const parts = ['main', 'quiet', 'server'].map((part) => join(work, `${part}.json`)).filter(existsSync);
    spawnSync(
      'npx',
      ['tsx', 'tests/support/merge-test-times.ts', String(Date.now() - testsStart), ...parts],
      {
        stdio: 'inherit',
      },
    );
    return main === 0 && quiet === 0 && serverCode === 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
