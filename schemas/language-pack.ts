import { z } from 'zod';
import { type LetterTexts, letterSchema } from './letter-texts.ts';
import { languageName } from './question-parts.ts';

/**
 * The schema of one language pack under content/languages/<language>.yaml: the words of the app
 * that are said or shown to the child in the child's language (Ja/Nein under the German buttons,
 * the spoken practice feedback, the educator's sound-check sentence). de.yaml is the German
 * reference the translations follow.
 * Build-side only: the client imports the inferred *type*, never this module's values.
 *
 * Every error text reads "what is wrong — what to do"; scripts/content/languages.ts prefixes it
 * with file, line, column and field. The `.describe()` texts become the JSON Schema descriptions.
 */

/** The placeholder in practiceWrongNumber that the app replaces with the right number. */
export const ANSWER_PLACEHOLDER = '{answer}';

/** The German reference of every field, quoted in messages so an author knows what to write. */
export const LANGUAGE_PACK_REFERENCE = {
  yes: 'Ja',
  no: 'Nein',
  practiceCorrect: 'Richtig!',
  practiceWrongNumber: `Die richtige Antwort ist: ${ANSWER_PLACEHOLDER}`,
  practiceWrongNo: 'Die richtige Antwort ist: Nein.',
  practiceWrongYes: 'Die richtige Antwort ist: Ja.',
  soundCheck: 'Hallo! Kannst du mich gut hören?',
} as const;

export type LanguagePackField = keyof typeof LANGUAGE_PACK_REFERENCE;
export const LANGUAGE_PACK_FIELDS = Object.keys(LANGUAGE_PACK_REFERENCE) as LanguagePackField[];

/** What each field is for, as an author reads it (JSON Schema description and messages). */
const FIELD_DOC: Record<LanguagePackField, { what: string; doc: string }> = {
  yes: {
    what: 'word for "Ja"',
    doc: 'The child\'s word for "Ja", shown under the Ja button (Ja · Evet).',
  },
  no: {
    what: 'word for "Nein"',
    doc: 'The child\'s word for "Nein", shown under the Nein button (Nein · Hayır).',
  },
  practiceCorrect: {
    what: 'praise for a right practice answer',
    doc: 'Spoken when a practice answer is right ("Richtig!").',
  },
  practiceWrongNumber: {
    what: `sentence for a wrong practice number, with ${ANSWER_PLACEHOLDER} where the right number goes`,
    doc: `Spoken when a practice number is wrong; ${ANSWER_PLACEHOLDER} becomes the right number ("Die richtige Antwort ist: ${ANSWER_PLACEHOLDER}"). No full stop right after ${ANSWER_PLACEHOLDER}: a voice may read "3." as "third".`,
  },
  practiceWrongNo: {
    what: 'sentence for a practice question whose right answer is Nein',
    doc: 'Spoken when a Ja/Nein practice answer is wrong and the right one is Nein ("Die richtige Antwort ist: Nein.").',
  },
  practiceWrongYes: {
    what: 'sentence for a practice question whose right answer is Ja',
    doc: 'Spoken when a Ja/Nein practice answer is wrong and the right one is Ja ("Die richtige Antwort ist: Ja.").',
  },
  soundCheck: {
    what: 'sound-check sentence',
    doc: 'A short friendly sentence the educator plays to set the volume ("Hallo! Kannst du mich gut hören?").',
  },
};

const PLACEHOLDER = /\{[^{}]*\}/g;

