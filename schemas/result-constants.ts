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
