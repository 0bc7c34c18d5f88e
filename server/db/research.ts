import type { Count, Overview } from '../../schemas/auswertung-api.ts';
import { SCORED_QUESTION_IDS, SCORED_QUESTION_LEVELS } from '../../src/domain/facts.ts';
import { RESULT_CODES } from '../languages.ts';
import { filterClause, readResults } from './rows.ts';
import type {
  ItemSums,
  ProgressGroupRow,
  Queryable,
  ResearchStore,
  ResultFilter,
  ScoreStratum,
} from './types.ts';

export type { ItemSums, ResearchStore, ResultFilter, ScoreStratum };

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
        ...(await siteAndSoundCounts(db, filter)),
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

    async progressGroups(filter) {
      return progressGroups(db, filter);
    },

    iterateResults(filter, batchSize) {
      return readResults(db, filter, batchSize);
    },

    async countByChildCode(childCode) {
      const rows = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM results WHERE child_code = $1',
        [childCode],
      );
      return num(rows[0]?.n);
    },

    async deleteByChildCode(childCode) {
      const rows = await db.query<{ id: unknown }>('DELETE FROM results WHERE child_code = $1 RETURNING id', [
        childCode,
      ]);
      return rows.length;
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

/**
 * The counts behind the filters 'Einrichtungskennung' and 'Ton': the codes present and the results
 * per sound, each under the other filters (so that the select offers every other code), and how
 * many silent results 'Ton: mit' leaves out.
 */
async function siteAndSoundCounts(
  db: Queryable,
  filter: ResultFilter,
): Promise<Pick<Overview, 'sites' | 'bySound' | 'soundExcluded'>> {
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
  return { sites, bySound, soundExcluded };
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

/**
 * The one scan behind the item table, KR-20 and DIF: at most 3 × 8³ groups, from which every
 * sum those statistics need follows exactly (total = sum of the level points).
 */
async function scoreGroups(db: Queryable, filter: ResultFilter): Promise<ScoreGroup[]> {
  const { where, params } = filterClause(filter);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT language, points_l1, points_l2, points_l3, count(*)::int AS n,
            ${SCORED_QUESTION_IDS.map((id) => `sum(q${id}::int)::int AS c${id}`).join(', ')},
            ${SCORED_QUESTION_IDS.map((id) => `sum((no_answers >> ${id}) & 1)::int AS u${id}`).join(', ')}
       FROM results ${where}
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
 * Bits of a test's sort key (progressKey): days since 1970 above the row id (the order of a child's
 * tests: test day, then arrival), above what the Verlauf needs of the test.
 */
const KEY_DAY_SHIFT = 47n;
const KEY_ID_SHIFT = 13n;
const PAYLOAD_BITS = 13;
/**
 * Index of each result language in 2 bits: the first three languages of the packs (tr, ar, ro);
 * 3 = any other, which the Verlauf shows without a language.
 */
const LANGUAGE_INDEX = RESULT_CODES.slice(0, 3);

/**
 * One bigint per test that sorts like (test day, id) and carries the test's language, assigned
 * level and points per level in its low 13 bits: 2 bits language, 2 bits level − 1, 3 bits per
 * level's points (0..7). min() and max() of it per child code are then the child's first and latest
 * test, found by one hash aggregation instead of a sort and eight window functions (about twice as
 * fast on 100,000 results). Days are 16 bits (up to 2149), ids 34 bits (17 billion results).
 */
const PROGRESS_KEY = `(least(65535, greatest(0, test_day - date '1970-01-01'))::bigint << ${KEY_DAY_SHIFT})
    | (id << ${KEY_ID_SHIFT})
    | ((CASE language ${LANGUAGE_INDEX.map((code, index) => `WHEN '${code}' THEN ${index}`).join(' ')} ELSE 3 END)::bigint << 11)
    | ((assigned_level - 1)::bigint << 9) | (points_l1::bigint << 6) | (points_l2::bigint << 3) | points_l3::bigint`;

/** The low bits of a progress key: language index, level and points of that test. */
function decodeTest(bits: number) {
  return {
    language: LANGUAGE_INDEX[bits >> 11] ?? '',
    level: ((bits >> 9) & 3) + 1,
    points: [(bits >> 6) & 7, (bits >> 3) & 7, bits & 7] as const,
  };
}

/**
 * The one scan behind the 'Verlauf' statistics: the filtered results with a child code, reduced to
 * each child's first and latest test (progressKey) and grouped by what the statistics need, so that
 * only a few thousand groups leave the database whatever the number of children.
 */
async function progressGroups(db: Queryable, filter: ResultFilter): Promise<ProgressGroupRow[]> {
  const { where, params } = filterClause(filter);
  const condition = where ? `${where} AND child_code IS NOT NULL` : 'WHERE child_code IS NOT NULL';
  const payload = (1 << PAYLOAD_BITS) - 1;
  const rows = await db.query<Record<string, unknown>>(
    `WITH children AS (
       SELECT count(*) AS tests, min(key) AS first, max(key) AS latest
         FROM (SELECT child_code, ${PROGRESS_KEY} AS key FROM results ${condition}) AS keyed
        GROUP BY child_code
     )
     SELECT tests > 1 AS repeated, (first & ${payload})::int AS first_bits,
            -- The latest test's language does not matter: only its level and points.
            (latest & ${payload >> 2})::int AS latest_bits,
            count(*)::int AS n, sum(tests)::float8 AS tests,
            sum((latest >> ${KEY_DAY_SHIFT}) - (first >> ${KEY_DAY_SHIFT}))::float8 AS days
       FROM children
      GROUP BY 1, 2, 3`,
    params,
  );
  return rows.map((row) => {
    const first = decodeTest(num(row.first_bits));
    const latest = decodeTest(num(row.latest_bits));
    return {
      repeated: row.repeated === true || row.repeated === 't',
      language: first.language,
      firstLevel: first.level,
      latestLevel: latest.level,
      change: [0, 1, 2].map((level) => (latest.points[level] ?? 0) - (first.points[level] ?? 0)) as [
        number,
        number,
        number,
      ],
      n: num(row.n),
      tests: num(row.tests),
      days: num(row.days),
    };
  });
}

/** The level of a scored question id. */
export function levelOf(questionId: number): 1 | 2 | 3 {
  return SCORED_QUESTION_LEVELS[questionId as keyof typeof SCORED_QUESTION_LEVELS];
}
