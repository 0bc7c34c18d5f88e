// `npm test`: every check the project has, in the order a failure is cheapest to read.
// `npm run test:fast` (`--fast`): the same checks without the browsers — type check, lint, content
// check, unit and component tests — for the loop of a change (docs/testing.md).
// Installs what the browser tests need first when it is missing: Debian's Chromium, Firefox ESR,
// WebKitGTK's WebDriver server (with MiniBrowser) and Xvfb for it, and poppler-utils for the PDF
// checks. WebKit needs an X display: tests/support/driver/webkit.ts starts its own Xvfb when
// $DISPLAY is unset, so this stays the one command.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['boundaries', 'npx', ['tsx', 'scripts/boundaries/check.ts']],
  ['content', 'npx', ['tsx', 'scripts/content/check.ts']],
  [
    'tests',
    'npx',
    [
      'vitest',
      'run',
      ...(fast ? ['--project', 'unit', '--project', 'time-zone', '--project', 'dom'] : []),
      ...vitestArgs,
    ],
  ],
];
const startedAt = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const stepStart = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds(Date.now() - stepStart)}`);
    process.exit(status ?? 1);
  }
  console.log(`✔ ${name} (${seconds(Date.now() - stepStart)})`);
}
console.log(
  `\n✔ ${fast ? 'npm run test:fast' : 'npm test'}: every step passed in ${seconds(Date.now() - startedAt)}`,
);
