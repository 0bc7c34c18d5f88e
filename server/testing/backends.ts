import { rmSync } from 'node:fs';
import { openPgliteStore, openPostgresStore, type ResultStore } from '../db/index.ts';
import { freshDataDir } from './pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from './postgres.ts';

export interface StoreBackend {
  name: 'pglite' | 'postgres';
  skip: boolean;
  /** A fresh, empty store (its own PGlite folder or PostgreSQL schema) and how to remove it. */
  open(): Promise<{ store: ResultStore; cleanup(): Promise<void> }>;
}

/** Both backends, for tests that run the same on each. */
export const storeBackends: StoreBackend[] = [
  {
    name: 'pglite',
    skip: false,
    async open() {
      const dir = freshDataDir('zaehltest-pglite-');
      const store = await openPgliteStore(dir);
      return { store, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    skip: SKIP_POSTGRES,
    async open() {
      const schema = await createTestSchema(await preparePostgres());
      const store = await openPostgresStore(schema.url, { poolSize: 5 });
      return { store, cleanup: schema.drop };
    },
  },
];
