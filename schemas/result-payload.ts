import { z } from 'zod';

/**
 * The result a finished test sends to the collection server (PRODUCT.md decision 9).
 * No name, ever: the child's name never leaves the device.
 * The server validates with this schema; the client builds the payload with plain code and
 * imports only the type.
 */

/** Question ids that are scored and therefore sent (practice ids 7 and 9 are not). */
export const SCORED_QUESTION_IDS = [
  1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
] as const;

/** Result-side language codes: Turkish '2', Arabic '3', Romanian '4'. */
export const RESULT_LANGUAGE_CODES = { tr: '2', ar: '3', ro: '4' } as const;

const questionFlags = Object.fromEntries(
  SCORED_QUESTION_IDS.map((id) => [`question${id}`, z.boolean({ error: 'must be true or false' })]),
) as Record<`question${(typeof SCORED_QUESTION_IDS)[number]}`, z.ZodBoolean>;

export const resultPayloadSchema = z.strictObject({
  /** Client-made UUID; a repeated upload of the same result is stored once. */
  submissionId: z.uuid({ error: 'must be a UUID' }),
  /** Birth date as YYYY-MM-DD, or '' when the operator left it empty. */
  born: z.union([z.literal(''), z.iso.date({ error: 'must be a date YYYY-MM-DD or empty' })], {
    error: 'must be a date YYYY-MM-DD or empty',
  }),
  school: z.enum(['Kita', 'Grundschule', 'Foerderschule'], {
    error: 'must be Kita, Grundschule or Foerderschule',
  }),
  schoolLevel: z.enum(['', '1', '2', '3', '4'], { error: "must be '', '1', '2', '3' or '4'" }),
  language: z.enum(['2', '3', '4'], { error: "must be '2' (tr), '3' (ar) or '4' (ro)" }),
  ...questionFlags,
});

export type ResultPayload = z.infer<typeof resultPayloadSchema>;
