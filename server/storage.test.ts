import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteStore, openPostgresStore } from './db/index.ts';
import { listMigrations } from './db/migrate.ts';
import { makePayload } from './testing/payload.ts';
import { freshDataDir } from './testing/pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from './testing/postgres.ts';
import { startServerProcess } from './testing/server-process.ts';

describe('storage', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('has versioned migration files', () => {
    const versions = listMigrations().map((migration) => migration.version);
    expect(versions[0]).toBe('001_results');
    expect([...versions].sort()).toEqual(versions);
  });

  it.skipIf(SKIP_POSTGRES)(
    'migrates once when several server processes start at the same time (PostgreSQL)',
    async () => {
      const schema = await createTestSchema(await preparePostgres());
      cleanups.push(schema.drop);
      const stores = await Promise.all(
        Array.from({ length: 4 }, () => openPostgresStore(schema.url, { poolSize: 2 })),
      );
      cleanups.push(() => Promise.all(stores.map((store) => store.close())).then(() => {}));
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      const { rows } = await client.query('SELECT version FROM schema_migrations');
      await client.end();
      expect(rows.map((row) => row.version)).toEqual(listMigrations().map((migration) => migration.version));
      const payload = makePayload();
      const outcomes = await Promise.all(stores.map((store) => store.insertResult(payload)));
      expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
      expect(new Set(outcomes.map((outcome) => outcome.id)).size).toBe(1);
    },
    60_000,
  );

  it('keeps results across a restart and refuses a second process on the same DATA_DIR (PGlite)', async () => {
    const dir = freshDataDir('zaehltest-storage-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = await openPgliteStore(dir);
    const payload = makePayload();
    const { id } = await store.insertResult(payload);
    // A second server on the same files would corrupt them: it must not start in this process.
    await expect(openPgliteStore(dir)).rejects.toThrow(/DATA_DIR .* is already open in this process/);
    await store.close();
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
    // A server.pid naming a live process that is no Zähltest server (after a reboot its PID may
    // belong to anything; here our parent) does not block the start.
    writeFileSync(join(dir, 'server.pid'), String(process.ppid));
    const reopened = await openPgliteStore(dir);
    expect(await reopened.insertResult(payload)).toEqual({ id, created: false });
    expect(await reopened.count()).toBe(1);
    await reopened.close();
  }, 120_000);

  it('refuses a DATA_DIR a live server process holds, and takes it over once that process is killed', async () => {
    const dir = freshDataDir('zaehltest-storage-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const server = await startServerProcess({ DATA_DIR: dir });
    cleanups.push(() => {
      server.child.kill('SIGKILL');
    });
    await expect(openPgliteStore(dir)).rejects.toThrow(
      new RegExp(`DATA_DIR .* is in use by process ${server.child.pid}\\.`),
    );
    server.child.kill('SIGKILL');
    await server.exited;
    // The killed server left its server.pid behind; the lock itself went with the process.
    expect(existsSync(join(dir, 'server.pid'))).toBe(true);
    const store = await openPgliteStore(dir);
    expect(await store.count()).toBe(0);
    await store.close();
  }, 120_000);
});
