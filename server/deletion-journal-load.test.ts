// The deletion journal's pass at start on a full database (docs/operation.md): 100,000 results of
// 40,000 child codes and 3,000 journal entries, each distinct code hashed once, one statement.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteStore, openPostgresStore, type ResultStore } from './db/index.ts';
import type { Queryable, ResearchStore } from './db/types.ts';
import { openDeletionJournal, reapplyDeletionJournal } from './deletion-journal.ts';
import { makeResearchPayload } from './testing/payload.ts';
import { freshDataDir } from './testing/pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from './testing/postgres.ts';

const TOTAL = 100_000;
const CODES = 40_000;
const work = mkdtempSync(join(tmpdir(), 'zaehltest-journal-load-'));
afterAll(() => rmSync(work, { recursive: true, force: true }), 60_000);

/** The code of the `n`-th child (not the device alphabet: the database does not check it). */
const code = (n: number) => `C${String(n).padStart(5, '0')}`;

/** Copies the one stored result to TOTAL, with fresh submission ids and CODES child codes. */
async function seed(db: Queryable): Promise<void> {
  const columns = (
    await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'results' AND is_generated = 'NEVER'
          AND column_name NOT IN ('id', 'submission_id', 'child_code') ORDER BY ordinal_position`,
    )
  ).map((row) => `"${row.column_name}"`);
  await db.query(
    `INSERT INTO results (${columns.join(', ')}, submission_id, child_code)
     SELECT ${columns.map((column) => `r.${column}`).join(', ')}, gen_random_uuid(),
            'C' || lpad((g % ${CODES})::text, 5, '0')
       FROM results AS r, generate_series(1, ${TOTAL - 1}) AS g`,
  );
}

interface LoadBackend {
  name: string;
  skip: boolean;
  /** A store holding TOTAL results, and how to remove it. */
  open(): Promise<{ store: ResultStore; cleanup(): Promise<void> }>;
}

const backends: LoadBackend[] = [
  {
    name: 'pglite',
    skip: false,
    async open() {
      const dir = freshDataDir('zaehltest-journal-load-');
      const first = await openPgliteStore(dir);
      await first.insertResult(makeResearchPayload());
      await first.close();
      const raw = await PGlite.create(join(dir, 'pglite'));
      await seed({ query: async (text, params) => (await raw.query(text, params)).rows as never });
      await raw.close();
      const store = await openPgliteStore(dir);
      return {
        store,
        cleanup: async () => {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    skip: SKIP_POSTGRES,
    async open() {
      const schema = await createTestSchema(await preparePostgres());
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      const query = async <Row>(text: string, params?: unknown[]) =>
        (await client.query(text, params)).rows as Row[];
      const store = await openPostgresStore(schema.url, { poolSize: 3 });
      await store.insertResult(makeResearchPayload());
      await seed({ query });
      return {
        store,
        cleanup: async () => {
          await store.close();
          await client.end();
          await schema.drop();
        },
      };
    },
  },
];

describe.each(backends)('the deletion journal at start on 100,000 results ($name)', (backend) => {
  it.skipIf(backend.skip)(
    'deletes the results of 2,000 journalled codes and 1,000 submission ids in seconds',
    async () => {
      const { store, cleanup } = await backend.open();
      try {
        expect(await store.count()).toBe(TOTAL);
        const research = store.research as ResearchStore;
        const journal = openDeletionJournal(join(work, backend.name));
        // Deleted after every stored result arrived: the journal's times are later than now.
        const later = new Date(Date.now() + 60_000);
        for (let n = 0; n < 2000; n++) await journal.recordChildCode(code(n * 20), undefined, later);
        // 1,000 results without a journalled code, found by their submission id.
        const submissionIds: string[] = [];
        for await (const result of store.iterateResults()) {
          const n = Number(result.childCode?.slice(1));
          if (n % 20 !== 0 && submissionIds.length < 1000) submissionIds.push(result.submissionId);
          if (submissionIds.length === 1000) break;
        }
        for (const id of submissionIds) await journal.recordSubmission(id, undefined, later);
        const ofCodes = await Promise.all([0, 20, 39_980].map((n) => research.countByChildCode(code(n))));

        const log = { warn: () => {}, error: (message: unknown) => expect.fail(String(message)) };
        const started = performance.now();
        const deleted = await reapplyDeletionJournal(research, journal, log);
        const seconds = (performance.now() - started) / 1000;
        // Every 20th of the 40,000 codes (2 or 3 results each), and the 1,000 by submission id.
        let ofJournalledCodes = 0;
        for (let g = 1; g < TOTAL; g++) if ((g % CODES) % 20 === 0) ofJournalledCodes += 1;
        expect(deleted).toBe(ofJournalledCodes + 1000);
        expect(ofCodes.every((n) => n >= 2)).toBe(true);
        expect(await research.countByChildCode(code(20))).toBe(0);
        expect(await research.countByChildCode(code(21))).toBeGreaterThan(0);
        expect(await store.count()).toBe(TOTAL - deleted);
        // Measured 2.5 s on PGlite and 0.9 s on PostgreSQL on a shared 2-core machine; far more means
        // work per entry and row came back.
        expect(seconds).toBeLessThan(30);
      } finally {
        await cleanup();
      }
    },
    600_000,
  );
});