function packText(language: string, field: LanguagePackField) {
  const name = languageName(language);
  const { what, doc } = FIELD_DOC[field];
  const write = `write the ${name} ${what} (German: "${LANGUAGE_PACK_REFERENCE[field]}")`;
  return (
    z
      .string({
        error: (issue: { input?: unknown }) =>
          issue.input === undefined
            ? `is missing — add "${field}:" and ${write}`
            : issue.input === null
              ? `must not be empty — ${write}`
              : `must be a text — ${write}; put it in double quotes`,
      })
      .trim()
      .min(1, { error: `must not be empty — ${write}` })
      .superRefine((text, ctx) => {
        const placeholders = text.match(PLACEHOLDER) ?? [];
        const wanted = field === 'practiceWrongNumber' ? [ANSWER_PLACEHOLDER] : [];
        for (const placeholder of placeholders) {
          if (!wanted.includes(placeholder)) {
            ctx.addIssue({
              code: 'custom',
              message:
                field === 'practiceWrongNumber'
                  ? `has the placeholder ${placeholder}, which the app does not fill in — write ${ANSWER_PLACEHOLDER} exactly (lower case, curly braces) where the right number goes`
                  : `has the placeholder ${placeholder}, which the app does not fill in here — write the sentence without it; only practiceWrongNumber has ${ANSWER_PLACEHOLDER}`,
            });
          }
        }
        if (field === 'practiceWrongNumber') {
          const count = placeholders.filter((p) => p === ANSWER_PLACEHOLDER).length;
          if (count !== 1) {
            ctx.addIssue({
              code: 'custom',
              message:
                count === 0
                  ? `has no ${ANSWER_PLACEHOLDER} — write ${ANSWER_PLACEHOLDER} where the right number is said, e.g. "${LANGUAGE_PACK_REFERENCE.practiceWrongNumber}"`
                  : `has ${ANSWER_PLACEHOLDER} ${count} times — write it once, where the right number is said`,
            });
          }
        }
      })
      .describe(doc)
      // Lets the editor underline a practiceWrongNumber without {answer} while the author types.
      .meta(field === 'practiceWrongNumber' ? { pattern: '\\{answer\\}' } : {})
  );
}

/** A text that must be there and not be empty; the messages say what to write. */
function requiredText(what: string) {
  return z
    .string({
      error: (issue: { input?: unknown }) =>
        issue.input === undefined
          ? `is missing — write ${what}`
          : `must be a text — write ${what}; put it in double quotes`,
    })
    .trim()
    .min(1, { error: `must not be empty — write ${what}` });
}

/** How many number words a pack lists: 0 to 20. */
export const NUMBER_WORD_COUNT = 21;

/**
 * The number words 0–20 of one language, for the educator's 'Zahlwörter' list (never spoken):
 * the word as the child says it and a German pronunciation aid.
 */
function numberWordsSchema(language: string) {
  const name = languageName(language);
  return z
    .array(
      z.strictObject(
        {
          word: requiredText(`the ${name} number word`).describe(
            "The number word as the child says it, in the language's own script.",
          ),
          say: requiredText('how a German speaker reads it aloud, e.g. "ütsch" for üç').describe(
            'A pronunciation aid a German speaker can read aloud ("ütsch" for üç); common spoken forms in brackets.',
          ),
        },
        {
          error: (issue: { input?: unknown }) =>
            issue.input == null
              ? 'must not be empty — write { word: "…", say: "…" }'
              : 'must be a map — write { word: "…", say: "…" }',
        },
      ),
      {
        error: `must be a list — write ${NUMBER_WORD_COUNT} lines "- { word: …, say: … }", for 0 to 20`,
      },
    )
    .length(NUMBER_WORD_COUNT, {
      error: `must list exactly ${NUMBER_WORD_COUNT} number words — 0 to 20, one "- { word: …, say: … }" line each, in order`,
    })
    .describe(
      `The ${NUMBER_WORD_COUNT} number words 0 to 20, in order: the word and a German pronunciation aid, shown to the educator under 'Zahlwörter' and never spoken.`,
    );
}

/**
 * The German reference pack: the language the authors write first and every translation follows.
 * With a resultCode it is also a test language (docs/product.md §44): a child who counts in German,
 * or a bilingual child tested in its home language and in German.
 */
export const REFERENCE_LANGUAGE = 'de';

/** A language pack's file name: an ISO 639-1 code, two lower-case letters (tr.yaml, uk.yaml). */
export const LANGUAGE_CODE = /^[a-z]{2}$/;

/**
 * How far a child language's texts are checked; a draft is marked '(Entwurf)' wherever it shows.
 * Derived, never written: 'geprüft' only when every text's review in content/reviews/<code>.yaml
 * matches its German reference and its own wording as they stand (schemas/language-facts.ts).
 */
