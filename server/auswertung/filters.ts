import { z } from 'zod';
import type { ChildTest } from '../../schemas/auswertung-api.ts';
import { isStorableBirthDate } from '../../src/domain/date.ts';
import { SCHOOLS, SITE_PATTERN, type Understanding } from '../../src/domain/facts.ts';
import type { ResultFilter } from '../db/types.ts';
import { RESULT_CODES } from '../languages.ts';

/** The values of the filter 'Ton'; the page starts with 'mit', the API without it means 'alle'. */
export const SOUND_FILTERS = ['mit', 'ohne', 'alle'] as const;

/** The values of the filter 'vorzeitig beendet' (docs/product.md §38); the page starts with 'ohne', the API without it means 'alle'. */
export const ENDED_FILTERS = ['ohne', 'nur', 'alle'] as const;

/** The values of the filter 'Profil' (docs/product.md §28): unusual profiles 'nur', 'ohne' or 'alle' (the default). */
export const PROFILE_FILTERS = ['alle', 'nur', 'ohne'] as const;

/**
 * The values of the filter 'Sprachverständnis' (docs/product.md §39) and the recorded answer each
 * selects; 'alle' (also the API without it) keeps every result, those without an answer included.
 */
export const UNDERSTANDING_FILTERS = { ja: 'yes', teilweise: 'partly', nein: 'no' } as const satisfies Record<
  string,
  Understanding
>;

/** The values of 'Tests je Kind' (ChildTest): which test of each child the statistics use; default 'erster'. */
export const CHILD_TESTS = ['erster', 'letzter'] as const satisfies readonly ChildTest[];

/** A real day, 1900–2999 (the rule of the stored dates): the database refuses year 0 and beyond 9999. */
const DAY_ERROR = 'muss ein Datum JJJJ-MM-TT zwischen 1900 und 2999 sein';
export const isoDay = z.string({ error: DAY_ERROR }).refine(isStorableBirthDate, { error: DAY_ERROR });
const languages = [...RESULT_CODES];

/**
 * The filters of the researchers' page, one line each: the query parameter and its schema. A new
 * filter adds its line here, its condition in server/db/rows.ts (FILTER_CONDITIONS) and its field
 * in src/auswertung/filters.ts; one that selects results by an attribute also adds a column to the
 * Verlauf's summary (server/migrations/008_child_progress.sql) and its condition there
 * (SUMMARY_CONDITIONS in server/db/research.ts).
 */
const FILTER_FIELDS = {
  from: isoDay,
  to: isoDay,
  // The result codes of the language packs (content/languages/).
  language: z.enum(languages, {
    error: `muss einer sein von ${languages.map((code) => `'${code}'`).join(', ')}`,
  }),
  school: z.enum(SCHOOLS, { error: `muss einer sein von ${SCHOOLS.join(', ')}` }),
  /** A content version, or 'ohne' for results without one. */
  version: z.union([z.literal('ohne'), z.string().regex(/^[0-9a-f]{6,64}$/)], {
    error: "muss eine Inhaltsversion oder 'ohne' sein",
  }),
  /** An 'Einrichtungskennung' (the stored `site`), as the tablets send it. */
  site: z.string().regex(new RegExp(SITE_PATTERN), {
    error: 'keine gültige Einrichtungskennung (Buchstaben, Ziffern und „-“, höchstens 20 Zeichen)',
  }),
  /** 'Ton' (docs/product.md §24): 'mit' = not known to be silent, 'ohne' = silent, 'alle'. */
  sound: z.enum(SOUND_FILTERS, {
    error: 'unbekannter Wert für „Ton“: erlaubt sind „mit“, „ohne“ und „alle“',
  }),
  /** 'vorzeitig beendet' (docs/product.md §38): 'ohne' = run to the end, 'nur' = ended early, 'alle'. */
  ended: z.enum(ENDED_FILTERS, {
    error: 'unbekannter Wert für „vorzeitig beendet“: erlaubt sind „ohne“, „nur“ und „alle“',
  }),
  /** 'Sprachverständnis' (docs/product.md §39): 'ja', 'teilweise', 'nein' as recorded, or 'alle'. */
  understanding: z.enum(
    [...Object.keys(UNDERSTANDING_FILTERS), 'alle'] as ['ja', 'teilweise', 'nein', 'alle'],
    {
      error: 'unbekannter Wert für „Sprachverständnis“: erlaubt sind „ja“, „teilweise“, „nein“ und „alle“',
    },
  ),
  /** 'Profil' (docs/product.md §28): 'nur' = unusual profiles only, 'ohne' = without them, 'alle'. */
  profile: z.enum(PROFILE_FILTERS, {
    error:
      'unbekannter Wert für „Profil“: erlaubt sind „alle“, „nur“ (nur ungewöhnliche) und „ohne“ (ohne ungewöhnliche)',
  }),
  /**
   * 'Tests je Kind' (docs/product.md §24): the test of each child the statistics use. Not a
   * selection of results: counts and downloads ignore it.
   */
  test: z.enum(CHILD_TESTS, {
    error: 'unbekannter Wert für „Tests je Kind“: erlaubt sind „erster“ und „letzter“',
  }),
};

/** Shown on the page as it is (German): the one filter error a researcher can make by hand. */
export const FROM_AFTER_TO = 'Das Datum „von“ liegt nach dem Datum „bis“. Bitte den Zeitraum korrigieren.';

/** A query string without its empty fields: an empty field of a filter form means "any". */
export function withoutEmptyFields(query: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ''),
  );
}

/** The query string of every statistics and download request, parsed into a ResultFilter. */
export const filterQuery = z
  .preprocess(
    withoutEmptyFields,
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
    ({ version, sound, ended, understanding, profile, test, ...rest }): StatisticsFilter => ({
      ...rest,
      ...(version === undefined ? {} : { contentVersion: version === 'ohne' ? null : version }),
      ...(sound === undefined || sound === 'alle' ? {} : { sound }),
      ...(ended === undefined || ended === 'alle' ? {} : { ended }),
      ...(understanding === undefined || understanding === 'alle'
        ? {}
        : { understanding: UNDERSTANDING_FILTERS[understanding] }),
      ...(profile === undefined || profile === 'alle' ? {} : { profile }),
      test: test ?? 'erster',
    }),
  );

/** The parsed query: the results it selects, and which test of each child the statistics use. */
export type StatisticsFilter = ResultFilter & { test: ChildTest };

/** The messages of a refused filter: "from: muss ein Datum … sein", "x: unbekannter Filter". */
export function describeFilterIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')}: unbekannter Filter`;
      if (issue.path.length === 0) return issue.message;
      return `${issue.path.join('.')}: ${issue.message}`;
    })
    .join('; ');
}
