import type { Count, Overview } from '../../schemas/auswertung-api.ts';
import { SCORED_QUESTION_IDS, SCORED_QUESTION_LEVELS } from '../../src/domain/facts.ts';
import { type ResultRow, SELECT_COLUMNS, toStoredResult } from './result-store.ts';
import type { Queryable, StoredResult } from './types.ts';

/** What the researchers' page narrows every number and download to. All fields are optional. */
export interface ResultFilter {
  /** First test day, YYYY-MM-DD (inclusive). */
  from?: string;
  /** Last test day, YYYY-MM-DD (inclusive). */
  to?: string;
  language?: StoredResult['language'];
  school?: StoredResult['school'];
  /** A content version, or null for results sent without one (before versions existed). */
  contentVersion?: string | null;
}

/**
 * Sums from which item statistics and KR-20 follow without a second pass: per item the number
 * correct and the sum of total score over those who got it right; per level the sum and the sum
 * of squares of the level score. `language` null is the whole filtered set.
 */
export interface ItemSums {
  language: string | null;
  n: number;
  totalSum: number;
  totalSquares: number;
  items: { question: number; correct: number; totalWhenCorrect: number }[];
  levels: { level: 1 | 2 | 3; sum: number; squares: number }[];
}

/** Per language and total score: how many children, and how many of them solved each item. */
export interface ScoreStratum {
  language: string;
  total: number;
  n: number;
  /** Correct answers per question id, in SCORED_QUESTION_IDS order. */
  correct: number[];
}

export interface ResearchStore {
  overview(filter: ResultFilter): Promise<Overview>;
  itemSums(filter: ResultFilter): Promise<ItemSums[]>;
  scoreStrata(filter: ResultFilter): Promise<ScoreStratum[]>;
  /** The filtered results stored when the call began, in id order, read in batches (readResults). */
  iterateResults(filter: ResultFilter, batchSize?: number): AsyncGenerator<StoredResult>;
  /** Deletes the result with this submission id; false when there is none. */
  deleteBySubmissionId(submissionId: string): Promise<boolean>;
  createSession(tokenHash: string, expiresAt: Date): Promise<void>;
  hasSession(tokenHash: string): Promise<boolean>;
  deleteSession(tokenHash: string): Promise<void>;
}

