import { accessSync, constants, mkdirSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Start-up failures in words an operator can act on, in German and English: what is wrong and
 * what to do. PGlite itself reports a full disk as `Aborted()` and unwritable files as `PGlite
 * failed to initialize properly`, so DATA_DIR is checked directly, before and after opening it.
 */

/** A fresh database needs about 40 MB; less than this free and its creation fails halfway. */
const MIN_FREE_BYTES_NEW = 64 * 1024 * 1024;
const PROBE_BYTES = 1024 * 1024;

export type DataDirProblem =
  | { kind: 'not-writable'; path: string; code: string }
  | { kind: 'disk-full'; freeBytes: number | undefined }
  | { kind: 'not-a-folder'; path: string };

const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);
const FULL = new Set(['ENOSPC', 'EDQUOT']);

function freeBytes(dir: string): number | undefined {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

function classify(error: unknown, path: string, dir: string): DataDirProblem | undefined {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (NOT_WRITABLE.has(code)) return { kind: 'not-writable', path, code };
  if (FULL.has(code)) return { kind: 'disk-full', freeBytes: freeBytes(dir) };
  if (code === 'ENOTDIR' || code === 'EEXIST') return { kind: 'not-a-folder', path };
  return undefined;
}

/** The database files under `dir` the process may not write (a folder copied as another user). */
function firstUnwritable(dir: string, limit = 5000): string | undefined {
  const pending = [dir];
  let seen = 0;
  while (pending.length > 0 && seen < limit) {
    const current = pending.pop() as string;
    let entries: import('node:fs').Dirent[];
    try {
      accessSync(current, constants.W_OK);
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return current;
    }
    for (const entry of entries) {
      seen += 1;
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) {
        try {
          accessSync(path, constants.W_OK);
        } catch {
          return path;
        }
      }
    }
  }
  return undefined;
}

/** An error that carries the DATA_DIR problem found before the database was opened. */
export function dataDirError(problem: DataDirProblem): Error {
  return Object.assign(new Error(`DATA_DIR: ${problem.kind}`), { dataDirProblem: problem });
}

/** Checks that the server can create, write and fill files in DATA_DIR; undefined when it can. */
export function checkDataDir(dataDir: string): DataDirProblem | undefined {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    return (
      classify(error, dataDir, dataDir) ?? {
        kind: 'not-writable',
        path: dataDir,
        code: String((error as NodeJS.ErrnoException).code),
      }
    );
  }
  const probe = join(dataDir, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, Buffer.alloc(PROBE_BYTES), { flush: true });
  } catch (error) {
    const problem = classify(error, dataDir, dataDir);
    if (problem) return problem;
    throw error;
  } finally {
    rmSync(probe, { force: true });
  }
  const pgdata = join(dataDir, 'pglite');
  const unwritable = firstUnwritable(pgdata);
  if (unwritable && unwritable !== pgdata) return { kind: 'not-writable', path: unwritable, code: 'EACCES' };
  let isNew = true;
  try {
    isNew = !readdirSync(pgdata).includes('PG_VERSION');
  } catch {
    // no database yet
  }
  const free = freeBytes(dataDir);
  if (isNew && free !== undefined && free < MIN_FREE_BYTES_NEW) return { kind: 'disk-full', freeBytes: free };
  return undefined;
}

function megabytes(bytes: number | undefined): string {
  return bytes === undefined ? '?' : `${Math.floor(bytes / (1024 * 1024))} MB`;
}

