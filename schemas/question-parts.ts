import { z } from 'zod';
import { MOVABLE_DOTS } from '../src/domain/facts.ts';

/**
 * The building blocks of the question schema: fields, texts, pictures and cross-field checks that
 * the answer types' schema parts (src/answer-types/<type>/schema.ts) put together. Build side only.
 *
 * Every error text reads "what is wrong — what to do": scripts/content/load.ts prefixes it with the
 * file, line, column and field path of the YAML node, so an author can fix the pack without
 * reading TypeScript. The `.describe()` texts become the JSON Schema descriptions that VS Code shows.
 */

/** The `answerType` field of one type, with the sentence authors see for it in their editor. */
export const answerType = <T extends string>(name: T, doc: string) => z.literal(name).describe(doc);

const ENGLISH_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/**
 * Stands for the language in the messages of the texts schema, which serves every language of
 * the packs: scripts/content/load.ts puts the language of the issue's path in its place.
 */
export const ANY_LANGUAGE = '\u2039code\u203a';
const ANY_LANGUAGE_NAME = '\u2039name\u203a';

/**
 * A language's name in messages to authors, from its ISO 639-1 code ('Turkish' for tr), so every
 * language a pack adds has one without code.
 */
export function languageName(language: string): string {
  if (language === ANY_LANGUAGE) return ANY_LANGUAGE_NAME;
  try {
    return ENGLISH_NAMES.of(language) ?? language;
  } catch {
    return language;
  }
}

/** Puts the language of an issue's path (texts.<code>…) into a message of the texts schema. */
export function nameLanguage(message: string, language: string): string {
  return message.replaceAll(ANY_LANGUAGE_NAME, languageName(language)).replaceAll(ANY_LANGUAGE, language);
}

export const MIN_TIMER_INTERVAL_MS = 200;
export const MAX_TIMER_INTERVAL_MS = 10_000;

/** Separates "what is wrong" from "what to do" in every message. */
export const HINT_SEPARATOR = ' — ';

export interface FieldMessages {
  /** The key is absent. */
  missing: string;
  /** The key is present without a value (`key:` with nothing after it); defaults to `missing`. */
  empty?: string;
  /** The value has the wrong type. */
  wrong: string;
}

/** A Zod error map that tells a missing, an empty and a wrongly typed value apart. */
export function fieldError({ missing, empty = missing, wrong }: FieldMessages) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? missing : issue.input === null ? empty : wrong;
}

export const wholeNumber = (
  messages: FieldMessages,
  notWhole = 'must be a whole number — remove the decimals',
) => z.number({ error: fieldError(messages) }).int({ error: notWhole, abort: true });

export function textField(language: string, what: string) {
  const name = languageName(language);
  return z
    .string({
      error: fieldError({
        missing: `is missing — write the ${name} ${what}`,
        empty: `must not be empty — write the ${name} ${what}`,
        wrong: `must be a text — write the ${name} ${what}; put it in double quotes if it contains ": " or " #"`,
      }),
    })
    .trim()
    .min(1, { error: `must not be empty — write the ${name} ${what}` });
}

export function answerTextField(language: string) {
  return textField(language, 'answer text').describe(
    'Label above the answer field (required for CountAndForgotten, where it follows "Nein").',
  );
}
export const optionalAnswerText = (language: string) => answerTextField(language).optional();

/** The texts of one language; `answerText` is required or optional depending on the answer type. */
export function languageTexts<A extends z.ZodType>(language: string, answerText: (language: string) => A) {
  const name = languageName(language);
  const required = !(answerText(language) instanceof z.ZodOptional);
  return z
    .strictObject(
      {
        situationText: textField(language, 'situation text').describe(
          'Shown first: what is going on, e.g. "Ich zähle: 1, 2, 3, 5, 6."',
        ),
        questionText: textField(language, 'question text').describe('The question the child answers.'),
        answerText: answerText(language),
      },
      {
        error: fieldError({
          missing: `is missing — add the ${name} texts (situationText, questionText${required ? ', answerText' : ''})`,
          wrong: `must be a map of texts — write situationText: and questionText: indented under ${language}:`,
        }),
      },
    )
    .describe(`${name} texts.`);
}

