import { ANSWER_TYPES, QUESTION_SCREENS } from '../answer-types/registry.ts';
import type { AnswerType } from '../content/types';
import type { Screen } from './types';

/** docs/product.md §26: the screen the transition goes to for the next question's answerType. */
export function screenFor(answerType: AnswerType): Screen {
  return ANSWER_TYPES[answerType].screen;
}

/** Screens on which a test is running (leaving the page asks for confirmation). */
export const RUNNING_TEST_SCREENS: ReadonlySet<Screen> = new Set<Screen>([
  'startscreen',
  'transition',
  ...QUESTION_SCREENS,
]);
