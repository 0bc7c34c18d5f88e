// The deletion journal's pass at start on a full database (docs/operation.md), a section of
// `npm run bench:server` (`--only=journal`): 100,000 results of 40,000 child codes and 3,000 journal
// entries (2,000 child codes, 1,000 submission ids), each distinct code hashed once, one statement.
// Prints the pass's time per backend with its budget, and checks that exactly the journalled results
// went. What the pass deletes and keeps is tested at small scale in server/deletion-journal.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPgliteStore, openPostgresStore, type ResultStore } from '../../server/db/index.ts';
import type { Queryable, ResearchStore } from '../../server/db/types.ts';
import { openDeletionJournal, reapplyDeletionJournal } from '../../server/deletion-journal.ts';
import { makeResearchPayload } from '../../server/testing/payload.ts';
import { createTestSchema, preparePostgres } from '../../server/testing/postgres.ts';

const TOTAL = 100_000;
const CODES = 40_000;
/**
 * Measured 2.5 s on PGlite and 0.9 s on PostgreSQL on a shared 2-core machine; far more means work
 * per entry and row came back.
 */
const BUDGET_SECONDS = { pglite: 10, postgres: 5 } as const;

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
  name: keyof typeof BUDGET_SECONDS;
  /** A store holding TOTAL results, and how to remove it. */
  open(): Promise<{ store: ResultStore; cleanup(): Promise<void> }>;
}

const backends: LoadBackend[] = [
  {
    name: 'pglite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'zaehltest-bench-journal-'));
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

export interface JournalRow {
  backend: string;
  seconds: number;
  deleted: number;
  expected: number;
  /** Exactly the journalled results went, and the rest stayed. */
  exact: boolean;
  budgetSeconds: number;
}

/** The pass at start on each backend, timed (PostgreSQL at TEST_DATABASE_URL, in a throwaway schema). */
export async function benchDeletionJournal(): Promise<JournalRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'zaehltest-bench-journal-files-'));
  const rows: JournalRow[] = [];
  try {
    for (const backend of backends) {
      const { store, cleanup } = await backend.open();
      try {
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
        const before = await store.count();
        const problems: string[] = [];
        const log = { warn: () => {}, error: (message: unknown) => problems.push(String(message)) };
        const started = performance.now();
        const deleted = await reapplyDeletionJournal(research, journal, log);
        const seconds = (performance.now() - started) / 1000;
        // Every 20th of the 40,000 codes (2 or 3 results each), and the 1,000 by submission id.
        let expected = 1000;
        for (let g = 1; g < TOTAL; g++) if ((g % CODES) % 20 === 0) expected += 1;
        const exact =
          problems.length === 0 &&
          before === TOTAL &&
          deleted === expected &&
          (await research.countByChildCode(code(20))) === 0 &&
          (await research.countByChildCode(code(21))) > 0 &&
          (await store.count()) === TOTAL - deleted;
        rows.push({
          backend: backend.name,
          seconds,
          deleted,
          expected,
          exact,
          budgetSeconds: BUDGET_SECONDS[backend.name],
        });
      } finally {
        await cleanup();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

/** The table of the section; true when every row met its budget and deleted exactly. */
export function printDeletionJournal(rows: readonly JournalRow[]): boolean {
  console.log(
    `\nThe deletion journal's pass at start: ${TOTAL.toLocaleString('en')} results of ${CODES.toLocaleString('en')} children, 3,000 entries\n`,
  );
  console.log('backend    seconds   deleted (expected)   budget');
  let met = true;
  for (const row of rows) {
    const ok = row.exact && row.seconds <= row.budgetSeconds;
    met &&= ok;
    console.log(
      `${row.backend.padEnd(10)} ${row.seconds.toFixed(1).padStart(7)}   ${String(row.deleted).padStart(7)} (${row.expected})      ≤ ${row.budgetSeconds} s, exact: ${ok ? 'PASS' : row.exact ? 'OVER' : 'WRONG ROWS'}`,
    );
  }
  return met;
}
