// `npm run restore -- FILE` (docs/deploy.md, backups): restores a file of `npm run backup` into an
// EMPTY database — a new PostgreSQL database (DATABASE_URL) or a new DATA_DIR — and reports how
// many results it holds. It never overwrites data: a target that holds tables is refused. The
// deletion journal (server/deletion-journal.ts) is not in a backup: it says where the journal must
// be, since the server's next start deletes again from it what was deleted since the backup.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import pg from 'pg';
import { openPgliteStore, openPostgresStore } from '../../server/db/index.ts';
import { JOURNAL_FOLDER } from '../../server/deletion-journal.ts';
import { AGE_SUFFIX, decryptFile } from './age.ts';
import {
  libpqConnection,
  OperatorError,
  runPgTool,
  runTool,
  shownUrl,
  type Target,
  targetFromEnv,
} from './common.ts';
import { hasDatabase, lockForTool } from './pglite-lock.ts';

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = ANY (current_schemas(false))`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into the (empty) database of `env`; resolves to the number of results in it. An
 * encrypted backup (.age) is opened with the key file BACKUP_IDENTITY names, into a folder only this
 * user may read, and that plain copy is removed afterwards.
 */
export async function restore(file: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (!existsSync(file))
    throw new OperatorError(`Die Datei ${file} gibt es nicht.`, `The file ${file} does not exist.`);
  if (!file.endsWith(AGE_SUFFIX)) return restorePlain(file, env);
  targetFromEnv(env);
  const folder = mkdtempSync(join(tmpdir(), 'zaehltest-restore-'));
  try {
    const plain = join(folder, basename(file, AGE_SUFFIX));
    await decryptFile(file, plain, env);
    return await restorePlain(plain, env);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function restorePlain(file: string, env: NodeJS.ProcessEnv): Promise<number> {
  const target = targetFromEnv(env);
  const isDump = file.endsWith('.dump');
  if (isDump !== (target.kind === 'postgres')) {
    throw new OperatorError(
      isDump
        ? 'Eine PostgreSQL-Sicherung (.dump) braucht DATABASE_URL der neuen, leeren Datenbank.'
        : 'Eine Sicherung der eingebauten Datenbank (.tar.gz) wird in einen DATA_DIR zurückgespielt; DATABASE_URL dafür nicht setzen.',
      isDump
        ? 'A PostgreSQL backup (.dump) needs DATABASE_URL of the new, empty database.'
        : 'A backup of the embedded database (.tar.gz) is restored into a DATA_DIR; leave DATABASE_URL unset for it.',
    );
  }
  if (target.kind === 'postgres') {
    if ((await tablesIn(target.url)) > 0) {
      throw new OperatorError(
        `Die Datenbank ${shownUrl(target.url)} ist nicht leer. Zurückgespielt wird nur in eine neue, leere Datenbank (sudo deploy/postgres-setup.sh ROLLE DATENBANK), nichts wird überschrieben.`,
        `The database ${shownUrl(target.url)} is not empty. Backups are restored into a new, empty database only (sudo deploy/postgres-setup.sh ROLE DATABASE); nothing is overwritten.`,
      );
    }
    const { dbname, env: toolEnv } = libpqConnection(target.url);
    runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        file,
      ],
      toolEnv,
    );
    const store = await openPostgresStore(target.url, { poolSize: 1 });
    try {
      return await store.count();
    } finally {
      await store.close();
    }
  }
  const { dataDir } = target;
  mkdirSync(dataDir, { recursive: true });
  const unlock = await lockForTool(dataDir);
  try {
    const pgdata = join(dataDir, 'pglite');
    if (hasDatabase(dataDir) || (existsSync(pgdata) && readdirSync(pgdata).length > 0)) {
      throw new OperatorError(
        `DATA_DIR ${dataDir} enthält schon eine Datenbank. Zurückgespielt wird nur in einen leeren Ordner; nichts wird überschrieben.`,
        `DATA_DIR ${dataDir} already holds a database. Backups are restored into an empty folder only; nothing is overwritten.`,
      );
    }
    const tar = spawnSync('tar', ['-xzf', file, '-C', dataDir, 'pglite'], { encoding: 'utf8' });
    if (tar.status !== 0) {
      rmSync(pgdata, { recursive: true, force: true });
      throw new OperatorError(
        `Die Datei ${file} ließ sich nicht entpacken (${tar.stderr.trim()}). Ist sie vollständig?`,
        `The file ${file} could not be unpacked (${tar.stderr.trim()}). Is it complete?`,
      );
    }
  } finally {
    await unlock();
  }
  const store = await openPgliteStore(dataDir);
  try {
    return await store.count();
  } finally {
    await store.close();
  }
}

/**
 * What the operator must do about the deletion journal after a restore into `target`, in German
 * and English (docs/deploy.md, backups): it is not in the backup and must be kept beside the
 * database the server then uses; its next start deletes again what was deleted since the backup.
 */
export function journalNote(target: Target): string {
  if (target.kind === 'postgres') {
    return (
      `Löschjournal: nicht in der Sicherung. Es bleibt im DATA_DIR des Servers (${JOURNAL_FOLDER}/, beim Dienst ` +
      `/var/lib/zaehltest/${JOURNAL_FOLDER}); nicht löschen. Der nächste Start des Servers auf dieser Datenbank ` +
      'löscht erneut, was seit der Sicherung nach Kind-Code oder Einsendungs-ID gelöscht wurde.\n' +
      `Deletion journal: not in the backup. It stays in the server's DATA_DIR (${JOURNAL_FOLDER}/, for the service ` +
      `/var/lib/zaehltest/${JOURNAL_FOLDER}); do not delete it. The server's next start on this database deletes ` +
      'again what was deleted by child code or submission id since the backup.'
    );
  }
  const folder = join(target.dataDir, JOURNAL_FOLDER);
  if (existsSync(join(folder, 'deletions.jsonl'))) {
    return (
      `Löschjournal: ${folder} ist da; der nächste Start des Servers mit diesem DATA_DIR löscht erneut, was seit der Sicherung gelöscht wurde.\n` +
      `Deletion journal: ${folder} is there; the server's next start with this DATA_DIR deletes again what was deleted since the backup.`
    );
  }
  return (
    `Löschjournal: nicht in der Sicherung. Vor dem Start des Servers mit diesem DATA_DIR den Ordner ${JOURNAL_FOLDER}/ ` +
    `aus dem bisherigen DATA_DIR hierher kopieren (beim Dienst: sudo cp -a /var/lib/zaehltest/${JOURNAL_FOLDER} ${folder}); dann ` +
    'löscht der Start erneut, was seit der Sicherung nach Kind-Code oder Einsendungs-ID gelöscht wurde.\n' +
    `Deletion journal: not in the backup. Before starting the server with this DATA_DIR, copy the folder ${JOURNAL_FOLDER}/ ` +
    `of the previous DATA_DIR here (for the service: sudo cp -a /var/lib/zaehltest/${JOURNAL_FOLDER} ${folder}); the start then deletes ` +
    'again what was deleted by child code or submission id since the backup.'
  );
}

const isMain = process.argv[1] && resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  runTool('Wiederherstellung / Restore', async () => {
    const file = process.argv[2];
    if (!file) {
      throw new OperatorError('Aufruf: npm run restore -- DATEI', 'Usage: npm run restore -- FILE');
    }
    const count = await restore(resolve(file));
    console.log(`Wiederhergestellt / restored: ${count} Ergebnisse / results`);
    console.log(journalNote(targetFromEnv()));
  });
}
