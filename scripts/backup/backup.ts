// `npm run backup [-- FOLDER]` (docs/deploy.md, backups): one file with every result, in FOLDER
// (default: backups/ in the Zähltest folder). PostgreSQL (DATABASE_URL): pg_dump's custom format,
// while the server runs. The embedded database (DATA_DIR): the PGlite folder as .tar.gz, copied
// by the running server itself (server/control-socket.ts) or, while it is stopped, from the files. The file is written under a temporary name and renamed when complete, and
// only its owner may read it (it holds birth dates). With BACKUP_RECIPIENT (a public age key) the file
// is encrypted to it (scripts/backup/age.ts) and only the encrypted one stays.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ControlError, controlSocketPath, requestBackup } from '../../server/control-socket.ts';
import { AGE_SUFFIX, backupRecipients, encryptFile } from './age.ts';
import { libpqConnection, OperatorError, ROOT, runPgTool, runTool, stamp, targetFromEnv } from './common.ts';
import { hasDatabase, tryLockForTool } from './pglite-lock.ts';

export async function backup(folder: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const target = targetFromEnv(env);
  // Checked before anything is written: a wrong key must not leave a plain file behind.
  const recipients = backupRecipients(env);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const name =
    target.kind === 'postgres' ? `zaehltest-postgres-${stamp()}.dump` : `zaehltest-pglite-${stamp()}.tar.gz`;
  const file = join(folder, name);
  const partial = `${file}.partial`;
  try {
    if (target.kind === 'postgres') {
      const { dbname, env: toolEnv } = libpqConnection(target.url);
      runPgTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, dbname],
        toolEnv,
      );
    } else {
      await backupEmbedded(target.dataDir, partial);
    }
    chmodSync(partial, 0o600);
    if (recipients.length === 0) {
      renameSync(partial, file);
      return file;
    }
    // Encrypted to BACKUP_RECIPIENT; the plain file is removed as soon as the encrypted one is whole.
    const encrypted = `${file}${AGE_SUFFIX}`;
    try {
      await encryptFile(partial, `${encrypted}.partial`, recipients);
      renameSync(`${encrypted}.partial`, encrypted);
    } finally {
      rmSync(`${encrypted}.partial`, { force: true });
    }
    return encrypted;
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Tars `folder`'s pglite/ into `file`, which then holds the layout `npm run restore` unpacks. */
function tarDatabase(folder: string, file: string): void {
  const tar = spawnSync('tar', ['-czf', file, '-C', folder, 'pglite'], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr || tar.error}`);
}

/** The embedded database into `partial`: from its files while no server runs, else through the server. */
async function backupEmbedded(dataDir: string, partial: string): Promise<void> {
  const unlock = await tryLockForTool(dataDir);
  if (!unlock) return backupThroughServer(dataDir, partial);
  try {
    if (!hasDatabase(dataDir)) {
      throw new OperatorError(
        `In DATA_DIR ${dataDir} ist keine Datenbank. DATA_DIR so setzen wie für den Server.`,
        `DATA_DIR ${dataDir} holds no database. Set DATA_DIR as for the server.`,
      );
    }
    tarDatabase(dataDir, partial);
  } finally {
    await unlock();
  }
}

/**
 * The running server's copy of its database (taken between two queries; uploads wait for it and
 * then go on). Its archive holds the database's files at the top; they are put under pglite/ as in a backup of
 * the stopped server, so both restore alike. The unpacked copy lives in a folder only this user
 * may read beside the backup, and is removed.
 */
async function backupThroughServer(dataDir: string, partial: string): Promise<void> {
  let archive: Uint8Array;
  try {
    archive = await requestBackup(dataDir);
  } catch (error) {
    if (!(error instanceof ControlError)) throw error;
    const socket = controlSocketPath(dataDir);
    const { failure } = error;
    if (failure.kind === 'forbidden') {
      throw new OperatorError(
        `Keine Berechtigung für ${socket}: als root (sudo) oder als Benutzer des Dienstes sichern.`,
        `No permission for ${socket}: back up as root (sudo) or as the service's user.`,
      );
    }
    if (failure.kind === 'absent') {
      throw new OperatorError(
        `Der Zähltest-Server läuft und benutzt DATA_DIR ${dataDir}, antwortet aber nicht auf ${socket} (eine ältere Version?). Dann den Server anhalten (sudo systemctl stop zaehltest), sichern und wieder starten; die Tablets senden solange später, nichts geht verloren.`,
        `The Zähltest server is running and uses DATA_DIR ${dataDir} but does not answer on ${socket} (an older version?). Stop the server (sudo systemctl stop zaehltest), back up and start it again; tablets send later meanwhile, nothing is lost.`,
      );
    }
    throw new OperatorError(
      `Der laufende Server konnte die Sicherung nicht erstellen: ${failure.message}`,
      `The running server could not make the backup: ${failure.message}`,
    );
  }
  const work = mkdtempSync(`${partial}-`);
  try {
    const received = join(work, 'server.tar');
    writeFileSync(received, archive, { mode: 0o600 });
    mkdirSync(join(work, 'pglite'), { mode: 0o700 });
    const tar = spawnSync('tar', ['-xf', received, '-C', join(work, 'pglite')], { encoding: 'utf8' });
    if (tar.status !== 0 || !hasDatabase(work)) {
      throw new Error(
        `the server's copy could not be unpacked: ${tar.stderr || tar.error || 'no PG_VERSION'}`,
      );
    }
    rmSync(received);
    tarDatabase(work, partial);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  runTool('Sicherung / Backup', async () => {
    const file = await backup(resolve(process.argv[2] || join(ROOT, 'backups')));
    console.log(`Sicherung geschrieben / backup written: ${file}`);
  });
}
