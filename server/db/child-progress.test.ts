// The summary behind the 'Verlauf' (server/migrations/008_child_progress.sql): after every kind of
// change to the results — backfill by the migration, insert, repeated upload, deletion by id, by
// child code and past the retention period, update, truncation — the Verlauf it yields equals the
// one computed here, in plain TypeScript, from the stored results themselves, for every filter. On
// PGlite and PostgreSQL, read in one query and in chunks of two summary rows.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultPayload } from '../../schemas/result-payload.ts';
import { SCORED_QUESTION_IDS } from '../../src/domain/facts.ts';
import { unusualLevels } from '../export.ts';
import { RESULT_CODES } from '../languages.ts';
import { resultSound } from '../result-sound.ts';
import { makeResearchPayload } from '../testing/payload.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from '../testing/postgres.ts';
import { listMigrations, MIGRATIONS_DIR, migrate } from './migrate.ts';
import { createResearchStore } from './research.ts';
import { createResultStore, INSERT_COLUMNS, rowValues } from './result-store.ts';
import type {
  ProgressGroupRow,
  Queryable,
  ResultFilter,
  ResultStore,
  Session,
  StoredResult,
} from './types.ts';

interface RawBackend {
  name: 'pglite' | 'postgres';
  skip: boolean;
  open(): Promise<{ session: Session; db: Queryable; concurrency: number; close(): Promise<void> }>;
}

const backends: RawBackend[] = [
  {
    name: 'pglite',
    skip: false,
    async open() {
      const lite = await PGlite.create();
      const session: Session = {
        query: async <Row>(text: string, params?: unknown[]) => (await lite.query<Row>(text, params)).rows,
        exec: async (script: string) => void (await lite.exec(script)),
      };
      return { session, db: session, concurrency: 1, close: () => lite.close() };
    },
  },
  {
    name: 'postgres',
    skip: SKIP_POSTGRES,
    async open() {
      const schema = await createTestSchema(await preparePostgres());
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      const pool = new pg.Pool({ connectionString: schema.url, max: 4 });
      const session: Session = {
        query: async <Row>(text: string, params?: unknown[]) =>
          (await client.query(text, params)).rows as Row[],
        exec: async (script: string) => void (await client.query(script)),
      };
      const db: Queryable = {
        query: async <Row>(text: string, params?: unknown[]) =>
          (await pool.query(text, params)).rows as Row[],
      };
      return {
        session,
        db,
        concurrency: 2,
        async close() {
          await client.end();
          await pool.end();
          await schema.drop();
        },
      };
    },
  },
];

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const DAYS = [
  '2026-09-01',
  '2026-09-01',
  '2026-09-15',
  '2026-10-20',
  '2026-11-30',
  '2027-01-10',
  '2027-03-02',
];

/**
 * Results of `children` children (codes from `prefix`), 1–4 tests each, and a few without a code:
 * language, school, site, content version and sound vary between children and sometimes between a
 * child's tests, so that every filter splits some children's tests.
 */
function results(prefix: string, children: number, seed: number, endedShare = 0): ResultPayload[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const payloads: ResultPayload[] = [];
  for (let child = 0; child < children; child++) {
    const childCode = `${prefix}${'23456789ABCDEFGHJKMNPQRSTVWXYZ'[child % 30]}${'23456789'[Math.floor(child / 30) % 8]}`;
    const language = pick(RESULT_CODES);
    const site = pick(['KITA-1', 'KITA-2', undefined]);
    for (let test = 0, tests = 1 + Math.floor(next() * 4); test < tests; test++) {
      const correct = SCORED_QUESTION_IDS.filter(() => next() < 0.3 + 0.15 * test);
      const silent = next() < 0.2;
      const payload = makeResearchPayload({
        correct,
        overrides: {
          childCode,
          testDate: pick(DAYS),
          language: next() < 0.15 ? pick(RESULT_CODES) : language,
          school: next() < 0.2 ? 'Grundschule' : 'Kita',
          ...(next() < 0.1 ? { site: 'KITA-3' } : site ? { site } : {}),
        },
      });
      if (next() < 0.2) delete payload.contentVersion;
      // Ended early with 'Test beenden' on its last question (docs/product.md §38, migration 009).
      if (endedShare > 0 && next() < endedShare) payload.endedEarly = { reason: 'unwell', lastQuestion: 23 };
      // Whether the child understood the spoken language (docs/product.md §39, migration 010), or unknown.
      const understanding = pick(['yes', 'partly', 'no', undefined] as const);
      if (understanding) payload.understanding = understanding;
      // The parents' research consent (docs/product.md §48, migration 015), or none sent (older apps).
      const consent = pick(['yes', 'yes', 'no', 'unknown', undefined] as const);
      if (consent) payload.researchConsent = consent;
      else delete payload.researchConsent;
      payload.answers = payload.answers?.map((answer) => ({
        ...answer,
        prompt: { source: silent ? 'none' : 'recording', replays: 0 },
      }));
      payloads.push(payload);
    }
  }
  for (let i = 0; i < 3; i++) payloads.push(makeResearchPayload({ overrides: { testDate: pick(DAYS) } }));
  return payloads;
}

