import { z } from 'zod';
import { isStorableBirthDate } from '../src/domain/date.ts';
import {
  CHILD_CODE_ALPHABET,
  CHILD_CODE_LENGTH,
  CHILD_CODE_PATTERN,
  END_REASONS,
  QUESTION_COUNT,
  RESEARCH_CONSENTS,
  SCHOOL_LEVELS,
  SCHOOLS,
  SCORED_QUESTION_IDS,
  SITE_PATTERN,
  UNDERSTANDINGS,
} from '../src/domain/facts.ts';
import { givenRefusal, isProducibleGiven } from './given-answer.ts';

export { SCORED_QUESTION_IDS } from '../src/domain/facts.ts';

/**
 * The result a finished test sends to the collection server (docs/product.md §9).
 * No name, ever: the child's name never leaves the device.
 * The server validates with this schema; the client builds the payload with plain code and
 * imports only the type. Its messages are German: the server answers a refusal with them, naming
 * the field (docs/product.md §32).
 */

/**
 * true or false; null only in a test ended early (docs/product.md §38), for a question not answered
 * (checked below with `endedEarly`).
 */
const questionFlags = Object.fromEntries(
  SCORED_QUESTION_IDS.map((id) => [
    `question${id}`,
    z.boolean({ error: 'muss true oder false sein (null nur bei vorzeitig beendetem Test)' }).nullable(),
  ]),
) as Record<`question${(typeof SCORED_QUESTION_IDS)[number]}`, z.ZodNullable<z.ZodBoolean>>;

/** 'Test beenden' (docs/product.md §38): why and after which question; strict, so no free text gets in. */
export const endedEarlySchema = z.strictObject(
  {
    reason: z.enum(END_REASONS, {
      error: "muss 'unwilling', 'unwell', 'language', 'disturbance' oder 'other' sein",
    }),
    lastQuestion: z
      .number({ error: `muss eine ganze Zahl von 1 bis ${QUESTION_COUNT} sein` })
      .int({ error: `muss eine ganze Zahl von 1 bis ${QUESTION_COUNT} sein` })
      .min(1, { error: `muss eine ganze Zahl von 1 bis ${QUESTION_COUNT} sein` })
      .max(QUESTION_COUNT, { error: `muss eine ganze Zahl von 1 bis ${QUESTION_COUNT} sein` }),
  },
  { error: 'muss ein Objekt mit reason und lastQuestion sein' },
);

const BORN_ERROR = 'muss ein Datum JJJJ-MM-TT zwischen 1900 und 2999 sein, oder leer';
const TEST_DATE_ERROR = 'muss ein Datum JJJJ-MM-TT zwischen 1900 und 2999 sein';

/** A duration in whole milliseconds, up to a day (anything longer is a clock fault). */
const milliseconds = z
  .number({ error: 'muss eine Zahl von Millisekunden sein' })
  .int({ error: 'muss ganze Millisekunden angeben' })
  .min(0, { error: 'darf nicht negativ sein' })
  .max(86_400_000, { error: 'darf höchstens einen Tag lang sein' });

const scoredIds = new Set<number>(SCORED_QUESTION_IDS);

/** The child code's refusal (German), shared with the deletion by child code. */
export const CHILD_CODE_ERROR = `muss ein Kind-Code sein: ${CHILD_CODE_LENGTH} Zeichen aus ${CHILD_CODE_ALPHABET}`;
const SITE_ERROR =
  "muss eine Einrichtungskennung sein: Buchstaben, Ziffern und '-', höchstens 20, beginnend mit Buchstabe oder Ziffer";

/**
 * What happened on one scored question, for research (docs/product.md §24). Unknown fields are
 * dropped rather than refused: a newer app may send more, and its result must still be stored.
 */
export const answerDetailSchema = z
  .object(
    {
      /** The question's id (a scored question). */
      question: z
        .number({ error: 'muss die Nummer einer gewerteten Frage sein' })
        .int({ error: 'muss die Nummer einer gewerteten Frage sein' })
        .refine((id) => scoredIds.has(id), { error: 'muss die Nummer einer gewerteten Frage sein' }),
      /**
       * The answer as recorded: what the question's answer type can produce ('' = keine Antwort),
       * checked with the question below (schemas/given-answer.ts).
       */
      given: z
        .string({ error: 'muss ein Text sein' })
        .max(100, { error: 'darf höchstens 100 Zeichen haben' }),
      responseTimeMs: milliseconds,
      /** Measured on-screen time of the first flash of a timed picture. */
      exposureMs: milliseconds.optional(),
      /** Every measured exposure when the educator repeated a flash. */
      exposuresMs: z
        .array(milliseconds, { error: 'muss eine Liste von Millisekunden sein' })
        .max(10, { error: 'darf höchstens 10 Einträge haben' })
        .optional(),
      /** The page was hidden during the flash: the exposure is not trustworthy. */
      pageHiddenDuringExposure: z.boolean({ error: 'muss true oder false sein' }).optional(),
      /** The flash's first frame reached the screen this many ms late; its exposure was timed from then. */
      lateFirstFrameMs: milliseconds.optional(),
      /** A reload interrupted the question during or after its flash. */
      interrupted: z.boolean({ error: 'muss true oder false sein' }).optional(),
      /** How the spoken prompt was delivered and how often the speaker button replayed it. */
      prompt: z
        .object(
          {
            source: z.enum(['recording', 'synthesis', 'none'], {
              error: "muss 'recording', 'synthesis' oder 'none' sein",
            }),
            replays: z
              .number({ error: 'muss eine ganze Zahl von 0 bis 1000 sein' })
              .int({ error: 'muss eine ganze Zahl von 0 bis 1000 sein' })
              .min(0, { error: 'muss eine ganze Zahl von 0 bis 1000 sein' })
              .max(1000, { error: 'muss eine ganze Zahl von 0 bis 1000 sein' }),
          },
          { error: 'muss ein Objekt mit source und replays sein' },
        )
        .optional(),
      /** 'Weiß nicht': the child gave no answer (scored false, kept apart from a wrong answer). */
      noAnswer: z.literal(true, { error: 'muss true sein, wenn angegeben' }).optional(),
    },
    { error: 'muss ein Objekt sein' },
  )
  .superRefine((detail, context) => {
    // Only a scored question's answer is checked; an unknown id has its own message.
    if (!scoredIds.has(detail.question)) return;
    if (!isProducibleGiven(detail.question, detail.given))
      context.addIssue({ code: 'custom', path: ['given'], message: givenRefusal(detail.question) });
    else if (detail.noAnswer && detail.given !== '')
      context.addIssue({
        code: 'custom',
        path: ['given'],
        message: 'muss leer sein, wenn noAnswer (keine Antwort) gesetzt ist',
      });
  });

