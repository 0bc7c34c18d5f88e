import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { openPgliteStore, openPostgresStore, type ResultStore } from './db/index.ts';
import { makePayload } from './testing/payload.ts';
import { freshDataDir } from './testing/pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from './testing/postgres.ts';

/**
 * A trigger that refuses every insert or update of a table as a full disk does (SQLSTATE 53100),
 * so a test can make the database refuse writes while reads still work.
 */
const REFUSE = `
  CREATE OR REPLACE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100';
  END $$`;
const refuseOn = (table: string) =>
  `${REFUSE}; CREATE TRIGGER refuse_${table} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION refuse_write()`;
const allowOn = (table: string) => `DROP TRIGGER IF EXISTS refuse_${table} ON ${table}`;

interface Backend {
  name: 'pglite' | 'postgres';
  skip: boolean;
  /** Opens the store; `sql` runs a script on the same database (PGlite: with the store closed). */
  prepare(): Promise<{
    open(): Promise<ResultStore>;
    sql(script: string, store: ResultStore): Promise<ResultStore>;
    cleanup(): Promise<void>;
  }>;
}

const backends: Backend[] = [
  {
    name: 'pglite',
    skip: false,
    async prepare() {
      const dir = freshDataDir('zaehltest-health-');
      return {
        open: () => openPgliteStore(dir),
        // PGlite belongs to one process and one instance: close the store, change, reopen.
        async sql(script, store) {
          await store.close();
          const db = await PGlite.create({ fs: new NodeFS(join(dir, 'pglite')) });
          await db.exec(script);
          await db.close();
          return openPgliteStore(dir);
        },
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'postgres',
    skip: SKIP_POSTGRES,
    async prepare() {
      const schema = await createTestSchema(await preparePostgres());
      return {
        open: () => openPostgresStore(schema.url, { poolSize: 2 }),
        async sql(script, store) {
          const client = new pg.Client({ connectionString: schema.url });
          await client.connect();
          await client.query(script);
          await client.end();
          return store;
        },
        cleanup: schema.drop,
      };
    },
  },
];

describe.each(backends)('health tells whether a write would succeed ($name)', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.skipIf(backend.skip)(
    'answers 503 while uploads fail or a probe write fails, and 200 once writes succeed again',
    async () => {
      const database = await backend.prepare();
      cleanups.push(database.cleanup);
      let store = await database.open();
      let app: FastifyInstance = await buildServer({ db: store, logLevel: false });
      cleanups.push(async () => {
        await app.close();
        await store.close();
      });
      const health = async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      const upload = async () =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/results',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(makePayload()),
          })
        ).statusCode;
      const change = async (script: string) => {
        await app.close();
        store = await database.sql(script, store);
        app = await buildServer({ db: store, logLevel: false });
      };

      expect(await upload()).toBe(201);
      expect(await health()).toBe(200);

      // The results table cannot grow (a full disk) while small writes elsewhere still succeed.
      await change(refuseOn('results'));
      expect(await upload()).toBe(500);
      expect(await health()).toBe(503);
      expect(await health()).toBe(503);

      // Nothing can be written, before any upload has tried.
      await change(`${allowOn('results')}; ${refuseOn('health_probe')}`);
      expect(await health()).toBe(503);

      await change(allowOn('health_probe'));
      expect(await upload()).toBe(201);
      expect(await health()).toBe(200);
    },
    120_000,
  );
});
