// How a stored row is read: the selected columns, their mapping to a StoredResult, the filter's
// WHERE clause and the batched read of exports. Shared by the upload store (result-store.ts) and
// the researchers' queries (research.ts), which import this and not each other.
import { PAIR_DAYS } from '../../src/children/bilingual.ts';
import { SCORED_QUESTION_IDS } from '../../src/domain/facts.ts';
import { GERMAN_RESULT_CODE } from '../languages.ts';
import type { Queryable, ResultFilter, StoredResult } from './types.ts';

export const QUESTION_COLUMNS = SCORED_QUESTION_IDS.map((id) => `q${id}`);

/**
 * The position of a result among the stored results of its child code, by test day and, on the
 * same day, by id (the order of arrival): 1 for the first test. Uses results_child_code.
 */
const CHILD_TEST_NUMBER = `CASE WHEN child_code IS NULL THEN NULL ELSE (
    SELECT count(*)::int FROM results AS earlier
     WHERE earlier.child_code = results.child_code
       AND (earlier.test_day, earlier.id) <= (results.test_day, results.id)
  ) END AS child_test_number`;

/**
 * German's result code as an SQL literal: result codes are whole numbers (schemas/language-pack.ts);
 * NULL, which pairs nothing, when no German pack has one.
 */
export const GERMAN_CODE_SQL =
  GERMAN_RESULT_CODE && /^[0-9]+$/.test(GERMAN_RESULT_CODE) ? `'${GERMAN_RESULT_CODE}'` : 'NULL';

/**
 * `column` of the bilingual partner of each row of `results` (docs/product.md §44, the tablet's rule
 * in src/children/bilingual.ts): of the same child (child code and Einrichtungskennung, since two
 * Kitas may give the same code; on a tablet both are always the same) the test on the other side
 * (German or not), run to its end, whose test day is nearest and at most PAIR_DAYS away; the later
 * one (higher id) when two are as near. NULL for a row without a code or ended early, or without
 * such a test. Among all stored results, as 'Test Nr. des Kindes'. Uses results_child_code: a range
 * of one child's test days.
 */
export function bilingualPartner(column: string): string {
  return `CASE WHEN results.child_code IS NULL OR results.ended_reason IS NOT NULL THEN NULL ELSE (
    SELECT partner.${column} FROM results AS partner
     WHERE partner.child_code = results.child_code
       AND partner.test_day BETWEEN results.test_day - ${PAIR_DAYS} AND results.test_day + ${PAIR_DAYS}
       AND partner.site IS NOT DISTINCT FROM results.site
       AND partner.ended_reason IS NULL
       AND (partner.language = ${GERMAN_CODE_SQL}) <> (results.language = ${GERMAN_CODE_SQL})
     ORDER BY abs(partner.test_day - results.test_day), partner.id DESC
     LIMIT 1
  ) END`;
}

export const SELECT_COLUMNS = [
  'id',
  'submission_id',
  'received_at',
  "coalesce(to_char(born, 'YYYY-MM-DD'), '') AS born",
  'school',
  'school_level',
  'language',
  ...QUESTION_COLUMNS,
  "to_char(test_date, 'YYYY-MM-DD') AS test_date",
  'content_version',
  'answers',
  'age_months',
  'points_l1',
  'points_l2',
  'points_l3',
  'assigned_level',
  'child_code',
  CHILD_TEST_NUMBER,
  'site',
  'translation_status',
  'ended_reason',
  'ended_last_question',
  'not_reached',
  'understanding',
  'research_consent',
  `${bilingualPartner('submission_id')} AS bilingual_partner`,
].join(', ');

export interface ResultRow {
  id: number | string | bigint;
  submission_id: string;
  received_at: Date;
  born: string;
  school: StoredResult['school'];
  school_level: StoredResult['schoolLevel'];
  language: StoredResult['language'];
  test_date: string | null;
  content_version: string | null;
  answers: StoredResult['answers'] | string | null;
  age_months: number | null;
  points_l1: number;
  points_l2: number;
  points_l3: number;
  assigned_level: number;
  child_code: string | null;
  child_test_number: number | string | null;
  site: string | null;
  translation_status: 'geprüft' | 'Entwurf' | null;
  ended_reason: NonNullable<StoredResult['endedEarly']>['reason'] | null;
  ended_last_question: number | null;
  not_reached: number;
  understanding: NonNullable<StoredResult['understanding']> | null;
  research_consent: NonNullable<StoredResult['researchConsent']> | null;
  bilingual_partner: string | null;
  [question: `q${number}`]: boolean;
}

export function toStoredResult(row: ResultRow): StoredResult {
  const result: Record<string, unknown> = {
    id: Number(row.id),
    submissionId: row.submission_id,
    receivedAt: row.received_at,
    born: row.born,
    school: row.school,
    schoolLevel: row.school_level,
    language: row.language,
  };
  // A question a test ended early did not reach is null again, as it was sent (migration 009).
  for (const id of SCORED_QUESTION_IDS)
    result[`question${id}`] = (Number(row.not_reached) & (1 << id)) !== 0 ? null : row[`q${id}`];
  // Rows stored before the research fields existed have none: they stay absent, not empty.
  if (row.test_date) result.testDate = row.test_date;
  if (row.content_version) result.contentVersion = row.content_version;
  if (row.answers) result.answers = typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers;
  if (row.child_code) {
    result.childCode = row.child_code;
    result.childTestNumber = Number(row.child_test_number);
  }
  result.ageMonths = row.age_months === null ? null : Number(row.age_months);
  result.pointsPerLevel = [Number(row.points_l1), Number(row.points_l2), Number(row.points_l3)];
  result.assignedLevel = Number(row.assigned_level);
  if (row.site) result.site = row.site;
  if (row.translation_status) result.translationStatus = row.translation_status;
  if (row.ended_reason)
    result.endedEarly = { reason: row.ended_reason, lastQuestion: Number(row.ended_last_question) };
  // Unknown (stored before it was asked, or sent by an older app): absent, as it was sent.
  if (row.understanding) result.understanding = row.understanding;
  // Sent before the consent was asked (NULL): 'unknown', as a tablet without a recorded consent sends it.
  result.researchConsent = row.research_consent ?? 'unknown';
  if (row.bilingual_partner) result.bilingualPartner = row.bilingual_partner;
  return result as StoredResult;
}

