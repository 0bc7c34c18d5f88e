import type { ChildTest, Count, Overview } from '../../schemas/auswertung-api.ts';
import { PAIR_DAYS } from '../../src/children/bilingual.ts';
import { SCORED_QUESTION_IDS, SCORED_QUESTION_LEVELS } from '../../src/domain/facts.ts';
import { GERMAN_RESULT_CODE, RESULT_CODES } from '../languages.ts';
import { createJournalReplayStore } from './deletion-journal.ts';
import { createProtokollStore } from './protokoll.ts';
import {
  filterClause,
  filterConditions,
  filterExpression,
  GERMAN_CODE_SQL,
  QUESTION_COLUMNS,
  readResults,
} from './rows.ts';
import type {
  BilingualRow,
  ChildLevels,
  ItemSums,
  ProgressGroupRow,
  Queryable,
  ResearchStore,
  ResultFilter,
  ScoreStratum,
} from './types.ts';

export type { ChildLevels, ItemSums, ResearchStore, ResultFilter, ScoreStratum };

/**
 * The Einrichtungen an account may touch (docs/product.md §47) as the `$n`-th parameter: an array
 * of codes, or NULL for all.
 */
const IN_SCOPE = (n: number) => `($${n}::text[] IS NULL OR site = ANY($${n}::text[]))`;

/** Whole numbers come back as strings (pg) or BigInt (PGlite) from sum(); the queries cast to float8. */
const num = (value: unknown) => Number(value ?? 0);

export interface ResearchStoreOptions {
  /**
   * Read the Verlauf's summary, and the results of 'Zweisprachige Profile', in chunks of about this
   * many rows, yielding between them (PGlite, whose queries hold the server's one thread;
   * PGLITE_CHUNK_ROWS); absent: one query.
   */
  progressChunkRows?: number;
  /**
   * Waited for before each chunk: on PGlite, until the uploads have gone quiet (Batcher.quiet).
   * Each chunk holds the server's one thread, and an upload needs a turn of the event loop to be
   * read and another to be written; without this the uploads that arrived during the Verlauf
   * piled up behind its chunks (p99 about 300 ms at 100 uploads/s; with it about 60–90 ms).
   */
  beforeChunk?: () => Promise<void>;
}

/** The advisory lock of the deletion past the retention period (any number no other lock uses). */
const RETENTION_LOCK_KEY = 4_242_060;

