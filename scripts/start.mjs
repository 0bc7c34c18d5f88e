// `npm start`: builds the app when dist/ is missing or older than its sources or build
// configuration, then runs the results server (server/main.ts), which serves the app and the API.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
// Outside dist/, so the server never serves it.
const STAMP = join(ROOT, 'node_modules', '.cache', 'zaehltest', 'build-stamp.json');
/** Everything the build reads. Tests and fixtures are left out: they never reach the bundle. */
const SOURCES = [
  'src',
  'content',
  'schemas',
  'public',
  'scripts/content',
  'scripts/pwa',
  'scripts/build-config.ts',
  'index.html',
  'preview.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];

register();
const { buildConfig, DEFAULT_ACCESS_PASSWORD } = await import('./build-config.ts');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'fixtures') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function readStamp() {
  try {
    return { ...JSON.parse(readFileSync(STAMP, 'utf8')), mtimeMs: statSync(STAMP).mtimeMs };
  } catch {
    return undefined;
  }
}

/** Why dist/ must be rebuilt, or undefined when it is up to date. */
function staleReason(configHash) {
  if (!existsSync(join(DIST, 'index.html'))) return 'dist/ fehlt / is missing';
  const stamp = readStamp();
  if (!stamp) return 'kein Build-Stempel / no build stamp';
  if (stamp.configHash !== configHash) {
    return 'ACCESS_PASSWORD oder RESULT_ENDPOINT geändert / changed';
  }
  const changed = SOURCES.find((source) => newestMtime(join(ROOT, source)) > stamp.mtimeMs);
  return changed ? `${changed} ist neuer als der Build / is newer than the build` : undefined;
}

// Only a hash of the configuration is stored, never the passphrase.
const configHash = createHash('sha256')
  .update(JSON.stringify(buildConfig(process.env)))
  .digest('hex');
if (!process.env.ACCESS_PASSWORD) {
  console.log(
    `Hinweis: Standard-Passwort "${DEFAULT_ACCESS_PASSWORD}" aktiv – ACCESS_PASSWORD setzen. ` +
      `/ Note: default passphrase in use – set ACCESS_PASSWORD.`,
  );
}
const reason = staleReason(configHash);
if (reason) {
  console.log(`Baue die App (${reason}) … / Building the app …`);
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const { status } = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (status !== 0) {
    console.error('Der Build ist fehlgeschlagen, siehe oben. / The build failed, see above.');
    process.exit(status ?? 1);
  }
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, JSON.stringify({ configHash, builtAt: new Date().toISOString() }));
}

await import('../server/main.ts');