/**
 * The texts of every language: de (the authors' reference) and each child language that has a pack
 * in content/languages/. The languages are the packs', so this map takes any code; the content
 * loader (scripts/content/load.ts) reports a pack language without texts and a code without a pack.
 */
export function allTexts<A extends z.ZodType>(answerText: (language: string) => A) {
  return z
    .object(
      { de: languageTexts('de', answerText) },
      {
        error: fieldError({
          missing: 'is missing — add "texts:" with de and every language of content/languages/',
          wrong:
            'must be a map of languages — write de:, tr:, … (one per file in content/languages/) indented under texts:',
        }),
      },
    )
    .catchall(
      languageTexts(ANY_LANGUAGE, answerText).describe(
        'The texts in one language; the key is the language code of a pack in content/languages/.',
      ),
    )
    .describe('Texts per language: de (reference for authors) and every language of content/languages/.');
}

/** The texts of one language, as the client serves them. */
export const textsSchema = languageTexts('de', optionalAnswerText);

/** Lower case letters, digits and dashes, ending in .svg or .png. */
export const PICTURE_FILE_NAME = /^[a-z0-9][a-z0-9-]*\.(svg|png)$/;
export const badPictureName =
  'is not a valid picture file name — use lower case letters, digits and dashes, ending in .svg or .png (e.g. "dots-5-row.svg")';

/** A picture file name under content/pictures/, e.g. `dots-5-row.svg`. */
export const pictureName = z
  .string({ error: 'must be a picture file name — write a name like "dots-5-row.svg"' })
  .regex(PICTURE_FILE_NAME, { error: badPictureName });

export function picture(role: string) {
  return z
    .string({
      error: fieldError({
        missing: `is missing — name the ${role}, a file in content/pictures/ such as "dots-3-row.svg"`,
        wrong: `must be a picture file name — name the ${role}, e.g. "dots-3-row.svg"`,
      }),
    })
    .regex(PICTURE_FILE_NAME, { error: badPictureName })
    .describe(`The ${role}: a file in content/pictures/ (SVG preferred, PNG accepted).`);
}

export const id = wholeNumber({
  missing: 'is missing — add "id:" with the position of the question in the test (1, 2, 3 …)',
  wrong: 'must be a number — write the position of the question in the test, e.g. "id: 4"',
})
  .min(1, { error: 'must be 1 or more — number the questions 1, 2, 3 … without gaps' })
  .describe('Position in the test: 1, 2, 3 … without gaps; the file name starts with the same number.');

export const scoredLevel = z
  .literal([1, 2, 3], {
    error: fieldError({
      missing: 'is missing — add "level:" with 1, 2 or 3',
      wrong:
        'must be 1, 2 or 3 for a scored question — use level 0 only for the practice types MoveDotsExample and TimerImageExample',
    }),
  })
  .describe('Level of the question: 1, 2 or 3 (0 is only for the practice types).');

export const practiceLevel = z
  .literal(0, {
    error: fieldError({
      missing: 'is missing — add "level: 0" (practice questions are not scored)',
      wrong: 'must be 0 for a practice question — set "level: 0"; practice questions are not scored',
    }),
  })
  .describe('Always 0: practice questions are not scored.');

export const correctAnswerMessages: FieldMessages = {
  missing: 'is missing — add "correctAnswer:" with the right answer as a number',
  wrong: 'must be a number — write the right answer in digits, e.g. "correctAnswer: 4"',
};
export const correctAnswer = wholeNumber(correctAnswerMessages)
  .min(0, { error: 'must be 0 or more — write the number the child should answer' })
  .describe('The right answer as a number.');

export const yesNoAnswer = z
  .literal([0, 1], {
    error: fieldError({
      ...correctAnswerMessages,
      wrong: 'must be 0 (Ja) or 1 (Nein) — write 0 when the right answer is Ja, 1 when it is Nein',
    }),
  })
  .describe('0 when the right answer is Ja, 1 when it is Nein.');