const FILTERS: ResultFilter[] = [
  {},
  { from: '2026-09-15', to: '2027-01-10' },
  { from: '2026-10-20' },
  { to: '2026-10-20' },
  { from: '2026-09-01', to: '2026-09-01' },
  { language: '3' },
  // A language added as content after the first three (Ukrainian), which the Verlauf still names.
  { language: RESULT_CODES.at(-1) },
  { school: 'Grundschule' },
  { site: 'KITA-1' },
  { sound: 'ohne' },
  { sound: 'mit' },
  { contentVersion: null },
  { contentVersion: '0123456789ab' },
  { from: '2026-09-15', language: '2', sound: 'mit', site: 'KITA-2' },
  { ended: 'ohne' },
  { ended: 'nur' },
  { from: '2026-09-15', ended: 'ohne', sound: 'mit' },
  { understanding: 'yes' },
  { understanding: 'no' },
  { from: '2026-09-15', understanding: 'partly', ended: 'ohne' },
  // 'Profil' (docs/product.md §28, migration 011): the random points give some unusual profiles.
  { profile: 'nur' },
  { profile: 'ohne' },
  { from: '2026-09-15', profile: 'nur', ended: 'ohne', sound: 'mit' },
  // Research sees only results with consent (docs/product.md §48, migration 015).
  { researchConsent: 'consent' },
  { researchConsent: 'consent-or-unknown' },
  { from: '2026-09-15', researchConsent: 'consent', ended: 'ohne', sound: 'mit' },
];

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The Verlauf's groups computed from the stored results by hand: the reference. */
function expectedGroups(stored: StoredResult[], filter: ResultFilter): string[] {
  const keep = (result: StoredResult) =>
    result.childCode !== undefined &&
    (filter.from === undefined || (result.testDate ?? '') >= filter.from) &&
    (filter.to === undefined || (result.testDate ?? '') <= filter.to) &&
    (filter.language === undefined || result.language === filter.language) &&
    (filter.school === undefined || result.school === filter.school) &&
    (filter.site === undefined || result.site === filter.site) &&
    (filter.contentVersion === undefined || (result.contentVersion ?? null) === filter.contentVersion) &&
    (filter.sound === undefined || (resultSound(result.answers) === 'none') === (filter.sound === 'ohne')) &&
    (filter.ended === undefined || (result.endedEarly !== undefined) === (filter.ended === 'nur')) &&
    (filter.understanding === undefined || result.understanding === filter.understanding) &&
    // The CSV's rule of 'Ungewöhnliches Profil', which the SQL column must follow.
    (filter.profile === undefined || (unusualLevels(result) !== '') === (filter.profile === 'nur')) &&
    (filter.researchConsent === undefined ||
      result.researchConsent === 'yes' ||
      (filter.researchConsent === 'consent-or-unknown' && result.researchConsent === 'unknown'));
  const byChild = new Map<string, StoredResult[]>();
  for (const result of stored.filter(keep)) {
    byChild.set(result.childCode as string, [...(byChild.get(result.childCode as string) ?? []), result]);
  }
  const groups = new Map<string, ProgressGroupRow>();
  for (const tests of byChild.values()) {
    tests.sort((a, b) => (a.testDate as string).localeCompare(b.testDate as string) || a.id - b.id);
    const first = tests[0] as StoredResult;
    const latest = tests.at(-1) as StoredResult;
    // Children tested once are one group, only counted (server/db/types.ts, ProgressGroupRow).
    const row =
      tests.length === 1
        ? { repeated: false, language: '', firstLevel: 0, latestLevel: 0, change: [0, 0, 0] }
        : {
            repeated: true,
            language: first.language,
            firstLevel: first.assignedLevel,
            latestLevel: latest.assignedLevel,
            change: [0, 1, 2].map(
              (level) => (latest.pointsPerLevel[level] ?? 0) - (first.pointsPerLevel[level] ?? 0),
            ),
          };
    const key = JSON.stringify(row);
    const group = groups.get(key) ?? ({ ...row, n: 0, tests: 0, days: 0 } as ProgressGroupRow);
    group.n += 1;
    group.tests += tests.length;
    group.days += dayNumber(latest.testDate as string) - dayNumber(first.testDate as string);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => JSON.stringify(group)).sort();
}