export function describeDataDirProblem(problem: DataDirProblem, dataDir: string): { de: string; en: string } {
  switch (problem.kind) {
    case 'not-writable':
      return {
        de: `Der Server darf in DATA_DIR nicht schreiben: ${problem.path} (${problem.code}). Dem Benutzer, unter dem der Server läuft, Schreibrechte auf ${dataDir} geben (z. B. chown -R), oder DATA_DIR auf einen beschreibbaren Ordner setzen.`,
        en: `The server may not write to DATA_DIR: ${problem.path} (${problem.code}). Give the user the server runs as write access to ${dataDir} (e.g. chown -R), or set DATA_DIR to a writable folder.`,
      };
    case 'disk-full':
      return {
        de: `Der Datenträger von DATA_DIR ${dataDir} ist voll (${megabytes(problem.freeBytes)} frei). Platz schaffen oder DATA_DIR auf einen Datenträger mit mindestens 100 MB freiem Platz legen.`,
        en: `The disk holding DATA_DIR ${dataDir} is full (${megabytes(problem.freeBytes)} free). Free some space, or move DATA_DIR to a disk with at least 100 MB free.`,
      };
    case 'not-a-folder':
      return {
        de: `DATA_DIR ${dataDir} ist kein Ordner: ${problem.path} ist eine Datei. DATA_DIR auf einen Ordner setzen.`,
        en: `DATA_DIR ${dataDir} is not a folder: ${problem.path} is a file. Set DATA_DIR to a folder.`,
      };
  }
}

export interface StartupContext {
  port: number;
  host: string;
  /** Set when the embedded database is used. */
  dataDir?: string;
  /** Set when PostgreSQL is used (DATABASE_URL); its password is never shown. */
  databaseUrl?: string;
}

/** German and English lines for an error that stopped the start. */
export function explainStartupError(error: unknown, context: StartupContext): { de: string; en: string } {
  const { code, message } = error as NodeJS.ErrnoException;
  const problem = (error as { dataDirProblem?: DataDirProblem }).dataDirProblem;
  if (problem && context.dataDir) return describeDataDirProblem(problem, context.dataDir);
  if (code === 'EADDRINUSE') {
    return {
      de: `Port ${context.port} ist schon belegt (läuft Zähltest schon?). Das andere Programm beenden oder einen anderen Port wählen, z. B. PORT=${context.port + 1} npm start.`,
      en: `Port ${context.port} is already in use (is Zähltest already running?). Stop the other program or choose another port, e.g. PORT=${context.port + 1} npm start.`,
    };
  }
  if (code === 'EACCES' && /listen/.test(message)) {
    return {
      de: `Keine Berechtigung für Port ${context.port} (Ports unter 1024 brauchen Administratorrechte). Einen Port ab 1024 wählen, z. B. PORT=8080.`,
      en: `No permission to use port ${context.port} (ports below 1024 need administrator rights). Choose a port from 1024 up, e.g. PORT=8080.`,
    };
  }
  if (code === 'EADDRNOTAVAIL') {
    return {
      de: `Die Adresse HOST=${context.host} gibt es auf diesem Rechner nicht. HOST weglassen (alle Adressen) oder eine Adresse dieses Rechners angeben.`,
      en: `The address HOST=${context.host} does not exist on this machine. Leave HOST unset (all addresses) or give one of this machine's addresses.`,
    };
  }
  if (code === 'ZAEHLTEST_DATA_DIR_IN_USE') {
    const { dataDir, owner } = error as { dataDir: string; owner: string };
    const prozess = owner.startsWith('process ')
      ? owner.replace('process', 'Prozess')
      : 'einem anderen Prozess';
    return {
      de: `DATA_DIR ${dataDir} wird schon von ${prozess} benutzt (läuft Zähltest schon?). Den anderen Server beenden, oder diesem einen eigenen DATA_DIR geben.`,
      en: message,
    };
  }
  if (context.databaseUrl) {
    const explained = describePostgresProblem(error, context.databaseUrl);
    if (explained) return explained;
  }
  if (context.dataDir) {
    const problem = checkDataDir(context.dataDir);
    if (problem) return describeDataDirProblem(problem, context.dataDir);
  }
  return { de: message, en: message };
}

