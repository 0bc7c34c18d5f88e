import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';

/** The server the PostgreSQL tests use; `.ci/run` creates this role and database. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL || 'postgres://zaehltest:zaehltest@127.0.0.1:5432/zaehltest_test';

/** Set SKIP_POSTGRES_TESTS=1 to run without a PostgreSQL server (the tests then report as skipped). */
export const SKIP_POSTGRES = process.env.SKIP_POSTGRES_TESTS === '1';

async function canConnect(url: string): Promise<Error | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error as Error;
  } finally {
    await client.end().catch(() => {});
  }
}

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'pipe', timeout: 60_000 });
}

/**
 * On a Debian machine where we are root and the URL points to this host, starts the local
 * cluster and creates the test role and database when they are missing.
 */
function startLocalPostgres(url: URL): void {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const version = versions.at(-1);
  if (!version) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  if (process.getuid?.() !== 0) throw new Error('PostgreSQL is not running and only root may start it here');
  try {
    run('pg_ctlcluster', [version, 'main', 'start']);
  } catch {
    // Already running, or not startable: the connection attempt that follows reports the problem.
  }
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const database = url.pathname.slice(1);
  if (!/^\w+$/.test(user) || !/^\w+$/.test(database) || password.includes("'")) {
    throw new Error('TEST_DATABASE_URL must use a plain role and database name to be created automatically');
  }
  const psql = (sql: string) =>
    run('runuser', ['-u', 'postgres', '--', 'psql', '-v', 'ON_ERROR_STOP=1', '-tAc', sql]);
  psql(
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${user}') THEN CREATE ROLE ${user} LOGIN PASSWORD '${password}'; END IF; END $$`,
  );
  try {
    psql(`CREATE DATABASE ${database} OWNER ${user}`);
  } catch {
    // exists already
  }
}

let prepared: Promise<string> | undefined;

/**
 * Returns TEST_DATABASE_URL once a server answers there, starting the local one if needed.
 * Fails with a message that says what to do, never with a bare ECONNREFUSED.
 */
export function preparePostgres(): Promise<string> {
  prepared ??= (async () => {
    let error = await canConnect(TEST_DATABASE_URL);
    if (!error) return TEST_DATABASE_URL;
    const url = new URL(TEST_DATABASE_URL);
    if (['127.0.0.1', 'localhost', '::1'].includes(url.hostname)) {
      try {
        startLocalPostgres(url);
        error = await canConnect(TEST_DATABASE_URL);
        if (!error) return TEST_DATABASE_URL;
      } catch (startError) {
        error = startError as Error;
      }
    }
    url.password = url.password ? '***' : '';
    throw new Error(
      `The PostgreSQL tests need a server at ${url} (${error?.message}). ` +
        'Install and start it (apt-get install postgresql && pg_ctlcluster 15 main start; .ci/run does this), ' +
        'set TEST_DATABASE_URL, or set SKIP_POSTGRES_TESTS=1 to skip them.',
    );
  })();
  return prepared;
}

/** A fresh schema for one test file, so runs never see each other's rows; dropped afterwards. */
export async function createTestSchema(url: string): Promise<{
  schema: string;
  /** The URL with this schema as search_path, for a server process started by a test. */
  url: string;
  drop(): Promise<void>;
}> {
  const schema = `zt_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: withSchema.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}