export function createResearchStore(db: Queryable, options: ResearchStoreOptions = {}): ResearchStore {
  return {
    ...createProtokollStore(db),
    ...createJournalReplayStore(db, deleteResults),
    async overview(filter) {
      const { where, params } = filterClause(filter);
      // One scan with a plain GROUP BY over every dimension the page counts by (a few thousand
      // groups), summed up here. GROUPING SETS with one hash table per set and to_char on every row
      // took several times as long on 100,000 rows; the month comes precomputed (test_month).
      const groups = await db.query<{
        language: string;
        school: string;
        school_level: string;
        month: number;
        version: string | null;
        n: number;
      }>(
        `SELECT language, school, school_level, test_month AS month, content_version AS version,
                count(*)::int AS n
           FROM results ${where}
          GROUP BY language, school, school_level, test_month, content_version`,
        params,
      );
      const tally = <K>(key: (group: (typeof groups)[number]) => K) => {
        const counts = new Map<K, number>();
        for (const group of groups) counts.set(key(group), (counts.get(key(group)) ?? 0) + num(group.n));
        return counts;
      };
      const counts = (key: (group: (typeof groups)[number]) => string | null): Count[] =>
        [...tally(key)]
          .map(([k, n]) => ({ key: k, n }))
          // Unknown (null) last: results without that field, e.g. sent before it existed.
          .sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key)));
      return {
        total: groups.reduce((sum, group) => sum + num(group.n), 0),
        byLanguage: counts((group) => group.language),
        bySchool: counts((group) => group.school),
        bySchoolLevel: counts((group) => group.school_level),
        byMonth: counts(
          (group) =>
            `${Math.floor(num(group.month) / 100)}-${String(num(group.month) % 100).padStart(2, '0')}`,
        ),
        contentVersions: counts((group) => group.version),
        ...(await siteAndSoundCounts(db, filter)),
      };
    },

    async childLevels(filter, test) {
      const { from, params } = oneTestPerChild(filter, test);
      const rows = await db.query<{ language: string; years: number | null; level: number; n: number }>(
        `SELECT language, age_months / 12 AS years, assigned_level AS level, count(*)::int AS n
           FROM ${from}
          GROUP BY language, age_months / 12, assigned_level`,
        params,
      );
      const band = (years: number | null) => (years === null ? null : Math.min(10, Math.max(3, num(years))));
      const tally = (key: (row: (typeof rows)[number]) => string) => {
        const counts = new Map<string, number>();
        for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + num(row.n));
        return [...counts].map(([k, n]) => {
          const [group, level] = k.split('|') as [string, string];
          return { group, level: Number(level), n };
        });
      };
      return {
        n: rows.reduce((sum, row) => sum + num(row.n), 0),
        byLanguage: tally((row) => `${row.language}|${row.level}`)
          .map(({ group, level, n }) => ({ language: group, level, n }))
          .sort((a, b) => a.language.localeCompare(b.language) || a.level - b.level),
        byAgeBand: tally((row) => `${band(row.years) ?? ''}|${row.level}`)
          .map(({ group, level, n }) => ({ band: group === '' ? null : Number(group), level, n }))
          .sort((a, b) => (a.band ?? 99) - (b.band ?? 99) || a.level - b.level),
      };
    },

    async itemSums(filter, test) {
      const groups = await scoreGroups(db, filter, test);
      const languages = [...new Set(groups.map((group) => group.language))].sort();
      const sumsOf = (language: string | null, rows: ScoreGroup[]): ItemSums => {
        const total = (row: ScoreGroup) => row.points[0] + row.points[1] + row.points[2];
        const add = (value: (row: ScoreGroup) => number) => rows.reduce((sum, row) => sum + value(row), 0);
        return {
          language,
          n: add((row) => row.n),
          totalSum: add((row) => row.n * total(row)),
          totalSquares: add((row) => row.n * total(row) ** 2),
          items: SCORED_QUESTION_IDS.map((question, index) => ({
            question,
            correct: add((row) => row.correct[index] ?? 0),
            noAnswer: add((row) => row.noAnswer[index] ?? 0),
            totalWhenCorrect: add((row) => (row.correct[index] ?? 0) * total(row)),
          })),
          levels: ([1, 2, 3] as const).map((level) => ({
            level,
            sum: add((row) => row.n * (row.points[level - 1] as number)),
            squares: add((row) => row.n * (row.points[level - 1] as number) ** 2),
          })),
        };
      };
      if (groups.length === 0) return [sumsOf(null, [])];
      return [
        ...languages.map((language) =>
          sumsOf(
            language,
            groups.filter((group) => group.language === language),
          ),
        ),
        sumsOf(null, groups),
      ].sort((a, b) => (a.language ?? '').localeCompare(b.language ?? ''));
    },

    async scoreStrata(filter, test) {
      const strata = new Map<string, ScoreStratum>();
      for (const group of await scoreGroups(db, filter, test)) {
        const total = group.points[0] + group.points[1] + group.points[2];
        const key = `${group.language}|${total}`;
        const stratum = strata.get(key) ?? {
          language: group.language,
          total,
          n: 0,
          correct: SCORED_QUESTION_IDS.map(() => 0),
        };
        stratum.n += group.n;
        group.correct.forEach((c, index) => {
          stratum.correct[index] = (stratum.correct[index] ?? 0) + c;
        });
        strata.set(key, stratum);
      }
      return [...strata.values()].sort((a, b) => a.language.localeCompare(b.language) || a.total - b.total);
    },

    async progressGroups(filter) {
      return progressGroups(db, filter, options);
    },

    async bilingualPairs(filter) {
      return bilingualPairs(db, filter, options);
    },

    iterateResults(filter, batchSize) {
      return readResults(db, filter, batchSize);
    },

    async countByChildCode(childCode, scope) {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM results WHERE child_code = $1 AND ${IN_SCOPE(2)}`,
        [childCode, scope ?? null],
      );
      return num(rows[0]?.n);
    },

    deleteByChildCode(childCode, scope) {
      return deleteResults(db, `child_code = $1 AND ${IN_SCOPE(2)}`, [childCode, scope ?? null]);
    },

    async deleteBySubmissionId(submissionId, scope) {
      const [row] = await db.query<{ child_code: string | null }>(
        `DELETE FROM results WHERE submission_id = $1 AND ${IN_SCOPE(2)} RETURNING child_code`,
        [submissionId.toLowerCase(), scope ?? null],
      );
      return row ? { childCode: row.child_code } : undefined;
    },

    deleteExpired(months, today) {
      // A child code's results go together, once its latest test is `months` ago (a Verlauf stays
      // whole); a result without a code goes by its own test day (docs/privacy.md, retention).
      // Every server process runs the daily pass (WORKERS): the lock, held to the statement's end,
      // lets one of them delete while the others' passes find nothing, rather than wait on its rows.
      // A test day comes from the tablet: one in the future (a wrong clock, or sent on purpose) must
      // not keep a child's results for ever, so a result counts from the day it arrived at the latest.
      const expired = (day: string) => `${day} + make_interval(months => $1::int) <= $2::date`;
      const day = `least(test_day, timezone('Europe/Berlin', received_at)::date)`;
      return deleteResults(
        db,
        `pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY})
          AND ((child_code IS NULL AND ${expired(day)})
               OR child_code IN (SELECT child_code FROM results WHERE child_code IS NOT NULL
                                  GROUP BY child_code HAVING ${expired(`max(${day})`)}))`,
        [months, today],
      );
    },

    async createSession(tokenHash, expiresAt, keyFingerprint) {
      await db.query('DELETE FROM auswertung_sessions WHERE expires_at < now()');
      await db.query(
        'INSERT INTO auswertung_sessions (token_hash, expires_at, key_fingerprint) VALUES ($1, $2, $3)',
        [tokenHash, expiresAt, keyFingerprint],
      );
    },
    async hasSession(tokenHash, keyFingerprint) {
      const rows = await db.query(
        'SELECT 1 FROM auswertung_sessions WHERE token_hash = $1 AND expires_at > now() AND key_fingerprint = $2',
        [tokenHash, keyFingerprint],
      );
      return rows.length > 0;
    },
    async deleteSession(tokenHash) {
      await db.query('DELETE FROM auswertung_sessions WHERE token_hash = $1', [tokenHash]);
    },
  };
}

/**
 * Every deletion of results (by submission id, by child code, past the retention period) takes this
 * one path: the triggers of migration 008 rebuild the Verlauf's summary (child_progress) of the
 * children concerned in the same statement. The number of results deleted.
 */
async function deleteResults(db: Queryable, condition: string, params: unknown[]): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH deleted AS (DELETE FROM results WHERE ${condition} RETURNING 1) SELECT count(*)::int AS n FROM deleted`,
    params,
  );
  return num(rows[0]?.n);
}

