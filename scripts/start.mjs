// `npm start`: builds the app when dist/ is missing or older than its sources or build
// configuration, then runs the results server (server/main.ts), which serves the app and the API.
// When the build fails (a typo in a question file saved on the Kita's server), the last good build
// keeps being served, so a reboot never takes the test away: the build goes to a folder of its own
// and replaces dist/ only once it has succeeded, and broken question packs are never built.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
/** Where a build goes until it has succeeded. */
const NEXT_DIST = join(ROOT, 'node_modules', '.cache', 'zaehltest', 'dist-next');
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
  'auswertung.html',
  'verwaltung.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];

register();
const { buildConfig, passphraseProblem } = await import('./build-config.ts');
const { formatReport, loadContent, REAL_CONTENT } = await import('./content/load.ts');

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

/**
 * The access passphrase (docs/product.md, the access passphrase): ACCESS_PASSWORD when set, else the
 * one this server made at its first start, kept in DATA_DIR/access-passphrase (mode 600). A
 * passphrase the build would refuse (passphraseProblem) stops the start with its message.
 */
const DATA_DIR = resolve(process.env.DATA_DIR || join(ROOT, 'data'));
const PASSPHRASE_FILE = join(DATA_DIR, 'access-passphrase');
/** Letters and digits no one confuses when reading them off a screen (no 0/o, 1/l/i). */
const PASSPHRASE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function makePassphrase() {
  const groups = [];
  for (let g = 0; g < 4; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += PASSPHRASE_ALPHABET[randomInt(PASSPHRASE_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** Where the passphrase comes from: 'env', 'kept' (the file) or 'made' (now, into the file). */
function accessPassphrase() {
  if (process.env.ACCESS_PASSWORD) return { passphrase: process.env.ACCESS_PASSWORD, from: 'env' };
  if (existsSync(PASSPHRASE_FILE)) {
    return { passphrase: readFileSync(PASSPHRASE_FILE, 'utf8').trim(), from: 'kept' };
  }
  const passphrase = makePassphrase();
  try {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(PASSPHRASE_FILE, `${passphrase}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    console.error(
      `Zähltest konnte kein Passwort in ${PASSPHRASE_FILE} ablegen (${error.code ?? error.message}): DATA_DIR beschreibbar machen oder ACCESS_PASSWORD setzen.\n` +
        `Zähltest could not keep a passphrase in ${PASSPHRASE_FILE} (${error.code ?? error.message}): make DATA_DIR writable or set ACCESS_PASSWORD.`,
    );
    process.exit(1);
  }
  return { passphrase, from: 'made' };
}

const access = accessPassphrase();
const problem = passphraseProblem(access.passphrase);
if (problem) {
  console.error(access.from === 'env' ? problem : `${PASSPHRASE_FILE}:\n${problem}`);
  process.exit(1);
}
// The build (a child process) reads it from the environment, as `npm run build` does.
process.env.ACCESS_PASSWORD = access.passphrase;

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
    return 'ACCESS_PASSWORD, RESULT_ENDPOINT, CONSENT_REQUIRED oder Angaben des Elternbriefs (LETTER_…, RETENTION_MONTHS) geändert / changed';
  }
  const changed = SOURCES.find((source) => newestMtime(join(ROOT, source)) > stamp.mtimeMs);
  return changed ? `${changed} ist neuer als der Build / is newer than the build` : undefined;
}

// The salt of the last build stays (unless ACCESS_PASSWORD_SALT pins one): the same passphrase then
// gives the same configuration, so a restart does not rebuild, and the devices keep their unlock.
const salt = process.env.ACCESS_PASSWORD_SALT || readStamp()?.salt || randomBytes(16).toString('base64');
process.env.ACCESS_PASSWORD_SALT = salt;
// Only a hash of the configuration (the public verifier and endpoint) is stored, never the passphrase.
const configHash = createHash('sha256')
  .update(JSON.stringify(buildConfig(process.env)))
  .digest('hex');
if (access.from !== 'env') {
  // On a terminal the passphrase itself; in a log (a service) only where it is kept.
  const shown = process.stdout.isTTY ? `: ${access.passphrase}` : '';
  console.log(
    `Passwort des Zugangs${shown} (ACCESS_PASSWORD nicht gesetzt; steht in ${PASSPHRASE_FILE})\n` +
      `Passphrase of the access screen${shown} (ACCESS_PASSWORD not set; kept in ${PASSPHRASE_FILE})`,
  );
}
/** Renames, or copies when node_modules is on another disk (a mounted volume). */
function move(from, to) {
  try {
    renameSync(from, to);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

/** Builds into NEXT_DIST and swaps it in; returns why it failed, or undefined. */
function build() {
  // Broken packs are told as the content check tells them (file:line and what to do), not as a
  // bundler stack trace; the build would refuse them anyway.
  const { issues } = loadContent(REAL_CONTENT);
  if (issues.length > 0) {
    console.error(
      `\nDie Fragen-Dateien haben Fehler; die App wird nicht neu gebaut. / The question packs have problems; the app is not rebuilt:\n${formatReport(issues)}\n`,
    );
    return 'content';
  }
  rmSync(NEXT_DIST, { recursive: true, force: true });
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const { status } = spawnSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', NEXT_DIST, '--emptyOutDir'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (status !== 0) {
    console.error('Der Build ist fehlgeschlagen, siehe oben. / The build failed, see above.');
    return 'build';
  }
  const previous = `${DIST}.previous`;
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(DIST)) renameSync(DIST, previous);
  move(NEXT_DIST, DIST);
  rmSync(previous, { recursive: true, force: true });
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, JSON.stringify({ configHash, salt, builtAt: new Date().toISOString() }));
  return undefined;
}

const reason = staleReason(configHash);
if (reason) {
  console.log(`Baue die App (${reason}) … / Building the app …`);
  const failure = build();
  if (failure) {
    if (!existsSync(join(DIST, 'index.html'))) {
      console.error(
        'Es gibt keinen früheren Build, der laufen könnte. / There is no earlier build to serve.',
      );
      process.exit(1);
    }
    const builtAt = statSync(join(DIST, 'index.html')).mtime.toLocaleString('de-DE');
    const [todo, toDo] =
      failure === 'content'
        ? ['die Fehler oben beheben', 'fix the problems above']
        : ['den Build reparieren', 'fix the build'];
    console.error(
      `Zähltest startet mit dem letzten funktionierenden Build vom ${builtAt}; ${todo} und neu starten.\n` +
        `Zähltest starts with the last good build (${builtAt}); ${toDo} and restart.\n`,
    );
  }
}

await import('../server/main.ts');
