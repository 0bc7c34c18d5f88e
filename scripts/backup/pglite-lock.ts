import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from '../../server/db/data-dir-lock.ts';
import { OperatorError } from './common.ts';

/** Whether DATA_DIR holds a database (a PGlite cluster). */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * Takes DATA_DIR's lock, as the server does: a copy of the files is consistent only while no
 * server writes them, and a restore must not write under a running server. Resolves to undefined
 * when a running server holds it (a backup then goes through that server).
 */
export async function tryLockForTool(dataDir: string): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
    throw new OperatorError(`DATA_DIR ${dataDir} ist kein Ordner.`, `DATA_DIR ${dataDir} is not a folder.`);
  }
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ZAEHLTEST_DATA_DIR_IN_USE') throw error;
    return undefined;
  }
}

/** DATA_DIR's lock for a restore, which never writes into the folder of a running server. */
export async function lockForTool(dataDir: string): Promise<() => Promise<void>> {
  const unlock = await tryLockForTool(dataDir);
  if (unlock) return unlock;
  throw new OperatorError(
    `Der Zähltest-Server läuft und benutzt DATA_DIR ${dataDir}. Zurückgespielt wird nie in die Datenbank des laufenden Servers, sondern in einen neuen, leeren Ordner: DATA_DIR auf einen neuen Ordner setzen (z. B. /var/lib/zaehltest-probe).`,
    `The Zähltest server is running and uses DATA_DIR ${dataDir}. A backup is never restored into the running server's database, only into a new, empty folder: set DATA_DIR to a new folder (e.g. /var/lib/zaehltest-probe).`,
  );
}