/** `WHERE …` with numbered parameters after `offset` existing ones. */
export function filterClause(filter: ResultFilter, offset = 0): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${offset + params.length}`));
  };
  if (filter.from) add((p) => `test_day >= ${p}::date`, filter.from);
  if (filter.to) add((p) => `test_day <= ${p}::date`, filter.to);
  if (filter.language) add((p) => `language = ${p}`, filter.language);
  if (filter.school) add((p) => `school = ${p}`, filter.school);
  if (filter.contentVersion === null) conditions.push('content_version IS NULL');
  else if (filter.contentVersion) add((p) => `content_version = ${p}`, filter.contentVersion);
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** Rows per query of an export: a few milliseconds of work between two turns for other requests. */
const EXPORT_BATCH_SIZE = 250;

/**
 * The filtered results stored when the call began, in id order, read `batchSize` rows per query.
 * Uploads arriving meanwhile get higher ids, so they can neither make an export longer nor, faster
 * than it reads, endless.
 *
 * The query has one shape, `id > $1 … ORDER BY id LIMIT n`, which the planner answers by walking
 * the primary key from where the last batch ended whatever it believes about the table. The
 * snapshot bound is checked here, not in SQL: with `AND id <= $max` and no statistics (PGlite runs
 * no autovacuum) the planner chose a bitmap scan plus sort of every remaining row per batch, and
 * reading 100,000 rows from PGlite took 32–41 s instead of about 6 s.
 */
export async function* readResults(
  db: Queryable,
  filter: ResultFilter = {},
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<StoredResult> {
  const [bound] = await db.query<{ last: number | string | null }>('SELECT max(id) AS last FROM results');
  const last = Number(bound?.last ?? 0);
  const { where, params } = filterClause(filter, 2);
  const condition = where ? `${where} AND id > $1` : 'WHERE id > $1';
  let after = 0;
  for (;;) {
    const rows = await db.query<ResultRow>(
      `SELECT ${SELECT_COLUMNS} FROM results ${condition} ORDER BY id LIMIT $2`,
      [after, batchSize, ...params],
    );
    for (const row of rows) {
      if (Number(row.id) > last) return;
      yield toStoredResult(row);
    }
    if (rows.length < batchSize) return;
    after = Number((rows[rows.length - 1] as ResultRow).id);
    // PGlite answers within the same turn of the event loop (its queries are synchronous
    // WebAssembly behind a promise), so without this an export would read the whole table before
    // any other request, upload or health check, got a turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Whole numbers come back as strings (pg) or BigInt (PGlite) from sum(); the queries cast to float8. */
const num = (value: unknown) => Number(value ?? 0);

export function createResearchStore(db: Queryable): ResearchStore {
  return {
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
        years: number | null;
        level: number;
        n: number;
      }>(
        `SELECT language, school, school_level, test_month AS month, content_version AS version,
                age_months / 12 AS years, assigned_level AS level, count(*)::int AS n
           FROM results ${where}
          GROUP BY language, school, school_level, test_month, content_version, age_months / 12, assigned_level`,
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
      const band = (years: number | null) => (years === null ? null : Math.min(10, Math.max(3, num(years))));
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
        levelsByLanguage: [...tally((group) => `${group.language}|${group.level}`)]
          .map(([key, n]) => {
            const [language, level] = key.split('|') as [string, string];
            return { language, level: Number(level), n };
          })
          .sort((a, b) => a.language.localeCompare(b.language) || a.level - b.level),
        levelsByAgeBand: [...tally((group) => `${band(group.years) ?? ''}|${group.level}`)]
          .map(([key, n]) => {
            const [years, level] = key.split('|') as [string, string];
            return { band: years === '' ? null : Number(years), level: Number(level), n };
          })
          .sort((a, b) => (a.band ?? 99) - (b.band ?? 99) || a.level - b.level),
      };
    },

    async itemSums(filter) {
      const groups = await scoreGroups(db, filter);
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

    async scoreStrata(filter) {
      const strata = new Map<string, ScoreStratum>();
      for (const group of await scoreGroups(db, filter)) {
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

    iterateResults(filter, batchSize) {
      return readResults(db, filter, batchSize);
    },

    async deleteBySubmissionId(submissionId) {
      const rows = await db.query<{ id: unknown }>(
        'DELETE FROM results WHERE submission_id = $1 RETURNING id',
        [submissionId.toLowerCase()],
      );
      return rows.length > 0;
    },

    async createSession(tokenHash, expiresAt) {
      await db.query('DELETE FROM auswertung_sessions WHERE expires_at < now()');
      await db.query('INSERT INTO auswertung_sessions (token_hash, expires_at) VALUES ($1, $2)', [
        tokenHash,
        expiresAt,
      ]);
    },
    async hasSession(tokenHash) {
      const rows = await db.query(
        'SELECT 1 FROM auswertung_sessions WHERE token_hash = $1 AND expires_at > now()',
        [tokenHash],
      );
      return rows.length > 0;
    },
    async deleteSession(tokenHash) {
      await db.query('DELETE FROM auswertung_sessions WHERE token_hash = $1', [tokenHash]);
    },
  };
}

/** Children with the same language and the same points on each level, and what they solved. */
interface ScoreGroup {
  language: string;
  points: [number, number, number];
  n: number;
  /** Correct answers per question id, in SCORED_QUESTION_IDS order. */
  correct: number[];
}

/**
 * The one scan behind the item table, KR-20 and DIF: at most 3 × 8³ groups, from which every
 * sum those statistics need follows exactly (total = sum of the level points).
 */
async function scoreGroups(db: Queryable, filter: ResultFilter): Promise<ScoreGroup[]> {
  const { where, params } = filterClause(filter);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT language, points_l1, points_l2, points_l3, count(*)::int AS n,
            ${SCORED_QUESTION_IDS.map((id) => `sum(q${id}::int)::int AS c${id}`).join(', ')}
       FROM results ${where}
      GROUP BY language, points_l1, points_l2, points_l3`,
    params,
  );
  return rows.map((row) => ({
    language: row.language as string,
    points: [num(row.points_l1), num(row.points_l2), num(row.points_l3)],
    n: num(row.n),
    correct: SCORED_QUESTION_IDS.map((id) => num(row[`c${id}`])),
  }));
}

/** The level of a scored question id. */
export function levelOf(questionId: number): 1 | 2 | 3 {
  return SCORED_QUESTION_LEVELS[questionId as keyof typeof SCORED_QUESTION_LEVELS];
}
