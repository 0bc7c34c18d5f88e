import { z } from 'zod';
import { RESULT_LANGUAGE_CODES, SCHOOLS } from '../../src/domain/facts.ts';
import type { ResultFilter } from '../db/types.ts';

const isoDay = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
const languages = Object.values(RESULT_LANGUAGE_CODES);

/**
 * The filters of the researchers' page, one line each: the query parameter and its schema. A new
 * filter adds its line here, its condition in server/db/rows.ts (FILTER_CONDITIONS) and its field
 * in src/auswertung/filters.ts.
 */
const FILTER_FIELDS = {
  from: isoDay,
  to: isoDay,
  language: z.enum(languages, { error: `must be ${languages.map((code) => `'${code}'`).join(', ')}` }),
  school: z.enum(SCHOOLS, { error: `must be ${SCHOOLS.join(', ')}` }),
  /** A content version, or 'ohne' for results without one. */
  version: z.union([z.literal('ohne'), z.string().regex(/^[0-9a-f]{6,64}$/)], {
    error: "must be a content version or 'ohne'",
  }),
};

/** Shown on the page as it is (German): the one filter error a researcher can make by hand. */
export const FROM_AFTER_TO = 'Das Datum „von“ liegt nach dem Datum „bis“. Bitte den Zeitraum korrigieren.';

/** The query string of every statistics and download request, parsed into a ResultFilter. */
export const filterQuery = z
  .preprocess(
    // An empty field of the filter form means "any".
    (query) =>
      Object.fromEntries(
        Object.entries((query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ''),
      ),
    z
      .strictObject(
        Object.fromEntries(
          Object.entries(FILTER_FIELDS).map(([key, schema]) => [key, schema.optional()]),
        ) as {
          [K in keyof typeof FILTER_FIELDS]: z.ZodOptional<(typeof FILTER_FIELDS)[K]>;
        },
      )
      // ISO dates compare as text.
      .refine((query) => !query.from || !query.to || query.from <= query.to, { error: FROM_AFTER_TO }),
  )
  .transform(
    ({ version, ...rest }): ResultFilter => ({
      ...rest,
      ...(version === undefined ? {} : { contentVersion: version === 'ohne' ? null : version }),
    }),
  );

/** The messages of a refused filter: "from: must be a date …", "x: unknown filter". */
export function describeFilterIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')}: unknown filter`;
      if (issue.path.length === 0) return issue.message;
      return `${issue.path.join('.')}: ${issue.message}`;
    })
    .join('; ');
}
