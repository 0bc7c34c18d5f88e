import { z } from 'zod';
import { isStorableBirthDate } from '../src/domain/date.ts';
import {
  CHILD_CODE_PATTERN,
  SCHOOL_LEVELS,
  SCHOOLS,
  SCORED_QUESTION_IDS,
  SITE_PATTERN,
} from '../src/domain/facts.ts';

export { SCORED_QUESTION_IDS } from '../src/domain/facts.ts';

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

/** A duration in whole milliseconds, up to a day (anything longer is a clock fault). */
const milliseconds = z
  .number({ error: 'must be a number of milliseconds' })
  .int({ error: 'must be whole milliseconds' })
  .min(0, { error: 'must not be negative' })
  .max(86_400_000, { error: 'must be at most a day' });

const scoredIds = new Set<number>(SCORED_QUESTION_IDS);

/**
 * What happened on one scored question, for research (docs/product.md §24). Unknown fields are
 * dropped rather than refused: a newer app may send more, and its result must still be stored.
 */
export const answerDetailSchema = z.object({
  /** The question's id (a scored question). */
  question: z
    .number()
    .int()
    .refine((id) => scoredIds.has(id), { error: 'must be the id of a scored question' }),
  /** The answer as entered (a number as text, '' when none). */
  given: z.string({ error: 'must be text' }).max(100, { error: 'must be at most 100 characters' }),
  responseTimeMs: milliseconds,
  /** Measured on-screen time of the first flash of a timed picture. */
  exposureMs: milliseconds.optional(),
  /** Every measured exposure when the educator repeated a flash. */
  exposuresMs: z.array(milliseconds).max(10).optional(),
  /** The page was hidden during the flash: the exposure is not trustworthy. */
  pageHiddenDuringExposure: z.boolean().optional(),
  /** The flash's first frame reached the screen this many ms late; its exposure was timed from then. */
  lateFirstFrameMs: milliseconds.optional(),
  /** A reload interrupted the question during or after its flash. */
  interrupted: z.boolean().optional(),
  /** How the spoken prompt was delivered and how often the speaker button replayed it. */
  prompt: z
    .object({
      source: z.enum(['recording', 'synthesis', 'none'], {
        error: "must be 'recording', 'synthesis' or 'none'",
      }),
      replays: z.number().int().min(0).max(1000),
    })
    .optional(),
  /** 'Weiß nicht': the child gave no answer (scored false, kept apart from a wrong answer). */
  noAnswer: z.literal(true, { error: 'must be true when present' }).optional(),
});

export type AnswerDetail = z.infer<typeof answerDetailSchema>;

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
  // The pack's resultCode ('2' tr, '3' ar, '4' ro, …); the server accepts only its packs' codes.
  language: z
    .string({ error: "must be a language code like '2' (tr)" })
    .regex(/^[1-9][0-9]{0,2}$/, { error: "must be a language code like '2' (tr)" }),
  ...questionFlags,
  // Added for research (docs/product.md §24); optional, so uploads of the first shape stay valid.
  /** 'Entwurf' when the language's texts are a draft (content/languages/<code>.yaml status); optional, additive. */
  translationStatus: z.enum(['geprüft', 'Entwurf'], { error: 'must be geprüft or Entwurf' }).optional(),
  /** The local day the test was taken (YYYY-MM-DD); the upload may come days later. */
  testDate: z.iso.date({ error: 'must be a date YYYY-MM-DD' }).optional(),
  /** Short hash of the question packs the test used. */
  contentVersion: z
    .string()
    .regex(/^[0-9a-f]{6,64}$/, { error: 'must be a hexadecimal hash' })
    .optional(),
  /** Details of each scored question, at most one entry per question. */
  answers: z
    .array(answerDetailSchema)
    .max(SCORED_QUESTION_IDS.length, { error: `must have at most ${SCORED_QUESTION_IDS.length} entries` })
    .refine((details) => new Set(details.map((detail) => detail.question)).size === details.length, {
      error: 'must name each question once',
    })
    .optional(),
  /** The child's pseudonymous code, linking the tests of one child (never the name). */
  childCode: z
    .string()
    .regex(new RegExp(CHILD_CODE_PATTERN), {
      error: 'must be a child code: 6 of 23456789ABCDEFGHJKMNPQRSTVWXYZ',
    })
    .optional(),
  /** The 'Einrichtungskennung' of the tablet (e.g. KITA-017), set once per device behind the passphrase. */
  site: z
    .string()
    .regex(new RegExp(SITE_PATTERN), {
      error: "must be a site code: letters, digits and '-', at most 20, beginning with a letter or digit",
    })
    .optional(),
});

export type ResultPayload = z.infer<typeof resultPayloadSchema>;