export const timerInterval = wholeNumber(
  {
    missing: `is missing — add "timerInterval:" with how long the picture shows, in ms (e.g. 1500)`,
    wrong: 'must be a number — write the time in milliseconds without a unit, e.g. "timerInterval: 1500"',
  },
  'must be whole milliseconds, not seconds — for 1.5 seconds write "timerInterval: 1500"',
)
  .min(MIN_TIMER_INTERVAL_MS, {
    error: `must be at least ${MIN_TIMER_INTERVAL_MS} ms — show the picture for ${MIN_TIMER_INTERVAL_MS} to ${MAX_TIMER_INTERVAL_MS} ms (usually 1500, 2000 for larger dot counts)`,
  })
  .max(MAX_TIMER_INTERVAL_MS, {
    error: `must be at most ${MAX_TIMER_INTERVAL_MS} ms — show the picture for ${MIN_TIMER_INTERVAL_MS} to ${MAX_TIMER_INTERVAL_MS} ms (usually 1500, 2000 for larger dot counts)`,
  })
  .describe(
    `How long the picture is shown, in milliseconds (${MIN_TIMER_INTERVAL_MS}–${MAX_TIMER_INTERVAL_MS}).`,
  );

export const possibleAnswers = z
  .array(
    wholeNumber({
      missing: 'is missing — write each choice as a number',
      wrong: 'must be a number — write each choice in digits, e.g. [3, 8]',
    }),
    {
      error: fieldError({
        missing: 'is missing — add "possibleAnswers:" with the choices, e.g. [3, 8]',
        wrong: 'must be a list of numbers — write the choices like [3, 8]',
      }),
    },
  )
  .min(2, { error: 'must offer at least two choices — add choices, e.g. [3, 8]' })
  .describe('The numbers the child chooses from, in the order shown; must contain correctAnswer.');

export const dotRow = z
  .array(
    wholeNumber({
      missing: 'is missing — write a number for each box',
      wrong: 'must be a number — write 0 for the child’s box, n for n dots, -1, -2 … for a picture box',
    })
      .min(-MOVABLE_DOTS, { error: `must be -${MOVABLE_DOTS} or more — picture boxes are -1, -2 …` })
      .max(MOVABLE_DOTS, {
        error: `must be at most ${MOVABLE_DOTS} — a box holds at most ${MOVABLE_DOTS} dots`,
      }),
    {
      error: fieldError({
        missing: 'is missing — add "dotRow:" with the boxes, e.g. [0] for just the child’s box',
        wrong: 'must be a list of numbers — write the boxes like [-1, 0]',
      }),
    },
  )
  .min(1, { error: 'must have at least one box — write [0] for just the child’s box' })
  .max(MOVABLE_DOTS, {
    error: `must have at most ${MOVABLE_DOTS} boxes — the grid holds 5 columns × 3 rows`,
  })
  .describe(
    'The boxes shown: 0 = the child’s box (exactly one), n > 0 = a box with n dots, -1, -2 … = a box showing the picture named in dotImages.',
  );

export const dotImages = z
  .record(
    z.string().regex(/^-[1-9][0-9]*$/, {
      error: 'is not a negative number — dotImages keys are the picture boxes of dotRow: -1, -2 …',
    }),
    picture('picture of this box'),
    {
      error: fieldError({
        missing: 'is missing — add "dotImages:" with a picture for each negative box in dotRow',
        wrong:
          'must be a map from box to picture — write e.g. "-1: dots-3-row.svg" indented under dotImages:',
      }),
    },
  )
  .describe('A picture for every negative box in dotRow, e.g. -1: dots-3-row.svg.');

/** German note for the educator on the question screen (never shown to the child, never spoken). */
export const hint = z
  .string({
    error:
      'must be a text — write the German note for the educator; put it in double quotes if it contains ": " or " #"',
  })
  .trim()
  .min(1, { error: 'must not be empty — write the German note for the educator, or remove "hint:"' })
  .optional()
  .describe(
    'German note for the educator, shown small under "Für Sie:" where she has to act (e.g. type what the child shows). Never shown to the child, never spoken.',
  );

export const common = {
  id,
  level: scoredLevel,
  correctAnswer,
  texts: allTexts(optionalAnswerText),
  hint,
};

/** Checks that need more than one field run even when other fields are broken, so every issue shows. */
export const always = { when: () => true };