/**
 * The counts behind the filters 'Einrichtungskennung' and 'Ton': the codes present and the results
 * per sound, each under the other filters (so that the select offers every other code), and how
 * many silent results 'Ton: mit' leaves out; likewise the tests ended early and the unusual profiles.
 */
async function siteAndSoundCounts(
  db: Queryable,
  filter: ResultFilter,
): Promise<
  Pick<Overview, 'sites' | 'bySound' | 'soundExcluded' | 'endedEarly' | 'endedExcluded' | 'unusualProfiles'>
> {
  const countBy = async (column: 'site' | 'sound', others: ResultFilter): Promise<Count[]> => {
    const { where, params } = filterClause(others);
    const rows = await db.query<{ key: string | null; n: number }>(
      `SELECT ${column} AS key, count(*)::int AS n FROM results ${where} GROUP BY ${column}`,
      params,
    );
    return rows
      .map((row) => ({ key: row.key, n: num(row.n) }))
      .sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key)));
  };
  const { site: _site, ...withoutSite } = filter;
  const { sound, ...withoutSound } = filter;
  const sites = (await countBy('site', withoutSite)).filter((row) => row.key !== null);
  const bySound = await countBy('sound', withoutSound);
  const soundExcluded = sound === 'mit' ? (bySound.find((row) => row.key === 'none')?.n ?? 0) : 0;
  // Tests ended early per reason and language (docs/product.md §38), under the other filters.
  const { ended, ...withoutEnded } = filter;
  const { where, params } = filterClause({ ...withoutEnded, ended: 'nur' });
  const endedRows = await db.query<{ reason: string; language: string; n: number }>(
    `SELECT ended_reason AS reason, language, count(*)::int AS n FROM results ${where}
      GROUP BY ended_reason, language`,
    params,
  );
  const endedEarly = endedRows
    .map((row) => ({ reason: row.reason, language: row.language, n: num(row.n) }))
    .sort((a, b) => a.reason.localeCompare(b.reason) || a.language.localeCompare(b.language));
  const endedExcluded = ended === 'ohne' ? endedEarly.reduce((sum, row) => sum + row.n, 0) : 0;
  // Results with an unusual profile per language (docs/product.md §28), under the other filters.
  const { profile: _profile, ...withoutProfile } = filter;
  const unusual = filterClause({ ...withoutProfile, profile: 'nur' });
  const unusualRows = await db.query<{ language: string; n: number }>(
    `SELECT language, count(*)::int AS n FROM results ${unusual.where} GROUP BY language`,
    unusual.params,
  );
  const unusualProfiles = unusualRows
    .map((row) => ({ language: row.language, n: num(row.n) }))
    .sort((a, b) => a.language.localeCompare(b.language));
  return { sites, bySound, soundExcluded, endedEarly, endedExcluded, unusualProfiles };
}

