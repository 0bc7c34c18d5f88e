import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Session } from './types.ts';

export const MIGRATIONS_DIR = join(import.meta.dirname, '../migrations');

/** Any constant works; it only has to be the same in every server process. */
const MIGRATION_LOCK_KEY = 746_172_001;

/** The versioned SQL files (`NNN_name.sql`) in the order they apply. */
export function listMigrations(dir = MIGRATIONS_DIR): { version: string; sql: string }[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ''), sql: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction.
 * Several server processes may start at once against one PostgreSQL: the advisory lock lets one
 * apply while the others wait and then find nothing left to do.
 */
export async function migrate(session: Session, dir = MIGRATIONS_DIR): Promise<string[]> {
  await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await session.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await session.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const applied: string[] = [];
    for (const migration of listMigrations(dir)) {
      if (done.has(migration.version)) continue;
      await session.exec('BEGIN');
      try {
        await session.exec(migration.sql);
        await session.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        // The SQLSTATE stays on the error, so that start-up can tell missing privileges (42501).
        throw Object.assign(new Error(`migration ${migration.version} failed: ${(error as Error).message}`), {
          code: (error as { code?: unknown }).code,
          cause: error,
        });
      }
      applied.push(migration.version);
    }
    return applied;
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}