export type AnswerDetail = z.infer<typeof answerDetailSchema>;

const resultPayloadObject = z.strictObject(
  {
    /** Client-made UUID; a repeated upload of the same result is stored once. */
    submissionId: z.uuid({ error: 'muss eine UUID sein' }),
    /** Birth date as YYYY-MM-DD (a real day, 1900–2999, as the app sends it), or '' when left empty. */
    born: z.union(
      [z.literal(''), z.string({ error: BORN_ERROR }).refine(isStorableBirthDate, { error: BORN_ERROR })],
      { error: BORN_ERROR },
    ),
    school: z.enum(SCHOOLS, {
      error: 'muss Kita, Grundschule oder Foerderschule sein',
    }),
    schoolLevel: z.enum(SCHOOL_LEVELS, { error: "muss '', '1', '2', '3' oder '4' sein" }),
    // The pack's resultCode ('2' tr, '3' ar, '4' ro, …); the server accepts only its packs' codes.
    language: z
      .string({ error: "muss ein Sprachcode wie '2' (tr) sein" })
      .regex(/^[1-9][0-9]{0,2}$/, { error: "muss ein Sprachcode wie '2' (tr) sein" }),
    ...questionFlags,
    // Added for research (docs/product.md §24); optional, so uploads of the first shape stay valid.
    /** 'Entwurf' when the language's texts are a draft (content/languages/<code>.yaml status); optional, additive. */
    translationStatus: z.enum(['geprüft', 'Entwurf'], { error: 'muss geprüft oder Entwurf sein' }).optional(),
    /**
     * The local day the test was taken (YYYY-MM-DD, a real day, 1900–2999 like `born`, so that the
     * database takes every date the schema accepts); the upload may come days later.
     */
    testDate: z
      .string({ error: TEST_DATE_ERROR })
      .refine(isStorableBirthDate, { error: TEST_DATE_ERROR })
      .optional(),
    /** Short hash of the question packs the test used. */
    contentVersion: z
      .string({ error: 'muss ein Hexadezimal-Hash sein' })
      .regex(/^[0-9a-f]{6,64}$/, { error: 'muss ein Hexadezimal-Hash sein' })
      .optional(),
    /** Details of each scored question, at most one entry per question. */
    answers: z
      .array(answerDetailSchema, { error: 'muss eine Liste sein' })
      .max(SCORED_QUESTION_IDS.length, {
        error: `darf höchstens ${SCORED_QUESTION_IDS.length} Einträge haben`,
      })
      .refine((details) => new Set(details.map((detail) => detail.question)).size === details.length, {
        error: 'muss jede Frage höchstens einmal nennen',
      })
      .optional(),
    /** The child's pseudonymous code, linking the tests of one child (never the name). */
    childCode: z
      .string({ error: CHILD_CODE_ERROR })
      .regex(new RegExp(CHILD_CODE_PATTERN), { error: CHILD_CODE_ERROR })
      .optional(),
    /** The 'Einrichtungskennung' of the tablet (e.g. KITA-017), set once per device behind the passphrase. */
    site: z.string({ error: SITE_ERROR }).regex(new RegExp(SITE_PATTERN), { error: SITE_ERROR }).optional(),
    /** Set when the test was ended early with 'Test beenden' (docs/product.md §38); older clients omit it. */
    endedEarly: endedEarlySchema.optional(),
    /**
     * Whether the child understood the spoken language, recorded before the first task
     * (docs/product.md §39); older clients omit it, and the server stores null.
     */
    understanding: z.enum(UNDERSTANDINGS, { error: "muss 'yes', 'partly' oder 'no' sein" }).optional(),
    /**
     * The parents' consent to research use of this result (docs/product.md §48): 'yes', 'no' or
     * 'unknown' (none recorded on the device); older clients omit it, the server stores null
     * ('unbekannt').
     */
    researchConsent: z.enum(RESEARCH_CONSENTS, { error: "muss 'yes', 'no' oder 'unknown' sein" }).optional(),
  },
  { error: 'muss ein JSON-Objekt sein' },
);

export const resultPayloadSchema = resultPayloadObject.superRefine((payload, context) => {
  // A question not answered is null only in a test ended early; a finished test has true or false.
  if (payload.endedEarly) return;
  for (const id of SCORED_QUESTION_IDS) {
    if (payload[`question${id}`] === null)
      context.addIssue({
        code: 'custom',
        path: [`question${id}`],
        message: 'muss true oder false sein (null nur bei vorzeitig beendetem Test)',
      });
  }
});

export type ResultPayload = z.infer<typeof resultPayloadSchema>;
