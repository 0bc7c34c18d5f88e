import { spawnSync } from 'node:child_process';
import { basename, resolve } from 'node:path';
import type { DatabaseTarget } from '../../server/datenschutz/deployment.ts';
import { OperatorError } from '../../server/operator-error.ts';

/**
 * What `npm run backup` and `npm run restore` share (docs/deploy.md, backups): where the data is
 * (the server's own DATABASE_URL or DATA_DIR), messages in German and English, and running the
 * PostgreSQL client tools without putting the password on their command line.
 */

/** The Zähltest folder: two up from scripts/backup/, one up from the built dist-server/. */
export const ROOT = resolve(
  import.meta.dirname,
  basename(import.meta.dirname) === 'dist-server' ? '..' : '../..',
);

export type Target = DatabaseTarget;

/** The database the server uses: DATABASE_URL, else DATA_DIR (default: data/ in the Zähltest folder). */
export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): Target {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: resolve(env.DATA_DIR || resolve(ROOT, 'data')) };
}

export { OperatorError };

/** Runs `main`, printing an OperatorError as German and English lines and exiting 1. */
export function runTool(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof OperatorError) {
      console.error(`${name} fehlgeschlagen: ${error.de}\n${name} failed: ${error.en}`);
    } else {
      console.error(`${name} fehlgeschlagen / failed:`, error);
    }
    process.exit(1);
  });
}

/**
 * The URL for libpq tools without its password, and the environment that carries the password
 * instead (a command line is visible to every user of the machine). Node's `options` parameter
 * (e.g. a search_path) is understood by libpq too.
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

/** The URL as it may be shown: without the password. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

/** YYYY-MM-DD-HHMMSS in local time, for file names that sort by date. */
export function stamp(date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}-${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}

/** Runs a PostgreSQL client tool; a missing tool or a failure becomes an OperatorError. */
export function runPgTool(tool: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new OperatorError(
      `${tool} fehlt. Die PostgreSQL-Programme installieren: sudo apt-get install postgresql-client (Version wie der Server oder neuer).`,
      `${tool} is missing. Install the PostgreSQL client tools: sudo apt-get install postgresql-client (the server's version or newer).`,
    );
  }
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const output = result.stderr.trim();
    throw new OperatorError(
      `${tool} meldet einen Fehler:\n${output}`,
      `${tool} reports an error:\n${output}`,
    );
  }
}