/** Children with the same language and the same points on each level, and what they solved. */
interface ScoreGroup {
  language: string;
  points: [number, number, number];
  n: number;
  /** Correct answers per question id, in SCORED_QUESTION_IDS order. */
  correct: number[];
  /** Answers recorded as 'keine Antwort' per question id, in SCORED_QUESTION_IDS order. */
  noAnswer: number[];
}

/** What the statistics read of a test. */
const CHILD_STATISTICS_COLUMNS = [
  'language',
  'points_l1',
  'points_l2',
  'points_l3',
  'assigned_level',
  'age_months',
  'no_answers',
  ...QUESTION_COLUMNS,
].join(', ');

/**
 * A coded test as one bigint[] whose order is the test order: its sort key (test day, then id)
 * first, then what the statistics need of it, so that min() and max() over a child's tests return
 * its first or latest test whole. Result codes are whole numbers (schemas/language-pack.ts).
 */
const TEST_ARRAY = `ARRAY[
    (greatest(0, test_day - date '1970-01-01')::bigint << 32) | id,
    (${SCORED_QUESTION_IDS.map((id) => `(q${id}::int << ${id})`).join(' | ')})::bigint,
    no_answers::bigint,
    coalesce(age_months, -1)::bigint,
    language::bigint,
    assigned_level::bigint,
    ((points_l1 << 6) | (points_l2 << 3) | points_l3)::bigint
  ]`;

/** CHILD_STATISTICS_COLUMNS read back from a TEST_ARRAY `t`. */
const FROM_TEST_ARRAY = [
  't[5]::text AS language',
  '((t[7] >> 6) & 7)::int AS points_l1',
  '((t[7] >> 3) & 7)::int AS points_l2',
  '(t[7] & 7)::int AS points_l3',
  't[6]::int AS assigned_level',
  'nullif(t[4], -1)::int AS age_months',
  't[3]::int AS no_answers',
  ...SCORED_QUESTION_IDS.map((id) => `((t[2] >> ${id}) & 1) = 1 AS q${id}`),
].join(', ');

/**
 * The filtered results reduced to one test per child, as a FROM item: a child is its site and
 * child code together (two Kitas may give the same code), its first or latest filtered test by
 * test day and, on the same day, by arrival (the order of the export's 'Test Nr. des Kindes');
 * every result without a code is a child of its own. GROUP BY takes a NULL site as one value,
 * so codes without a site are one child per code.
 */
function oneTestPerChild(filter: ResultFilter, test: ChildTest): { from: string; params: unknown[] } {
  const { where, params } = filterClause(filter);
  const and = (condition: string) => (where ? `${where} AND ${condition}` : `WHERE ${condition}`);
  // One scan and one hash aggregation: min() or max() of each child's TEST_ARRAY is its chosen
  // test. At 100,000 results of 40,000 children on PostgreSQL (a loaded machine) that took
  // 145–255 ms, where sorting the coded results (DISTINCT ON) took 1,370–1,870 ms, picking the
  // ids by min() and joining their rows 760–910 ms, and the plain scan of every result 480–530 ms.
  const pick = test === 'erster' ? 'min' : 'max';
  return {
    from: `(SELECT ${CHILD_STATISTICS_COLUMNS} FROM results ${and('child_code IS NULL')}
            UNION ALL
            SELECT ${FROM_TEST_ARRAY}
              FROM (SELECT ${pick}(${TEST_ARRAY}) AS t
                      FROM results ${and('child_code IS NOT NULL')}
                     GROUP BY site, child_code) AS chosen) AS children`,
    params,
  };
}

/**
 * The one scan behind the item table, KR-20 and DIF, over one test per child: at most 3 × 8³
 * groups, from which every sum those statistics need follows exactly (total = sum of the level
 * points).
 */
