import { z } from 'zod';

/**
 * The schema of one question pack file under content/questions/.
 * Build-side only: the client imports the inferred *types*, never this module's values.
 */

export const LANGUAGES = ['de', 'tr', 'ar', 'ro'] as const;
/** Languages a child can be tested in (German is the authors' reference only). */
export const CHILD_LANGUAGES = ['tr', 'ar', 'ro'] as const;

export const MIN_TIMER_INTERVAL_MS = 200;
export const MAX_TIMER_INTERVAL_MS = 10_000;

const text = z.string({ error: 'must be a text' }).trim().min(1, { error: 'must not be empty' });

export const textsSchema = z.strictObject({
  /** Shown first: what is going on ("Ich zähle: 1, 2, 3, 5, 6."). */
  situationText: text,
  /** The question the child answers. */
  questionText: text,
  /** Label above the answer field (required for CountAndForgotten). */
  answerText: text.optional(),
});

const allTexts = z.strictObject({
  de: textsSchema,
  tr: textsSchema,
  ar: textsSchema,
  ro: textsSchema,
});

/** A picture file name under content/pictures/, e.g. `dots-5-row.svg`. */
export const pictureName = z
  .string({ error: 'must be a picture file name' })
  .regex(/^[a-z0-9][a-z0-9-]*\.(svg|png)$/, {
    error: 'must be a file name like "dots-5-row.svg" (lower case, digits, dashes; .svg or .png)',
  });

const integer = z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' });
const timerInterval = integer
  .min(MIN_TIMER_INTERVAL_MS, { error: `must be at least ${MIN_TIMER_INTERVAL_MS} ms` })
  .max(MAX_TIMER_INTERVAL_MS, { error: `must be at most ${MAX_TIMER_INTERVAL_MS} ms` });
const yesNo = z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (Ja) or 1 (Nein)' });
const scoredLevel = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'must be 1, 2 or 3 for a scored question (0 is only for practice types)',
});

const common = {
  /** Position in the test, 1..23 without gaps. */
  id: integer.min(1, { error: 'must be 1 or more' }),
  /** 1–3 for scored questions, 0 only for the practice types. */
  level: scoredLevel,
  /** The right answer as a number. */
  correctAnswer: integer,
  /** Texts per language: de (reference), tr, ar, ro. */
  texts: allTexts,
};

/** dotRow: 0 = the child's box, n > 0 = a box with n dots, n < 0 = a fixed picture from dotImages. */
const dotRow = z
  .array(integer.min(-15).max(15), { error: 'must be a list of whole numbers' })
  .min(1, { error: 'must have at least one box' })
  .max(15, { error: 'must have at most 15 boxes (5 columns × 3 rows)' });
const dotImages = z.record(
  z.string().regex(/^-[1-9][0-9]*$/, { error: 'keys must be negative numbers' }),
  pictureName,
);

export const questionSchema = z.discriminatedUnion(
  'answerType',
  [
    z.strictObject({ ...common, answerType: z.literal('TextInput'), image: pictureName.optional() }),
    z.strictObject({
      ...common,
      answerType: z.literal('MultipleChoice'),
      possibleAnswers: z.array(integer).min(2, { error: 'must offer at least two answers' }),
      image: pictureName.optional(),
    }),
    z.strictObject({
      ...common,
      answerType: z.literal('MultipleChoiceWithImages'),
      possibleAnswers: z.array(integer).min(2, { error: 'must offer at least two answers' }),
      /** The picture shown beside every choice. */
      choiceImage: pictureName,
    }),
    z.strictObject({
      ...common,
      answerType: z.literal('TimerTextInput'),
      timerImage: pictureName,
      timerInterval,
    }),
    z.strictObject({
      ...common,
      answerType: z.literal('ImageCompare'),
      correctAnswer: yesNo,
      timerImage: pictureName,
      timerImage2: pictureName,
      timerInterval,
    }),
    z.strictObject({
      ...common,
      answerType: z.literal('CountAndForgotten'),
      texts: z.strictObject({
        de: textsSchema.required({ answerText: true }),
        tr: textsSchema.required({ answerText: true }),
        ar: textsSchema.required({ answerText: true }),
        ro: textsSchema.required({ answerText: true }),
      }),
    }),
    z.strictObject({ ...common, answerType: z.literal('FiveFingers') }),
    z.strictObject({
      ...common,
      answerType: z.literal('MoveDots'),
      dotRow,
      dotImages: dotImages.optional(),
    }),
    z.strictObject({
      ...common,
      answerType: z.literal('MoveDotsExample'),
      level: z.literal(0, { error: 'must be 0: practice questions are not scored' }),
      dotRow,
      dotImages: dotImages.optional(),
    }),
    z.strictObject({
      ...common,
      answerType: z.literal('TimerImageExample'),
      level: z.literal(0, { error: 'must be 0: practice questions are not scored' }),
      correctAnswer: yesNo,
      timerImage: pictureName,
      timerImage2: pictureName,
      timerInterval,
    }),
  ],
  {
    error:
      'unknown answerType — use one of TextInput, MultipleChoice, MultipleChoiceWithImages, TimerTextInput, ImageCompare, CountAndForgotten, FiveFingers, MoveDots, MoveDotsExample, TimerImageExample',
  },
);

export type Language = (typeof LANGUAGES)[number];
export type ChildLanguage = (typeof CHILD_LANGUAGES)[number];
export type Texts = z.infer<typeof textsSchema>;
export type QuestionSource = z.infer<typeof questionSchema>;
export type AuthoredAnswerType = QuestionSource['answerType'];

/** answerTypes that are practice (level 0, not scored, never uploaded). */
export const PRACTICE_TYPES = [
  'MoveDotsExample',
  'TimerImageExample',
] as const satisfies readonly AuthoredAnswerType[];

/** Which fields of a question name a picture file (for existence checks and compilation). */
export const PICTURE_FIELDS = ['image', 'choiceImage', 'timerImage', 'timerImage2'] as const;
