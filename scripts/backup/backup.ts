// `npm run backup [-- FOLDER]` (docs/deploy.md, backups): one file with every result, in FOLDER
// (default: backups/ in the Zähltest folder). PostgreSQL (DATABASE_URL): pg_dump's custom format,
// while the server runs. The embedded database (DATA_DIR): the PGlite folder as .tar.gz, while the
// server is stopped. The file is written under a temporary name and renamed when complete, and
// only its owner may read it (it holds birth dates).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { libpqConnection, OperatorError, ROOT, runPgTool, runTool, stamp, targetFromEnv } from './common.ts';
import { hasDatabase, lockForTool } from './pglite-lock.ts';

export async function backup(folder: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const target = targetFromEnv(env);
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
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return file;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  runTool('Sicherung / Backup', async () => {
    const file = await backup(resolve(process.argv[2] || join(ROOT, 'backups')));
    console.log(`Sicherung geschrieben / backup written: ${file}`);
  });
}
