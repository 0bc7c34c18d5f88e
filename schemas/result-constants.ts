/**
 * Plain constants of the result payload (PRODUCT.md decision 9), free of zod so that the client
 * bundle can import them; `result-payload.ts` builds the server-side schema from them.
 */

/** Question ids that are scored and therefore sent (practice ids 7 and 9 are not). */
export const SCORED_QUESTION_IDS = [
  1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
] as const;

/** Result-side language codes: Turkish '2', Arabic '3', Romanian '4'. */
export const RESULT_LANGUAGE_CODES = { tr: '2', ar: '3', ro: '4' } as const;

/** Birth years the server stores; anything else is a typo (the year 20190) rather than a child. */
export const BIRTH_YEARS = { first: 1900, last: 2999 } as const;

/**
 * Whether `date` is a birth date the server stores: YYYY-MM-DD, a real day of the calendar, year
 * 1900–2999. The app sends anything else as '' and the server refuses it, by this one rule.
 */
export function isStorableBirthDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  const real =
    parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
  return real && year >= BIRTH_YEARS.first && year <= BIRTH_YEARS.last;
}