async function scoreGroups(db: Queryable, filter: ResultFilter, test: ChildTest): Promise<ScoreGroup[]> {
  const { from, params } = oneTestPerChild(filter, test);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT language, points_l1, points_l2, points_l3, count(*)::int AS n,
            ${SCORED_QUESTION_IDS.map((id) => `sum(q${id}::int)::int AS c${id}`).join(', ')},
            ${SCORED_QUESTION_IDS.map((id) => `sum((no_answers >> ${id}) & 1)::int AS u${id}`).join(', ')}
       FROM ${from}
      GROUP BY language, points_l1, points_l2, points_l3`,
    params,
  );
  return rows.map((row) => ({
    language: row.language as string,
    points: [num(row.points_l1), num(row.points_l2), num(row.points_l3)],
    n: num(row.n),
    correct: SCORED_QUESTION_IDS.map((id) => num(row[`c${id}`])),
    noAnswer: SCORED_QUESTION_IDS.map((id) => num(row[`u${id}`])),
  }));
}

/**
 * Bits of a test's sort key (zaehltest_progress_key, server/migrations/008_child_progress.sql):
 * days since 1970 above the row id (the order of a child's tests: test day, then arrival), above
 * what the Verlauf needs of the test.
 */
const KEY_DAY_SHIFT = 47n;
/**
 * Index of each result language of the packs in 5 bits (up to 31 languages; 31 = a code no pack has
 * any more, which the Verlauf shows without a language).
 */
const LANGUAGE_INDEX = RESULT_CODES.slice(0, 31);
const OTHER_LANGUAGE = 31;
/** The language's index in bits 11–15 of a key, which the stored keys leave 0. */
const LANGUAGE_BITS = `((CASE language ${LANGUAGE_INDEX.map((code, index) => `WHEN '${code}' THEN ${index}`).join(' ')} ELSE ${OTHER_LANGUAGE} END)::bigint << 11)`;

/** `((key >> shift) & mask)`: PostgreSQL gives >>, & and | one precedence, left to right. */
const bits = (key: string, shift: number, mask: number) => `((${key} >> ${shift}) & ${mask})`;
/** A level's change in points (−7…7) plus 7, from the 3 bits of the points at `shift`. */
const changeBits = (shift: number) => `(${bits('latest', shift, 7)} - ${bits('first', shift, 7)} + 7)`;

/**
 * What the statistics need of a child, as one number to group by: −1 for a child with one
 * filtered test (only counted), else the first test's language (5 bits) and level − 1 (2 bits),
 * the latest test's level − 1 (2 bits) and the change on each level + 7 (4 bits each). Fewer and
 * cheaper groups than the two tests' bits: about 4,000 for 25,000 children tested more than once.
 */
const GROUP_OF_CHILD = `CASE WHEN tests > 1 THEN (
    (${bits('first', 11, OTHER_LANGUAGE)} << 16) | (${bits('first', 9, 3)} << 14) | (${bits('latest', 9, 3)} << 12)
    | (${changeBits(6)} << 8) | (${changeBits(3)} << 4) | ${changeBits(0)}
  )::int ELSE -1 END`;

/** The statistics' attributes of a group (GROUP_OF_CHILD). */
function decodeGroup(grp: number): Omit<ProgressGroupRow, 'n' | 'tests' | 'days'> {
  if (grp < 0) return { repeated: false, language: '', firstLevel: 0, latestLevel: 0, change: [0, 0, 0] };
  return {
    repeated: true,
    language: LANGUAGE_INDEX[(grp >> 16) & OTHER_LANGUAGE] ?? '',
    firstLevel: ((grp >> 14) & 3) + 1,
    latestLevel: ((grp >> 12) & 3) + 1,
    change: [((grp >> 8) & 15) - 7, ((grp >> 4) & 15) - 7, (grp & 15) - 7],
  };
}

/**
 * The conditions of each filter on the summary table child_progress, whose rows are per child and
 * per value of these attributes, so that a filter keeps or drops whole rows: the same results as
 * FILTER_CONDITIONS in rows.ts select. The date range is not a row attribute: progressGroups
 * answers it from the tests' keys.
 */
const SUMMARY_CONDITIONS: {
  [K in Exclude<keyof Required<ResultFilter>, 'from' | 'to'>]: (
    value: NonNullable<ResultFilter[K]>,
    placeholder: string,
  ) => string;
} = {
  language: (_value, p) => `language = ${p}`,
  school: (_value, p) => `school = ${p}`,
  contentVersion: (_value, p) => `content_version = ${p}`,
  site: (_value, p) => `site = ${p}`,
  scope: (_value, p) => `site = ANY(${p}::text[])`,
  sound: (_value, p) => `silent = (${p}::text = 'ohne')`,
  ended: (_value, p) => `ended = (${p}::text = 'nur')`,
  understanding: (_value, p) => `understanding = ${p}`,
  profile: (_value, p) => `unusual = (${p}::text = 'nur')`,
  childCode: (_value, p) => `child_code = ${p}`,
};

/** Whole days since 1970 of a YYYY-MM-DD, clamped as in the key (16 bits). */
const keyDay = (isoDay: string) =>
  BigInt(Math.min(65535, Math.max(0, Math.round(Date.parse(`${isoDay}T00:00:00Z`) / 86_400_000))));

/**
 * Summary rows per chunk on PGlite, whose queries hold the server's one thread: at 40,000 children
 * 4 chunks of about 60 ms CPU each (one query: about 200 ms; chunks of 4,000: 10 of about 35 ms,
 * but 360 ms together, each chunk costing its own planning and hash tables).
 */
export const PGLITE_CHUNK_ROWS = 10_000;

/**
 * How long the Verlauf on PGlite waits at most, before each chunk, for the uploads to go quiet
 * (Batcher.quiet): at 100 uploads/s they do within a few ms; under a flood of uploads the Verlauf
 * still finishes, about this much later per chunk.
 */
export const PGLITE_QUIET_WAIT_MS = 100;

/**
 * Runs `read` on chunks of whole children: (after, last] by child code, the last being the code at
 * most `chunkRows` rows of `table` on, yielding between chunks so that uploads get their turn (PGlite
 * answers within the same turn of the event loop; see readResults in rows.ts).
 */
async function inChildChunks(
  db: Queryable,
  table: 'child_progress' | 'results',
  chunkRows: number,
  beforeChunk: (() => Promise<void>) | undefined,
  read: (after: string, last: string) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    await beforeChunk?.();
    const [bound] = await db.query<{ last: string | null }>(
      `SELECT max(child_code) AS last
         FROM (SELECT child_code FROM ${table} WHERE child_code > $1 ORDER BY child_code LIMIT $2) AS chunk`,
      [after, chunkRows],
    );
    const last = bound?.last ?? null;
    if (last === null) return;
    await read(after, last);
    after = last;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The 'Verlauf' statistics' data: the children with a child code among the filtered results,
 * each reduced to their first and latest filtered test and grouped by what the statistics need,
 * so that only a few thousand groups leave the database whatever the number of children. Read
 * from the summary table child_progress (one short row per child and filter attributes, kept by
 * triggers on results), not from the results themselves: at 100,000 results of 40,000 children
 * that is several times faster. On PGlite, whose queries hold the server's only thread, it reads
 * the children in chunks of child codes and yields between them, so that uploads get their turn.
 */
async function progressGroups(
  db: Queryable,
  filter: ResultFilter,
  { progressChunkRows: chunkRows, beforeChunk }: ResearchStoreOptions,
): Promise<ProgressGroupRow[]> {
  const { conditions, params } = filterConditions(filter, SUMMARY_CONDITIONS);
  // The date range as key bounds: [first day, day after the last day) above the id bits.
  const low = filter.from ? keyDay(filter.from) << KEY_DAY_SHIFT : null;
  const high = filter.to ? (keyDay(filter.to) + 1n) << KEY_DAY_SHIFT : null;
  const inRange = (column: string) =>
    [low === null ? '' : `${column} >= ${low}`, high === null ? '' : `${column} < ${high}`]
      .filter(Boolean)
      .join(' AND ');
  const chunkBounds = `child_code > $${params.length + 1} AND child_code <= $${params.length + 2}`;
  const where = (extra: string[]) => {
    const all = [...conditions, ...extra];
    return all.length ? `WHERE ${all.join(' AND ')}` : '';
  };
  // Every filter but the dates keeps or drops whole summary rows; of the rows the date range
  // cuts, only the keys within count (unnest of a few keys per child).
  const tests =
    low === null && high === null
      ? `SELECT child_code, tests, first_key | lang AS first, latest_key | lang AS latest FROM parts`
      : `SELECT child_code, tests, first_key | lang AS first, latest_key | lang AS latest
           FROM parts WHERE ${inRange('first_key')} AND ${inRange('latest_key')}
         UNION ALL
         SELECT child_code, 1, key | lang, key | lang
           FROM parts, unnest(keys) AS key
          WHERE NOT (${inRange('first_key')} AND ${inRange('latest_key')}) AND ${inRange('key')}`;
  const query = (extra: string[]) =>
    `WITH parts AS (
       SELECT child_code, tests, first_key, latest_key, keys, ${LANGUAGE_BITS} AS lang
         FROM child_progress ${where(extra)}
     ),
     children AS (
       SELECT sum(tests) AS tests, min(first) AS first, max(latest) AS latest
         FROM (${tests}) AS filtered
        GROUP BY child_code
     )
     SELECT ${GROUP_OF_CHILD} AS grp, count(*)::int AS n, sum(tests)::float8 AS tests,
            sum((latest >> ${KEY_DAY_SHIFT}) - (first >> ${KEY_DAY_SHIFT}))::float8 AS days
       FROM children
      GROUP BY 1`;
  const groups = new Map<number, { n: number; tests: number; days: number }>();
  const add = (rows: { grp: number; n: number; tests: number; days: number }[]) => {
    for (const row of rows) {
      const group = groups.get(num(row.grp)) ?? { n: 0, tests: 0, days: 0 };
      group.n += num(row.n);
      group.tests += num(row.tests);
      group.days += num(row.days);
      groups.set(num(row.grp), group);
    }
  };
  if (chunkRows === undefined) add(await db.query(query([]), params));
  // Children are disjoint, so the groups of the chunks simply add up.
  else
    await inChildChunks(db, 'child_progress', chunkRows, beforeChunk, async (after, last) =>
      add(await db.query(query([chunkBounds]), [...params, after, last])),
    );
  return [...groups].map(([grp, sums]) => ({ ...decodeGroup(grp), ...sums }));
}

/** Low 32 bits of a test key (test day above the id, as in TEST_ARRAY). */
const ID_BITS = 4294967295;

/**
 * The section 'Zweisprachige Profile' (docs/product.md §44): per home language the children with a
 * bilingual pair whose two tests both pass the filter, each with its first pair by test day (that
 * of its earliest test that has a partner). The partner is the CSV's 'Sprachpaar', found among all
 * stored results; a pair whose partner the filter leaves out does not count. The language filter
 * picks the home language: a pair counts when either test is in the chosen language, so German
 * keeps every pair. A child is its Einrichtungskennung and child code.
 *
 * The partner rule is that of bilingualPartner (rows.ts), here with window functions over the tests
 * of the children with a German test: the nearest test of the other side before each test (the
 * highest test day and id) and after it (the lowest day, on that day the highest id), then the nearer
 * of the two, the later when as near. The correlated subquery per test, right for the export's
 * batches of 250, made PostgreSQL plan this with JIT compilation: at 100,000 results of 40,000
 * children, 36,000 of them with a pair, 0.9 s of compiling before 0.7 s of work (1.6–1.9 s in all);
 * this took 0.35–0.45 s on the same loaded machine. The tests ended early stay among the rows
 * (never tested, never a partner) rather than in the WHERE: there, before PGlite's housekeeping had
 * analysed the table, the planner combined the index on ended_reason with each child's lookup
 * (2 s at 20,000 results instead of 0.2 s).
 */
async function bilingualPairs(
  db: Queryable,
  filter: ResultFilter,
  { progressChunkRows: chunkRows, beforeChunk }: ResearchStoreOptions,
): Promise<BilingualRow[]> {
  if (!GERMAN_RESULT_CODE) return [];
  const { language, ...others } = filter;
  const { expression, params } = filterExpression(others);
  const german = `language = ${GERMAN_CODE_SQL}`;
  const chosen = language ? `AND $${params.length + 1} IN (tested.language, partner.language)` : '';
  const fixed = language ? [...params, language] : params;
  // On PGlite, chunks of child codes (after, last]: a child's tests are all in one chunk.
  const chunk = (extra: boolean) =>
    extra ? `AND child_code > $${fixed.length + 1} AND child_code <= $${fixed.length + 2}` : '';
  // The nearest test of one side before or after each test, as a key: test day above the id (after
  // it: above the id's complement, so that min() takes the latest arrival on the nearest day).
  const before = (side: string) =>
    `max(CASE WHEN finished AND ${side} THEN (day << 32) | id END) OVER before`;
  const after = (side: string) =>
    `min(CASE WHEN finished AND ${side} THEN (day << 32) | (${ID_BITS} - id) END) OVER after`;
  const query = (chunked: boolean) =>
    `WITH candidates AS (
       SELECT id::bigint AS id, site, child_code, test_day, language, assigned_level, ${german} AS german,
              greatest(0, test_day - date '1970-01-01')::bigint AS day, ${expression} AS kept,
              ended_reason IS NULL AS finished
         FROM results
        WHERE child_code IS NOT NULL ${chunk(chunked)}
          AND child_code IN (SELECT child_code FROM results
                              WHERE ${german} AND child_code IS NOT NULL AND ended_reason IS NULL ${chunk(chunked)})
     ),
     nearest AS (
       SELECT id, site, child_code, test_day, language, assigned_level, kept, finished, day,
              CASE WHEN german THEN ${before('NOT german')} ELSE ${before('german')} END AS before_key,
              CASE WHEN german THEN ${after('NOT german')} ELSE ${after('german')} END AS after_key
         FROM candidates
       WINDOW before AS (PARTITION BY site, child_code ORDER BY test_day, id
                         ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING),
              after AS (PARTITION BY site, child_code ORDER BY test_day, id
                        ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
     ),
     distances AS (
       SELECT id, site, child_code, test_day, language, assigned_level, kept, finished,
              day - (before_key >> 32) AS before_days, before_key & ${ID_BITS} AS before_id,
              (after_key >> 32) - day AS after_days, ${ID_BITS} - (after_key & ${ID_BITS}) AS after_id
         FROM nearest
     ),
     tested AS (
       SELECT id, site, child_code, test_day, language, assigned_level, kept, finished,
              CASE
                WHEN before_days <= ${PAIR_DAYS} AND NOT coalesce(after_days <= before_days, FALSE) THEN before_id
                WHEN after_days <= ${PAIR_DAYS} AND NOT coalesce(before_days <= after_days, FALSE) THEN after_id
                WHEN before_days <= ${PAIR_DAYS} THEN greatest(before_id, after_id)
              END AS partner
         FROM distances
     ),
     pairs AS (
       SELECT DISTINCT ON (tested.site, tested.child_code)
              CASE WHEN tested.${german} THEN partner.language ELSE tested.language END AS language,
              CASE WHEN tested.${german} THEN partner.assigned_level ELSE tested.assigned_level END AS home,
              CASE WHEN tested.${german} THEN tested.assigned_level ELSE partner.assigned_level END AS german
         FROM tested
         JOIN (SELECT id, language, assigned_level FROM results WHERE ${expression}) AS partner
           ON partner.id = tested.partner
        WHERE tested.kept AND tested.finished ${chosen}
        ORDER BY tested.site, tested.child_code, tested.test_day, tested.id
     )
     SELECT language, count(*)::int AS n,
            count(*) FILTER (WHERE german > home)::int AS higher,
            count(*) FILTER (WHERE german = home)::int AS same,
            count(*) FILTER (WHERE german < home)::int AS lower,
            sum(home)::int AS "homeLevels", sum(german)::int AS "germanLevels"
       FROM pairs
      GROUP BY language`;
  const sums = new Map<string, BilingualRow>();
  const add = (rows: Record<keyof BilingualRow, unknown>[]) => {
    for (const row of rows) {
      const language = String(row.language);
      const sum = sums.get(language) ?? {
        language,
        n: 0,
        higher: 0,
        same: 0,
        lower: 0,
        homeLevels: 0,
        germanLevels: 0,
      };
      sum.n += num(row.n);
      sum.higher += num(row.higher);
      sum.same += num(row.same);
      sum.lower += num(row.lower);
      sum.homeLevels += num(row.homeLevels);
      sum.germanLevels += num(row.germanLevels);
      sums.set(language, sum);
    }
  };
  if (chunkRows === undefined) add(await db.query(query(false), fixed));
  // As the Verlauf's chunks (progressGroups): children are disjoint, so the sums add up.
  else
    await inChildChunks(db, 'results', chunkRows, beforeChunk, async (after, last) =>
      add(await db.query(query(true), [...fixed, after, last])),
    );
  return [...sums.values()];
}

/** The level of a scored question id. */
export function levelOf(questionId: number): 1 | 2 | 3 {
  return SCORED_QUESTION_LEVELS[questionId as keyof typeof SCORED_QUESTION_LEVELS];
}
