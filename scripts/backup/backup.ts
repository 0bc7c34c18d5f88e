// `npm run backup [-- FOLDER]` (docs/deploy.md, backups): one file with every result, in FOLDER
// (default: backups/ in the Zähltest folder). PostgreSQL (DATABASE_URL): pg_dump's custom format,
// while the server runs. The embedded database (DATA_DIR): the PGlite folder as .tar.gz, while the
// server is stopped. The file is written under a temporary name and renamed when complete, and
// only its owner may read it (it holds birth dates). With BACKUP_RECIPIENT (a public age key) the file
// is encrypted to it (scripts/backup/age.ts) and only the encrypted one stays.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AGE_SUFFIX, backupRecipients, encryptFile } from './age.ts';
import { libpqConnection, OperatorError, ROOT, runPgTool, runTool, stamp, targetFromEnv } from './common.ts';
import { hasDatabase, lockForTool } from './pglite-lock.ts';

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
      const unlock = await lockForTool(target.dataDir);
      try {
        if (!hasDatabase(target.dataDir)) {
          throw new OperatorError(
            `In DATA_DIR ${target.dataDir} ist keine Datenbank. DATA_DIR so setzen wie für den Server.`,
            `DATA_DIR ${target.dataDir} holds no database. Set DATA_DIR as for the server.`,
          );
        }
        const tar = spawnSync('tar', ['-czf', partial, '-C', target.dataDir, 'pglite'], { encoding: 'utf8' });
        if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr || tar.error}`);
      } finally {
        await unlock();
      }
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

const isMain = process.argv[1] && resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  runTool('Sicherung / Backup', async () => {
    const file = await backup(resolve(process.argv[2] || join(ROOT, 'backups')));
    console.log(`Sicherung geschrieben / backup written: ${file}`);
  });
}