/**
 * Groups of equal statistics merged: the database groups by the first and latest test's points,
 * finer than the statistics need (two children with the same change may have started apart).
 */
function normalised(rows: ProgressGroupRow[]): string[] {
  const merged = new Map<string, ProgressGroupRow>();
  for (const { repeated, language, firstLevel, latestLevel, change, n, tests, days } of rows) {
    const key = JSON.stringify({ repeated, language, firstLevel, latestLevel, change });
    const group = merged.get(key) ?? {
      repeated,
      language,
      firstLevel,
      latestLevel,
      change,
      n: 0,
      tests: 0,
      days: 0,
    };
    group.n += n;
    group.tests += tests;
    group.days += days;
    merged.set(key, group);
  }
  return [...merged.values()].map((group) => JSON.stringify(group)).sort();
}

describe.each(backends)('the Verlauf summary on $name', (backend) => {
  let opened: Awaited<ReturnType<RawBackend['open']>>;
  let store: ResultStore;
  let oldSchemaDir: string;

  /** Every filter, read in one query and in chunks: equal to the reference from the results. */
  async function expectExact() {
    const stored: StoredResult[] = [];
    for await (const result of store.iterateResults()) stored.push(result);
    const whole = createResearchStore(opened.db);
    const chunked = createResearchStore(opened.db, { progressChunkRows: 2 });
    for (const filter of FILTERS) {
      const expected = expectedGroups(stored, filter);
      expect(normalised(await whole.progressGroups(filter)), JSON.stringify(filter)).toEqual(expected);
      expect(normalised(await chunked.progressGroups(filter)), JSON.stringify(filter)).toEqual(expected);
    }
    return stored;
  }

  const insertAll = (payloads: ResultPayload[]) =>
    Promise.all(payloads.map((payload) => store.insertResult(payload)));
  /**
   * Results stored by the release before migration 009: without its three columns, 010's and 015's
   * one, and 017's two.
   */
  const insertBeforeEnded = async (payloads: ResultPayload[]) => {
    const columns = INSERT_COLUMNS.slice(0, -7);
    for (const payload of payloads) {
      const values = rowValues(payload).slice(0, columns.length);
      await opened.db.query(
        `INSERT INTO results (${columns.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})`,
        values,
      );
    }
  };

  beforeAll(async () => {
    if (backend.skip) return;
    opened = await backend.open();
    // The schema before the summary existed, with results already stored.
    oldSchemaDir = mkdtempSync(join(tmpdir(), 'zaehltest-migrations-'));
    for (const migration of listMigrations().filter((m) => m.version < '008')) {
      copyFileSync(
        join(MIGRATIONS_DIR, `${migration.version}.sql`),
        join(oldSchemaDir, `${migration.version}.sql`),
      );
    }
    await migrate(opened.session, oldSchemaDir);
    store = createResultStore({
      kind: backend.name,
      db: opened.db,
      maxConcurrentBatches: opened.concurrency,
      close: async () => {},
    });
  }, 120_000);

  afterAll(async () => {
    if (backend.skip) return;
    rmSync(oldSchemaDir, { recursive: true, force: true });
    await opened.close();
  });

  it.skipIf(backend.skip)(
    'is built from the results stored before the migration',
    async () => {
      await insertBeforeEnded(results('BF', 40, 1));
      expect(await migrate(opened.session)).toContain('008_child_progress');
      const stored = await expectExact();
      expect(stored.length).toBeGreaterThan(80);
    },
    120_000,
  );

  it.skipIf(backend.skip)(
    'stays exact after uploads of new and known children',
    async () => {
      // Known children (the same codes, new tests) and new ones, in concurrent batches.
      await insertAll([...results('BF', 40, 2, 0.2), ...results('NW', 30, 3, 0.2)]);
      await expectExact();
    },
    120_000,
  );

  it.skipIf(backend.skip)(
    'counts a repeated upload (the same submission id) once',
    async () => {
      const again = results('RP', 5, 4);
      await insertAll(again);
      const before = await expectExact();
      const outcomes = await insertAll(again.map((payload) => ({ ...payload })));
      expect(outcomes.every((outcome) => !outcome.created)).toBe(true);
      const after = await expectExact();
      expect(after.length).toBe(before.length);
    },
    120_000,
  );

  it.skipIf(backend.skip)(
    'stays exact after deletions by submission id and by child code',
    async () => {
      const stored: StoredResult[] = [];
      for await (const result of store.iterateResults()) stored.push(result);
      const research = store.research;
      if (!research) throw new Error('the store has no research queries');
      // A child's first test, a latest test and a middle one.
      const withCode = stored.filter((result) => result.childCode);
      for (const result of [withCode[0], withCode[7], withCode.at(-1)]) {
        expect(await research.deleteBySubmissionId((result as StoredResult).submissionId)).toEqual({
          childCode: (result as StoredResult).childCode ?? null,
        });
      }
      await expectExact();
      const code = (withCode[20] as StoredResult).childCode as string;
      expect(await research.deleteByChildCode(code)).toBeGreaterThan(0);
      const after = await expectExact();
      expect(after.some((result) => result.childCode === code)).toBe(false);
      const rows = await opened.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM child_progress WHERE child_code = $1',
        [code],
      );
      expect(Number(rows[0]?.n)).toBe(0);
    },
    120_000,
  );

  it.skipIf(backend.skip)(
    'stays exact after the deletion past the retention period (RETENTION_MONTHS), which takes whole children',
    async () => {
      const research = store.research;
      if (!research) throw new Error('the store has no research queries');
      // A month's period on 2026-11-25: children last tested by 2026-10-25 go, with all their tests.
      // (A test day after the day a result arrived counts as that day, so the cutoff lies before
      // every day these results arrive on.)
      expect(await research.deleteExpired(1, '2026-11-25')).toBeGreaterThan(0);
      const after = await expectExact();
      const latest = new Map<string, string>();
      for (const result of after) {
        const key = result.childCode ?? result.submissionId;
        latest.set(key, [latest.get(key) ?? '', result.testDate as string].sort().at(-1) as string);
      }
      expect([...latest.values()].every((day) => day > '2026-10-25')).toBe(true);
      expect(after.some((result) => (result.testDate as string) <= '2026-10-25')).toBe(true);
    },
    120_000,
  );

  it.skipIf(backend.skip)(
    'follows an update of a result and a truncation of the table',
    async () => {
      const [moved] = await opened.db.query<{ child_code: string }>(
        'SELECT child_code FROM results WHERE child_code IS NOT NULL ORDER BY id LIMIT 1',
      );
      await opened.db.query(
        "UPDATE results SET child_code = 'ZZZZZZ', test_date = '2027-03-02', site = 'KITA-2' WHERE child_code = $1",
        [moved?.child_code],
      );
      await expectExact();
      await opened.db.query('TRUNCATE results');
      expect(await opened.db.query('SELECT 1 FROM child_progress')).toEqual([]);
      await expectExact();
    },
    120_000,
  );
});
