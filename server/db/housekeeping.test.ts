import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePayload } from '../testing/payload.ts';
import { createHousekeeping } from './housekeeping.ts';
import { migrate } from './migrate.ts';
import { createResultStore } from './result-store.ts';
import { readResults } from './rows.ts';
import type { Session } from './types.ts';

let pglite: PGlite;
let db: Session;

beforeEach(async () => {
  pglite = await PGlite.create();
  db = {
    query: async <Row>(text: string, params?: unknown[]) => (await pglite.query<Row>(text, params)).rows,
    exec: async (script: string) => {
      await pglite.exec(script);
    },
  };
  await db.exec('CREATE TABLE items (id bigserial PRIMARY KEY, v int)');
  // Starting PGlite (a WebAssembly PostgreSQL) took over 10 s on a loaded 2-core machine.
}, 60_000);

afterEach(async () => {
  await pglite.close();
});

const insert = (rows: number) =>
  db.query(`INSERT INTO items (v) SELECT g FROM generate_series(1, ${rows}) g`);
const estimate = async () =>
  Number(
    (await db.query<{ n: number }>(`SELECT reltuples AS n FROM pg_class WHERE relname = 'items'`))[0]?.n,
  );

describe('PGlite housekeeping (autovacuum by hand)', () => {
  it('analyses every table when it starts, so the planner knows their sizes', async () => {
    await insert(1000);
    expect(await estimate()).toBe(-1); // never analysed: PGlite runs no autovacuum
    const housekeeping = createHousekeeping(db, { intervalMs: 3_600_000 });
    await housekeeping.start();
    expect(await estimate()).toBe(1000);
    await housekeeping.stop();
  });

  it('analyses a table once more than 50 + 10 % of its rows changed, and vacuums after 50 + 20 % died', async () => {
    await insert(1000);
    const housekeeping = createHousekeeping(db, { intervalMs: 3_600_000 });
    await housekeeping.start();

    await insert(100); // 100 < 50 + 100
    expect(await housekeeping.runOnce()).toEqual([]);
    await insert(60); // 160 changed since the analysis
    expect(await housekeeping.runOnce()).toEqual(['ANALYZE items']);
    expect(await estimate()).toBe(1160);
    expect(await housekeeping.runOnce()).toEqual([]);

    await db.query('DELETE FROM items WHERE v <= 400'); // 400 + 100 + 60 dead > 50 + 232
    expect(await housekeeping.runOnce()).toEqual(['VACUUM (ANALYZE) items']);
    expect(await estimate()).toBe(600);
    await housekeeping.stop();
  });

  it('reports a failed pass and keeps going', async () => {
    const errors: unknown[] = [];
    const failing: Session = { ...db, query: () => Promise.reject(new Error('disk full')) };
    const housekeeping = createHousekeeping(failing, { intervalMs: 20, onError: (e) => errors.push(e) });
    await housekeeping.start();
    // The first analysis and at least two passes fail, each reported; none stops the timer.
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await housekeeping.stop();
    expect(String(errors[0])).toContain('disk full');
  });
});

describe('an export on a table that was never analysed', () => {
  it('walks the primary key once instead of rereading the rest of the table for every batch', async () => {
    await migrate(db);
    const store = createResultStore({ kind: 'pglite', db, maxConcurrentBatches: 1, close: async () => {} });
    const total = 3000;
    for (let i = 0; i < total; i += 500)
      await Promise.all(Array.from({ length: 500 }, () => store.insertResult(makePayload())));
    const tuplesRead = async () => {
      await db.query('SELECT pg_stat_force_next_flush()');
      const [row] = await db.query<{ n: number | string }>(
        `SELECT coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0) AS n FROM pg_stat_user_tables
          WHERE relname = 'results'`,
      );
      return Number(row?.n);
    };

    const before = await tuplesRead();
    let exported = 0;
    for await (const _ of readResults(db, {}, 100)) exported++;
    expect(exported).toBe(total);
    // One pass over the index reads each row once (3,000). The bitmap scan the planner chose for
    // `id > $1 AND id <= $max` without statistics read every remaining row per batch: 46,500.
    expect((await tuplesRead()) - before).toBeLessThan(2 * total);
  });
});
