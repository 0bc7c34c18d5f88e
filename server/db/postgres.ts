import { createHash } from 'node:crypto';
import pg from 'pg';
import { migrate } from './migrate.ts';
import { createResultStore } from './result-store.ts';
import type { ResultStore } from './types.ts';

export interface PostgresStoreOptions {
  /** Connections per server process. */
  poolSize?: number;
  /**
   * Insert batches written at once per process. Few and large beats many and small: each batch
   * is one statement and one commit, so on a 2-core machine 2 gives about twice the results/s
   * of 10. More helps only with a PostgreSQL server on its own, larger machine.
   */
  writeConcurrency?: number;
}

/** A real PostgreSQL server (DATABASE_URL): for several server processes sharing one database. */
export async function openPostgresStore(
  connectionString: string,
  options: PostgresStoreOptions = {},
): Promise<ResultStore> {
  const poolSize = options.poolSize ?? 10;
  // A schema other than `public` comes with the URL: `?options=-c%20search_path%3Dname`.
  // A server that does not answer (a wrong address, a firewall) fails the start within seconds
  // rather than after the system's TCP timeout of about two minutes.
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    try {
      await migrate({
        async query<Row>(text: string, params?: unknown[]) {
          return (await client.query(text, params)).rows as Row[];
        },
        async exec(script: string) {
          await client.query(script);
        },
      });
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return createResultStore({
    kind: 'postgres',
    db: {
      async query<Row>(text: string, params?: unknown[]) {
        // Named, so each connection parses and plans a statement once (about +25 % results/s).
        return (await pool.query({ name: statementName(text), text, values: params })).rows as Row[];
      },
    },
    maxConcurrentBatches: Math.min(options.writeConcurrency ?? 2, poolSize),
    close: () => pool.end(),
  });
}

/** The batch insert has one text per batch size (1 to 200), so there are at most ~210 names. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `zt_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}
