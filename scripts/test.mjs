// `npm test`: every check the project has, in the order a failure is cheapest to read.
// Installs Debian's Chromium (and poppler-utils for the PDF checks) first when they are missing.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium) || !existsSync('/usr/bin/pdfinfo')) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium (${chromium}) or pdfinfo is missing: run  sudo apt-get install chromium poppler-utils`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium and poppler-utils for the browser tests …');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils',
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
  ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]],
];
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(status ?? 1);
  }
}
