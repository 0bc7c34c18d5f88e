/**
 * The domain facts of the test, one home each (docs/product.md). Plain `as const` data without
 * imports, so the client, the server, the build scripts and the tests all read the same values
 * (the server and scripts import it with its `.ts` extension).
 */

/**
 * A language of the test: the ISO 639-1 code of its pack, content/languages/<code>.yaml. The packs
 * define the languages, their names, result codes and writing direction (docs/product.md, languages
 * as content); the client reads them from src/content/languages.ts, the server from server/languages.ts.
 * German ('de') is the authors' reference only.
 */
export type Language = string;
/** A language a child can be tested in: any pack but de. */
export type ChildLanguage = string;
/** Language code of the uploaded result, the pack's resultCode: Turkish '2', Arabic '3', Romanian '4' (docs/product.md §9). */
export type ResultLanguageCode = string;

/**
 * The pseudonymous child code (docs/product.md, child code): 6 random characters from digits and
 * capitals without look-alikes (no 0/O, 1/I/L, U/V), e.g. K7M3QX; never derived from the name or
 * the birth date. Uploaded as `childCode`; the name never leaves the device.
 */
export const CHILD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHILD_CODE_LENGTH = 6;
/** A whole child code, for validation on the device and on the server. */
export const CHILD_CODE_PATTERN = `^[${CHILD_CODE_ALPHABET}]{${CHILD_CODE_LENGTH}}$`;

/** Kinds of institution, as stored and sent. */
export const SCHOOLS = ['Kita', 'Grundschule', 'Foerderschule'] as const;
export type School = (typeof SCHOOLS)[number];
/** School years; '' for none (always '' in a Kita). */
export const SCHOOL_LEVELS = ['', '1', '2', '3', '4'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

/** How Ja and Nein are written as an answer and as a correctAnswer (docs/product.md §4). */
export const YES_NO = { yes: 0, no: 1 } as const;
/** The given answer of 'Ja' / 'Nein' as stored (a string like every given answer). */
export const YES_ANSWER = '0';
export const NO_ANSWER = '1';

/** Number of questions in the test (docs/product.md §25). */
export const QUESTION_COUNT = 23;
/** The practice answer types: level 0, never scored or sent (docs/product.md §6). */
export const PRACTICE_TYPES = ['MoveDotsExample', 'TimerImageExample'] as const;
/** Ids of the practice questions; the result has no field for them. */
export const PRACTICE_QUESTION_IDS = [7, 9] as const;
/**
 * A practice question repeats until it is answered right; after this many wrong tries the educator
 * may go on with 'Weiter', which the session records (docs/product.md §6).
 */
export const PRACTICE_WRONG_TRIES_BEFORE_GO_ON = 2;
/**
 * Why a test ended early ('Test beenden', docs/product.md §38): a fixed list, no free text, so
 * nothing personal gets in. The upload carries the key, the interface its German words.
 */
export const END_REASONS = ['unwilling', 'unwell', 'language', 'disturbance', 'other'] as const;
export type EndReason = (typeof END_REASONS)[number];

/**
 * Whether the child understood the spoken language, as the educator recorded it on the start
 * screen after the sound check (docs/product.md §39): 'ja', 'teilweise', 'nein'. The upload carries
 * the key, the interface its German word.
 */
export const UNDERSTANDINGS = ['yes', 'partly', 'no'] as const;
export type Understanding = (typeof UNDERSTANDINGS)[number];

/**
 * The parents' consent to passing the pseudonymous result on for research, as a result carries it
 * (docs/product.md §48): 'yes', 'no' (refused or withdrawn), 'unknown' (no consent recorded).
 */
export const RESEARCH_CONSENTS = ['yes', 'no', 'unknown'] as const;
export type ResearchConsent = (typeof RESEARCH_CONSENTS)[number];

/** Question ids that are scored and therefore sent: 1..23 without the practice ids. */
export const SCORED_QUESTION_IDS = [
  1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
] as const;

/**
 * The level of each scored question (the content blueprint, docs/product.md §25): the server derives
 * points per level and the assigned level from the flags with it. A content test checks that the
 * packs agree.
 */
export const SCORED_QUESTION_LEVELS = {
  1: 1,
  2: 1,
  3: 1,
  4: 1,
  5: 1,
  6: 1,
  8: 1,
  10: 2,
  11: 2,
  12: 2,
  13: 2,
  14: 2,
  15: 2,
  16: 2,
  17: 3,
  18: 3,
  19: 3,
  20: 3,
  21: 3,
  22: 3,
  23: 3,
} as const satisfies Record<(typeof SCORED_QUESTION_IDS)[number], 1 | 2 | 3>;
export type ScoredQuestionId = (typeof SCORED_QUESTION_IDS)[number];

/** Dots the child can move in a MoveDots question; also the number of boxes (5 columns × 3 rows). */
export const MOVABLE_DOTS = 15;

/** The scored levels; level 0 holds the practice questions. */
export const SCORED_LEVELS = [1, 2, 3] as const;
export type ScoredLevel = (typeof SCORED_LEVELS)[number];
/**
 * A level counts as achieved when at least this share of its questions is answered correctly
 * (0.65 = 13/20, kept as a fraction so the comparison is exact integer arithmetic; docs/product.md §28).
 */
export const LEVEL_THRESHOLD = { numerator: 13, denominator: 20 } as const;

/**
 * The 'Einrichtungskennung' (docs/product.md, deployment): a short code the association hands out
 * per Kita, e.g. KITA-017. Letters, digits and '-', at most 20 characters, beginning with a letter
 * or digit, so that an exported value can never start a spreadsheet formula (=, +, -, @).
 */
export const SITE_MAX_LENGTH = 20;
export const SITE_PATTERN = `^[A-Za-z0-9][A-Za-z0-9-]{0,${SITE_MAX_LENGTH - 1}}$`;