export type RefinementContext = Parameters<Parameters<z.ZodType['superRefine']>[0]>[1];

/** correctAnswer must be one of the choices, and no choice may repeat. */
export function checkChoices(
  value: { correctAnswer?: unknown; possibleAnswers?: unknown },
  ctx: RefinementContext,
) {
  const choices = value.possibleAnswers;
  if (!Array.isArray(choices)) return;
  choices.forEach((choice, index) => {
    if (typeof choice === 'number' && choices.indexOf(choice) !== index) {
      ctx.addIssue({
        code: 'custom',
        path: ['possibleAnswers', index],
        message: `offers ${choice} twice — remove the repeated choice`,
      });
    }
  });
  const answer = value.correctAnswer;
  if (
    typeof answer === 'number' &&
    choices.every((c) => typeof c === 'number') &&
    !choices.includes(answer)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['correctAnswer'],
      message: `${answer} is not among possibleAnswers [${choices.join(', ')}] — make correctAnswer one of the choices or add it to possibleAnswers`,
    });
  }
}

/** dotRow has exactly one child's box, and dotImages names a picture for exactly its negative boxes. */
export function checkDots(value: { dotRow?: unknown; dotImages?: unknown }, ctx: RefinementContext) {
  const row = value.dotRow;
  if (!Array.isArray(row)) return;
  const childBoxes = row.filter((box) => box === 0).length;
  if (childBoxes !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['dotRow'],
      message: `has ${childBoxes} boxes with 0 — write exactly one 0: the box the child fills`,
    });
  }
  const images =
    value.dotImages && typeof value.dotImages === 'object'
      ? (value.dotImages as Record<string, unknown>)
      : {};
  row.forEach((box, index) => {
    if (typeof box === 'number' && Number.isInteger(box) && box < 0 && !(String(box) in images)) {
      ctx.addIssue({
        code: 'custom',
        path: ['dotRow', index],
        message: `box ${box} has no picture — add "${box}: <picture>.svg" under dotImages`,
      });
    }
  });
  for (const key of Object.keys(images)) {
    if (/^-[1-9][0-9]*$/.test(key) && !row.includes(Number(key))) {
      ctx.addIssue({
        code: 'custom',
        path: ['dotImages', key],
        params: { at: 'key' },
        message: `box ${key} is not in dotRow [${row.join(', ')}] — remove it from dotImages or add ${key} to dotRow`,
      });
    }
  }
}

/** Where answerText is optional, it is given in every language or in none. */
export function checkAnswerTextInAllLanguages(value: { texts?: unknown }, ctx: RefinementContext) {
  const texts = value.texts;
  if (!texts || typeof texts !== 'object') return;
  const byLanguage = texts as Partial<Record<string, unknown>>;
  const languages = Object.keys(byLanguage);
  const has = (language: string) => {
    const t = byLanguage[language];
    return (
      !!t && typeof t === 'object' && 'answerText' in t && (t as { answerText: unknown }).answerText != null
    );
  };
  const withAnswer = languages.filter(has);
  if (withAnswer.length === 0) return;
  for (const language of languages) {
    const t = byLanguage[language];
    if (!has(language) && t && typeof t === 'object') {
      ctx.addIssue({
        code: 'custom',
        path: ['texts', language, 'answerText'],
        message: `is missing while ${withAnswer.join(', ')} ${withAnswer.length === 1 ? 'has' : 'have'} one — write the ${languageName(language)} answer text, or remove answerText from every language`,
      });
    }
  }
}

/** A question type whose answerText is optional: given in every language or in none. */
export function question<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape).superRefine(checkAnswerTextInAllLanguages, always);
}

export const comparedPictures = {
  correctAnswer: yesNoAnswer,
  timerImage: picture('first picture compared'),
  timerImage2: picture('second picture compared'),
  timerInterval,
};

export const movedDots = {
  correctAnswer: correctAnswer
    .max(MOVABLE_DOTS, { error: `must be at most ${MOVABLE_DOTS} — only ${MOVABLE_DOTS} dots can be moved` })
    .describe('How many dots the child should move into the empty box.'),
  dotRow,
  dotImages: dotImages.optional(),
};