/** Host, port, database and role of a DATABASE_URL, for messages (never the password). */
function describeDatabaseUrl(databaseUrl: string): { where: string; role: string; database: string } {
  try {
    const url = new URL(databaseUrl);
    const role = decodeURIComponent(url.username) || process.env.PGUSER || process.env.USER || '?';
    const database = decodeURIComponent(url.pathname.slice(1)) || role;
    return { where: `${url.hostname || 'localhost'}:${url.port || '5432'}`, role, database };
  } catch {
    return { where: '?', role: '?', database: '?' };
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** SQLSTATEs of a refused login: wrong password, no pg_hba.conf entry, unknown role. */
const LOGIN_REFUSED = new Set(['28P01', '28000']);

/**
 * PostgreSQL start-up failures (docs/deploy.md, PostgreSQL): the server cannot be reached, refuses
 * the login, has no such database, lacks privileges, or disagrees on SSL. Undefined for others.
 */
export function describePostgresProblem(
  error: unknown,
  databaseUrl: string,
): { de: string; en: string } | undefined {
  const { where, role, database } = describeDatabaseUrl(databaseUrl);
  const { code, message = '' } = (error ?? {}) as { code?: string; message?: string };
  const guide = 'docs/deploy.md';
  if ((code && UNREACHABLE.has(code)) || /timeout|Connection terminated unexpectedly/i.test(message)) {
    return {
      de: `Die PostgreSQL-Datenbank unter ${where} ist nicht erreichbar (${code ?? message}). Prüfen, ob PostgreSQL läuft (systemctl status postgresql) und ob Rechnername und Port in DATABASE_URL stimmen; siehe ${guide}, Abschnitt PostgreSQL.`,
      en: `The PostgreSQL database at ${where} cannot be reached (${code ?? message}). Check that PostgreSQL is running (systemctl status postgresql) and that host and port in DATABASE_URL are right; see ${guide}, section PostgreSQL.`,
    };
  }
  if (code && LOGIN_REFUSED.has(code)) {
    return {
      de: `PostgreSQL unter ${where} lehnt die Anmeldung als Rolle „${role}“ ab (${message}). Benutzername und Passwort in DATABASE_URL prüfen, oder die Rolle anlegen: sudo deploy/postgres-setup.sh (${guide}, Abschnitt PostgreSQL).`,
      en: `PostgreSQL at ${where} refuses the login as role "${role}" (${message}). Check user name and password in DATABASE_URL, or create the role: sudo deploy/postgres-setup.sh (${guide}, section PostgreSQL).`,
    };
  }
  if (code === '3D000') {
    return {
      de: `Die Datenbank „${database}“ gibt es auf ${where} nicht. Sie anlegen (sudo deploy/postgres-setup.sh, ${guide}) oder den Namen in DATABASE_URL berichtigen.`,
      en: `The database "${database}" does not exist on ${where}. Create it (sudo deploy/postgres-setup.sh, ${guide}) or correct its name in DATABASE_URL.`,
    };
  }
  if (code === '42501') {
    return {
      de: `Die Rolle „${role}“ hat in der Datenbank „${database}“ nicht die nötigen Rechte (${message}). Die Datenbank der Rolle gehören lassen: sudo -u postgres psql -c 'ALTER DATABASE "${database}" OWNER TO "${role}"' (${guide}, Abschnitt PostgreSQL).`,
      en: `The role "${role}" lacks the privileges it needs in the database "${database}" (${message}). Make the role the database's owner: sudo -u postgres psql -c 'ALTER DATABASE "${database}" OWNER TO "${role}"' (${guide}, section PostgreSQL).`,
    };
  }
  if (/does not support SSL|SSL.*(required|off)|self[- ]signed certificate|certificate/i.test(message)) {
    return {
      de: `Verschlüsselung (SSL) zwischen Zähltest und PostgreSQL unter ${where} passt nicht zusammen (${message}). sslmode in DATABASE_URL anpassen: ohne SSL auf demselben Rechner sslmode=disable, sonst sslmode=require mit einem Zertifikat des Servers (${guide}).`,
      en: `Encryption (SSL) between Zähltest and PostgreSQL at ${where} does not match (${message}). Adjust sslmode in DATABASE_URL: on the same machine without SSL sslmode=disable, otherwise sslmode=require with a server certificate (${guide}).`,
    };
  }
  return undefined;
}