/**
 * The conditions of each filter field, in one list: a new filter (server/auswertung/filters.ts
 * parses it) adds its line here.
 */
const FILTER_CONDITIONS: {
  [K in keyof Required<ResultFilter>]: (value: NonNullable<ResultFilter[K]>, placeholder: string) => string;
} = {
  from: (_value, p) => `test_day >= ${p}::date`,
  to: (_value, p) => `test_day <= ${p}::date`,
  language: (_value, p) => `language = ${p}`,
  school: (_value, p) => `school = ${p}`,
  contentVersion: (_value, p) => `content_version = ${p}`,
  site: (_value, p) => `site = ${p}`,
  scope: (_value, p) => `site = ANY(${p}::text[])`,
  // sound is derived from the answers (migration 006); NULL (no prompt details) counts as 'mit'.
  sound: (_value, p) => `(sound IS NOT DISTINCT FROM 'none') = (${p}::text = 'ohne')`,
  // 'vorzeitig beendet' (docs/product.md §38): 'nur' the tests ended early, 'ohne' every other.
  ended: (_value, p) => `(ended_reason IS NOT NULL) = (${p}::text = 'nur')`,
  // 'Sprachverständnis' (docs/product.md §39): the recorded answer; unknown ones only under 'alle'.
  understanding: (_value, p) => `understanding = ${p}`,
  // 'Profil' (docs/product.md §28): the stored flag of migration 011, the CSV's rule in SQL.
  profile: (_value, p) => `unusual = (${p}::text = 'nur')`,
  childCode: (_value, p) => `child_code = ${p}`,
  // Research sees only results with the parents' consent (docs/product.md §48); NULL is 'unknown'.
  researchConsent: (_value, p) => researchConsentCondition(p),
};

/**
 * Whether a row's research consent lets research see it under the rule `p` ('consent' or
 * 'consent-or-unknown', ResultFilter.researchConsent), for the results and the Verlauf's summary.
 */
export function researchConsentCondition(p: string): string {
  return `(research_consent = 'yes' OR (${p}::text = 'consent-or-unknown' AND coalesce(research_consent, 'unknown') = 'unknown'))`;
}

/** A filter's SQL condition per field, given its value and its parameter placeholder. */
export type FilterConditions = Partial<
  Record<keyof ResultFilter, (value: never, placeholder: string) => string>
>;

/**
 * The conditions of the fields a filter sets, from a table of conditions (the results' here, the
 * Verlauf summary's in research.ts), with numbered parameters after `offset` existing ones.
 */
export function filterConditions(
  filter: ResultFilter,
  table: FilterConditions,
  offset = 0,
): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  for (const [key, condition] of Object.entries(table) as [
    keyof ResultFilter,
    (value: unknown, placeholder: string) => string,
  ][]) {
    const value = filter[key];
    if (value === undefined || value === '') continue;
    // Results sent before content versions existed: the filter 'ohne' (null).
    if (value === null) {
      if (key === 'contentVersion') conditions.push('content_version IS NULL');
      continue;
    }
    params.push(value);
    conditions.push(condition(value, `$${offset + params.length}`));
  }
  return { conditions, params };
}

/** The filter as one boolean SQL expression ('TRUE' without conditions), for a row kept or not. */
export function filterExpression(
  filter: ResultFilter,
  offset = 0,
): { expression: string; params: unknown[] } {
  const { conditions, params } = filterConditions(filter, FILTER_CONDITIONS, offset);
  return { expression: conditions.length ? `(${conditions.join(' AND ')})` : 'TRUE', params };
}

/** `WHERE …` with numbered parameters after `offset` existing ones. */
export function filterClause(filter: ResultFilter, offset = 0): { where: string; params: unknown[] } {
  const { conditions, params } = filterConditions(filter, FILTER_CONDITIONS, offset);
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
/**
 * Without statistics the planner guesses the table's rows from its width, and once results grew
 * wide enough (migration 017's columns) it chose a sequential scan and a sort for every batch: an
 * export read the whole table once per 100 rows. A table that was never analysed (a fresh restore,
 * an import before housekeeping's first pass, see housekeeping.ts) is analysed first: ANALYZE
 * reads a sample of at most 30,000 rows, once.
 */
async function analyseIfNeverAnalysed(db: Queryable): Promise<void> {
  const [table] = await db.query<{ tuples: number | string }>(
    "SELECT reltuples AS tuples FROM pg_class WHERE oid = 'results'::regclass",
  );
  if (Number(table?.tuples) >= 0) return;
  try {
    await db.query('ANALYZE results');
  } catch (error) {
    // A role that may read but not analyse the table still exports, only more slowly.
    console.warn('Export: could not analyse the results table', error);
  }
}

export async function* readResults(
  db: Queryable,
  filter: ResultFilter = {},
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<StoredResult> {
  await analyseIfNeverAnalysed(db);
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
