import { SCORED_QUESTION_IDS, SCORED_QUESTION_LEVELS } from '../../schemas/result-constants.ts';
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

/** A count per value of one dimension. */
export interface Count {
  key: string | null;
  n: number;
}

export interface Overview {
  total: number;
  byLanguage: Count[];
  bySchool: Count[];
  bySchoolLevel: Count[];
  /** YYYY-MM of the test day. */
  byMonth: Count[];
  /** Assigned level (1..4) per language. */
  levelsByLanguage: { language: string; level: number; n: number }[];
  /** Assigned level per age band: whole years 3 (= under 4) … 10 (= 10 and older); null = unknown. */
  levelsByAgeBand: { band: number | null; level: number; n: number }[];
  /** Content versions present in the data (for the filter). */
  contentVersions: Count[];
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
  /** The filtered results in id order, read in batches. */
  iterateResults(filter: ResultFilter, batchSize?: number): AsyncGenerator<StoredResult>;
  /** Deletes the result with this submission id; false when there is none. */
  deleteBySubmissionId(submissionId: string): Promise<boolean>;
  createSession(tokenHash: string, expiresAt: Date): Promise<void>;
  hasSession(tokenHash: string): Promise<boolean>;
  deleteSession(tokenHash: string): Promise<void>;
}

const TOTAL = '(points_l1 + points_l2 + points_l3)';
const LEVEL_POINTS = { 1: 'points_l1', 2: 'points_l2', 3: 'points_l3' } as const;

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

/** Whole numbers come back as strings (pg) or BigInt (PGlite) from sum(); the queries cast to float8. */
const num = (value: unknown) => Number(value ?? 0);

export function createResearchStore(db: Queryable): ResearchStore {
  return {
    async overview(filter) {
      const { where, params } = filterClause(filter);
      // One scan for every count of the page: GROUPING SETS computes each grouping in the same pass.
      const rows = await db.query<{
        language: string | null;
        school: string | null;
        school_level: string | null;
        month: string | null;
        band: number | null;
        level: number | null;
        version: string | null;
        g: number;
        n: number;
      }>(
        `SELECT language, school, school_level, month, band, assigned_level AS level, version,
                GROUPING(language, school, school_level, month, band, assigned_level, version)::int AS g,
                count(*)::int AS n
           FROM (SELECT language, school, school_level, assigned_level, content_version AS version,
                        to_char(test_day, 'YYYY-MM') AS month,
                        CASE WHEN age_months IS NOT NULL THEN least(greatest(age_months / 12, 3), 10) END AS band
                   FROM results ${where}) AS filtered
          GROUP BY GROUPING SETS ((), (language), (school), (school_level), (month), (version),
                                  (language, assigned_level), (band, assigned_level))`,
        params,
      );
      // GROUPING() has one bit per argument, the first argument highest; a set bit = not grouped by.
      const bit = { language: 64, school: 32, school_level: 16, month: 8, band: 4, level: 2, version: 1 };
      const groupedBy = (g: number, ...columns: (keyof typeof bit)[]) =>
        Object.entries(bit).every(([name, mask]) =>
          columns.includes(name as keyof typeof bit) ? (g & mask) === 0 : (g & mask) !== 0,
        );
      const counts = (column: 'language' | 'school' | 'school_level' | 'month' | 'version'): Count[] =>
        rows
          .filter((row) => groupedBy(row.g, column))
          .map((row) => ({ key: row[column], n: row.n }))
          // Unknown (null) last: results without that field, e.g. sent before it existed.
          .sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key)));
      return {
        total: rows.find((row) => groupedBy(row.g))?.n ?? 0,
        byLanguage: counts('language'),
        bySchool: counts('school'),
        bySchoolLevel: counts('school_level'),
        byMonth: counts('month'),
        contentVersions: counts('version'),
        levelsByLanguage: rows
          .filter((row) => groupedBy(row.g, 'language', 'level'))
          .map((row) => ({ language: row.language as string, level: num(row.level), n: row.n }))
          .sort((a, b) => a.language.localeCompare(b.language) || a.level - b.level),
        levelsByAgeBand: rows
          .filter((row) => groupedBy(row.g, 'band', 'level'))
          .map((row) => ({ band: row.band === null ? null : num(row.band), level: num(row.level), n: row.n }))
          .sort((a, b) => (a.band ?? 99) - (b.band ?? 99) || a.level - b.level),
      };
    },

    async itemSums(filter) {
      const { where, params } = filterClause(filter);
      const itemColumns = SCORED_QUESTION_IDS.flatMap((id) => [
        `sum(q${id}::int)::float8 AS c${id}`,
        `sum(CASE WHEN q${id} THEN ${TOTAL} ELSE 0 END)::float8 AS t${id}`,
      ]);
      const levelColumns = ([1, 2, 3] as const).flatMap((level) => [
        `sum(${LEVEL_POINTS[level]})::float8 AS l${level}`,
        `sum(${LEVEL_POINTS[level]} * ${LEVEL_POINTS[level]})::float8 AS l${level}sq`,
      ]);
      const rows = await db.query<Record<string, unknown>>(
        `SELECT language, GROUPING(language)::int AS g, count(*)::int AS n,
                sum(${TOTAL})::float8 AS total, sum(${TOTAL} * ${TOTAL})::float8 AS total_sq,
                ${[...itemColumns, ...levelColumns].join(', ')}
           FROM results ${where}
          GROUP BY GROUPING SETS ((language), ())`,
        params,
      );
      return rows
        .map(
          (row): ItemSums => ({
            language: num(row.g) === 1 ? null : (row.language as string),
            n: num(row.n),
            totalSum: num(row.total),
            totalSquares: num(row.total_sq),
            items: SCORED_QUESTION_IDS.map((id) => ({
              question: id,
              correct: num(row[`c${id}`]),
              totalWhenCorrect: num(row[`t${id}`]),
            })),
            levels: ([1, 2, 3] as const).map((level) => ({
              level,
              sum: num(row[`l${level}`]),
              squares: num(row[`l${level}sq`]),
            })),
          }),
        )
        .sort((a, b) => (a.language ?? '').localeCompare(b.language ?? ''));
    },

    async scoreStrata(filter) {
      const { where, params } = filterClause(filter);
      const rows = await db.query<Record<string, unknown>>(
        `SELECT language, ${TOTAL} AS total, count(*)::int AS n,
                ${SCORED_QUESTION_IDS.map((id) => `sum(q${id}::int)::float8 AS c${id}`).join(', ')}
           FROM results ${where}
          GROUP BY language, ${TOTAL}
          ORDER BY language, total`,
        params,
      );
      return rows.map((row) => ({
        language: row.language as string,
        total: num(row.total),
        n: num(row.n),
        correct: SCORED_QUESTION_IDS.map((id) => num(row[`c${id}`])),
      }));
    },

    async *iterateResults(filter, batchSize = 1000) {
      const { where, params } = filterClause(filter, 2);
      const condition = where ? `${where} AND id > $1` : 'WHERE id > $1';
      let after = 0;
      for (;;) {
        const rows = await db.query<ResultRow>(
          `SELECT ${SELECT_COLUMNS} FROM results ${condition} ORDER BY id LIMIT $2`,
          [after, batchSize, ...params],
        );
        for (const row of rows) yield toStoredResult(row);
        if (rows.length < batchSize) return;
        after = Number((rows[rows.length - 1] as ResultRow).id);
      }
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

/** The level of a scored question id. */
export function levelOf(questionId: number): 1 | 2 | 3 {
  return SCORED_QUESTION_LEVELS[questionId as keyof typeof SCORED_QUESTION_LEVELS];
}
