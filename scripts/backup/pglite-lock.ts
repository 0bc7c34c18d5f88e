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
 * server writes them, and a restore must not write under a running server.
 */
export async function lockForTool(dataDir: string): Promise<() => Promise<void>> {
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
    throw new OperatorError(`DATA_DIR ${dataDir} ist kein Ordner.`, `DATA_DIR ${dataDir} is not a folder.`);
  }
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ZAEHLTEST_DATA_DIR_IN_USE') throw error;
    throw new OperatorError(
      `Der Zähltest-Server läuft und benutzt DATA_DIR ${dataDir}. Die eingebaute Datenbank lässt sich nur bei angehaltenem Server sichern: sudo systemctl stop zaehltest, dann sichern, dann sudo systemctl start zaehltest (die Tablets senden solange später, nichts geht verloren). Mit PostgreSQL (DATABASE_URL) geht es im laufenden Betrieb.`,
      `The Zähltest server is running and uses DATA_DIR ${dataDir}. The embedded database can only be backed up while the server is stopped: sudo systemctl stop zaehltest, back up, then sudo systemctl start zaehltest (tablets send later meanwhile; nothing is lost). With PostgreSQL (DATABASE_URL) it works while running.`,
    );
  }
}