export const TRANSLATION_STATUSES = ['geprüft', 'Entwurf'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

export const TEXT_DIRECTIONS = ['ltr', 'rtl'] as const;
export type TextDirection = (typeof TEXT_DIRECTIONS)[number];

/** A result code: digits without a leading zero, as the uploaded result's `language` ('2', '3', '4'). */
export const RESULT_CODE = /^[1-9][0-9]{0,2}$/;
/** A BCP-47 tag with language and region, as device voices name themselves (tr-TR, ar-SA). */
export const SPEECH_LANG = /^[a-z]{2,3}(-[A-Z][a-z]{3})?-[A-Z]{2}$/;

/** What a language is, beside its words: the fields that make it a language of the test. */
function languageFields(language: string) {
  const name = languageName(language);
  return {
    name: requiredText(`the German name of ${name}, as the educator reads it (e.g. "Türkisch")`).describe(
      "The language's German name: the 'Sprache' list, the results, the PDF and the exports show it ('Türkisch').",
    ),
    dir: z
      .enum(TEXT_DIRECTIONS, {
        error: `must be ltr or rtl — write "dir: rtl" if ${name} is written right to left (like Arabic), else "dir: ltr"`,
      })
      .describe('Writing direction of the language: ltr (left to right) or rtl (right to left).'),
    speechLang: requiredText(`the voice tag of ${name}, language and region (e.g. "tr-TR")`)
      .regex(SPEECH_LANG, {
        error: `must be a language tag with region, like "tr-TR" or "ar-SA" — write the ${name} code, a dash and the country whose voice to prefer`,
      })
      .describe(
        'The BCP-47 tag (language-REGION, e.g. tr-TR) that picks a device voice; the region is preferred, any voice of the language serves.',
      ),
  };
}

/** The fields only a child language has: its code in the uploaded result and whether it is the default. */
function childFields(language: string) {
  const name = languageName(language);
  return {
    resultCode: z
      .string({
        error: (issue: { input?: unknown }) =>
          issue.input === undefined
            ? `is missing — add "resultCode:" with the number that stands for ${name} in the uploaded result, in quotes (tr "2", ar "3", ro "4"; a new language takes the next free number)`
            : `must be a text — write the number in double quotes, e.g. resultCode: "5"`,
      })
      .regex(RESULT_CODE, {
        error: 'must be a whole number from 1 to 999 without leading zeros, in quotes — e.g. resultCode: "5"',
      })
      .describe(
        "The language's code in the uploaded result and the exports: tr '2', ar '3', ro '4' (fixed by the specification); a new language takes a new code. No two packs share one.",
      ),
    default: z
      .literal(true, {
        error: `must be true — write "default: true" in the one pack whose language a new child starts with, or leave the line out`,
      })
      .optional()
      .describe(
        'true in exactly one child language: a new child starts with it, and it is the reference group of the DIF analysis on /auswertung.',
      ),
  };
}

/** Every field of a pack: the texts, the number words and the letters to the parents. */
export const LANGUAGE_PACK_KEYS = [...LANGUAGE_PACK_FIELDS, 'numberWords', 'letter'] as const;

/** The fields of a pack beside its words; default only in a home language's pack. */
export const LANGUAGE_KEYS = ['name', 'resultCode', 'default', 'dir', 'speechLang'] as const;

/** Every field a pack of this language may have, for messages. */
export function packKeys(language: string): string[] {
  const keys: readonly string[] =
    language === REFERENCE_LANGUAGE ? LANGUAGE_KEYS.filter((key) => key !== 'default') : LANGUAGE_KEYS;
  return [...keys, ...LANGUAGE_PACK_KEYS];
}

/**
 * The pack of one language; messages name that language. de.yaml, the reference, has no default and
 * may leave out resultCode (German is then the reference only, not a test language).
 */
export function languagePackSchema(language: string) {
  const keys = packKeys(language);
  const words = {
    ...(Object.fromEntries(LANGUAGE_PACK_FIELDS.map((field) => [field, packText(language, field)])) as Record<
      LanguagePackField,
      ReturnType<typeof packText>
    >),
    numberWords: numberWordsSchema(language),
    letter: letterSchema(language),
  };
  const error = (issue: { input?: unknown }) =>
    issue.input == null
      ? `the file holds no language pack — write the fields ${keys.join(', ')}, one per line (see tr.yaml)`
      : `must be a map of texts — write the fields ${keys.join(', ')}, one per line (see tr.yaml)`;
  const meta = {
    title: 'Zähltest language pack',
    description:
      'The words said or shown to the child in one language (content/languages/<language>.yaml, the file name an ISO 639-1 code) and what makes it a language of the test; de.yaml is the German reference.',
  };
  const child = z
    .strictObject({ ...languageFields(language), ...childFields(language), ...words }, { error })
    .meta(meta);
  if (language !== REFERENCE_LANGUAGE) return child;
  // The reference is no default (a new child starts in a home language, the DIF reference group is
  // one); its result code makes German a test language.
  const { resultCode } = childFields(language);
  const reference = z
    .strictObject({ ...languageFields(language), resultCode: resultCode.optional(), ...words }, { error })
    .meta(meta);
  return reference as unknown as typeof child;
}

/** One language's words, as the client reads them: `languagePack('tr').yes` is "Evet". */
export interface LanguagePack {
  /** The German name ('Türkisch'). */
  name: string;
  /** The code in the uploaded result ('2'); absent only in a de.yaml that is the reference only. */
  resultCode?: string;
  /** Writing direction. */
  dir: TextDirection;
  /** The BCP-47 tag that picks a device voice ('tr-TR'). */
  speechLang: string;
  /** true in the one child language a new child starts with, the DIF reference group. */
  default?: true;
  /** The child's word for "Ja", shown under the Ja button. */
  yes: string;
  /** The child's word for "Nein", shown under the Nein button. */
  no: string;
  /** Spoken when a practice answer is right ("Richtig!"). */
  practiceCorrect: string;
  /** Spoken when a practice number is wrong; contains {answer} exactly once. */
  practiceWrongNumber: string;
  /** Spoken when a Ja/Nein practice answer is wrong and the right one is Nein. */
  practiceWrongNo: string;
  /** Spoken when a Ja/Nein practice answer is wrong and the right one is Ja. */
  practiceWrongYes: string;
  /** The educator's sound-check sample sentence. */
  soundCheck: string;
  /** The number words 0–20 (index = number) with a German pronunciation aid; never spoken. */
  numberWords: NumberWord[];
  /** The texts of the letters to the parents; a missing one is reported by content:check. */
  letter?: Partial<LetterTexts>;
}

/**
 * What makes a code a language of the test, read from its pack: the client (through
 * virtual:zaehltest-content), the server and the build scripts all take the languages from here.
 */
export interface LanguageFact {
  /** ISO 639-1 code, the pack's file name ('tr'). */
  code: string;
  /** German name ('Türkisch'). */
  name: string;
  /** Code in the uploaded result ('2'); absent only for a de that is the reference only. */
  resultCode?: string;
  dir: TextDirection;
  speechLang: string;
  /** Derived from the review of every text (content/reviews/<code>.yaml); absent only for de. */
  status?: TranslationStatus;
  /** How many texts are 'nicht geprüft'; absent only for de. */
  unreviewed?: number;
  /** How many texts the language has (questions, phrases, number words); absent only for de. */
  texts?: number;
  /** The language a new child starts with and the DIF reference group (one pack says `default: true`). */
  default?: true;
}

/** The review state of a child language's texts (schemas/language-facts.ts derives it). */
export interface LanguageReview {
  status: TranslationStatus;
  unreviewed: number;
  texts: number;
}

/** The facts of one pack; a child language's with its review state. */
export function languageFact(code: string, pack: LanguagePack, review?: LanguageReview): LanguageFact {
  const { name, resultCode, dir, speechLang } = pack;
  return {
    code,
    name,
    ...(resultCode === undefined ? {} : { resultCode }),
    dir,
    speechLang,
    ...(review ? { status: review.status, unreviewed: review.unreviewed, texts: review.texts } : {}),
    ...(pack.default ? { default: true as const } : {}),
  };
}

/** One number word of a language: `{ word: 'üç', say: 'ütsch' }`. */
export interface NumberWord {
  /** The word as the child says it, in the language's script. */
  word: string;
  /** How a German speaker reads it aloud. */
  say: string;
}

// The interface above is what authors and components read; this keeps it equal to the schema.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShape: Equal<
  Omit<z.infer<ReturnType<typeof languagePackSchema>>, 'resultCode' | 'default'> &
    Partial<Pick<z.infer<ReturnType<typeof languagePackSchema>>, 'resultCode' | 'default'>>,
  LanguagePack
> = true;
void _sameShape;
