import { z } from 'zod';
import { isStorableBirthDate } from '../src/domain/date.ts';
import { RESULT_LANGUAGE_CODES, SCHOOL_LEVELS, SCHOOLS, SCORED_QUESTION_IDS } from '../src/domain/facts.ts';

export { RESULT_LANGUAGE_CODES, SCORED_QUESTION_IDS } from '../src/domain/facts.ts';

/**
 * The result a finished test sends to the collection server (docs/product.md §9).
 * No name, ever: the child's name never leaves the device.
 * The server validates with this schema; the client builds the payload with plain code and
 * imports only the type.
 */

const questionFlags = Object.fromEntries(
  SCORED_QUESTION_IDS.map((id) => [`question${id}`, z.boolean({ error: 'must be true or false' })]),
) as Record<`question${(typeof SCORED_QUESTION_IDS)[number]}`, z.ZodBoolean>;

const BORN_ERROR = 'must be a date YYYY-MM-DD between 1900 and 2999, or empty';

export const resultPayloadSchema = z.strictObject({
  /** Client-made UUID; a repeated upload of the same result is stored once. */
  submissionId: z.uuid({ error: 'must be a UUID' }),
  /** Birth date as YYYY-MM-DD (a real day, 1900–2999, as the app sends it), or '' when left empty. */
  born: z.union(
    [z.literal(''), z.string({ error: BORN_ERROR }).refine(isStorableBirthDate, { error: BORN_ERROR })],
    { error: BORN_ERROR },
  ),
  school: z.enum(SCHOOLS, {
    error: 'must be Kita, Grundschule or Foerderschule',
  }),
  schoolLevel: z.enum(SCHOOL_LEVELS, { error: "must be '', '1', '2', '3' or '4'" }),
  language: z.enum(Object.values(RESULT_LANGUAGE_CODES), { error: "must be '2' (tr), '3' (ar) or '4' (ro)" }),
  ...questionFlags,
});

export type ResultPayload = z.infer<typeof resultPayloadSchema>;
