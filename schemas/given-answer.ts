import { ANSWER_TYPES } from '../src/answer-types/registry.ts';
import type { AnswerInput } from '../src/answer-types/types.ts';
import type { AnswerType } from '../src/content/types.ts';
import { MOVABLE_DOTS, NO_ANSWER, type ScoredQuestionId, YES_ANSWER } from '../src/domain/facts.ts';

/**
 * What an upload's `given` may be (docs/product.md §24, "an answer is what its question can
 * produce"): exactly the strings an answer type's screen records (src/answer-types/*), so that no
 * free text, formula, control character or direction override can be stored or exported.
 *
 * Checked by the question's answer type, not by the content version: a result waits in a tablet's
 * outbox for days, and the server knows only the packs of its own build.
 */

/** Digits as the number field keeps them: ASCII and the Arabic-Indic forms (shared/number-field.tsx). */
const DIGIT = '[0-9\\u0660-\\u0669\\u06f0-\\u06f9]';
/** The longest typed answer (MAX_DIGITS of shared/number-field.tsx). */
export const MAX_TYPED_DIGITS = 3;

const typedNumber = new RegExp(`^${DIGIT}{1,${MAX_TYPED_DIGITS}}$`);
/** A whole number as `String(n)` writes it: no sign, no leading zero, at most three digits. */
const wholeNumber = /^(0|[1-9][0-9]{0,2})$/;

interface GivenRule {
  accepts(given: string): boolean;
  /** German, after "muss …": what the screen records. */
  expected: string;
}

/**
 * One rule per way an answer is given (the registry's `input`), so a new input kind does not
 * compile until its rule is written. '' (keine Antwort) is accepted for every question separately.
 */
export const GIVEN_BY_INPUT = {
  // TextInput, TimerTextInput: the typed digits, as typed (keepDigits).
  'typed-number': {
    accepts: (given) => typedNumber.test(given),
    expected: `eine Zahl aus 1 bis ${MAX_TYPED_DIGITS} Ziffern sein`,
  },
  // CountAndForgotten: 'Ja' records YES_ANSWER, 'Nein' leads to the typed forgotten number.
  'yes-or-number': {
    accepts: (given) => given === YES_ANSWER || typedNumber.test(given),
    expected: `'${YES_ANSWER}' (Ja) oder eine Zahl aus 1 bis ${MAX_TYPED_DIGITS} Ziffern sein`,
  },
  // MultipleChoice(WithImages): String(choice) of one of the offered whole numbers.
  choice: { accepts: (given) => wholeNumber.test(given), expected: 'die gewählte Zahl in Ziffern sein' },
  // ImageCompare: the Ja or Nein button.
  'yes-no': {
    accepts: (given) => given === YES_ANSWER || given === NO_ANSWER,
    expected: `'${YES_ANSWER}' (Ja) oder '${NO_ANSWER}' (Nein) sein`,
  },
  // FiveFingers: '0', or String(correctAnswer) after two valid different splits (never the splits).
  fingers: {
    accepts: (given) => wholeNumber.test(given),
    expected: "'0' oder die gezeigte Fingerzahl in Ziffern sein",
  },
  // MoveDots: String(dots in the box), 0 to MOVABLE_DOTS.
  dots: {
    accepts: (given) => wholeNumber.test(given) && Number(given) <= MOVABLE_DOTS,
    expected: `die Zahl der gelegten Punkte sein (0 bis ${MOVABLE_DOTS})`,
  },
  // The error question is never scored, so never sent.
  none: { accepts: () => false, expected: 'leer sein' },
} as const satisfies Record<AnswerInput, GivenRule>;

/**
 * The answer types each scored question has had in any content version (docs/product.md §25). When
 * a question's answer type changes in content/questions/, add the new type and keep the old one:
 * results of the older version may still wait in outboxes. schemas/given-answer.test.ts checks the
 * packs against this list.
 */
export const ANSWER_TYPES_OF_QUESTION = {
  1: ['CountAndForgotten'],
  2: ['TextInput'],
  3: ['TextInput'],
  4: ['TextInput'],
  5: ['MultipleChoice'],
  6: ['TextInput'],
  8: ['MoveDots'],
  10: ['ImageCompare'],
  11: ['TimerTextInput'],
  12: ['TimerTextInput'],
  13: ['TextInput'],
  14: ['MultipleChoice'],
  15: ['MultipleChoiceWithImages'],
  16: ['MultipleChoice'],
  17: ['TextInput'],
  18: ['MoveDots'],
  19: ['TimerTextInput'],
  20: ['TimerTextInput'],
  21: ['FiveFingers'],
  22: ['ImageCompare'],
  23: ['TextInput'],
} as const satisfies Record<ScoredQuestionId, readonly AnswerType[]>;

/** The rules of a question's answer types; none for an id that is not a scored question. */
function rulesOf(question: number): GivenRule[] {
  const types: readonly AnswerType[] = ANSWER_TYPES_OF_QUESTION[question as ScoredQuestionId] ?? [];
  return types.map((type) => GIVEN_BY_INPUT[ANSWER_TYPES[type].input]);
}

/**
 * Whether `given` is something the question's screen can record: '' (keine Antwort, 'Weiß nicht'),
 * or what its answer type records.
 */
export function isProducibleGiven(question: number, given: string): boolean {
  return given === '' || rulesOf(question).some((rule) => rule.accepts(given));
}

/** The German refusal of a `given` the question cannot produce, after the field's name. */
export function givenRefusal(question: number): string {
  const expected = [...new Set(rulesOf(question).map((rule) => rule.expected))].join(' oder ');
  return `muss bei Frage ${question} ${expected || 'leer sein'}, oder leer (keine Antwort)`;
}
