import type { AnswerType } from '../content/types';
import type { Screen } from './types';

/** SPEC section 2: the screen the transition goes to for the next question's answerType. */
export const SCREEN_BY_ANSWER_TYPE = {
  TextInput: 'question',
  MultipleChoice: 'question',
  MultipleChoiceWithImages: 'question',
  TimerTextInput: 'timer-image-question',
  ImageCompare: 'image-compare',
  CountAndForgotten: 'count-and-forgotten',
  FiveFingers: 'five-fingers',
  MoveDots: 'move-dots',
  MoveDotsExample: 'examples/move-dots',
  TimerImageExample: 'examples/timer',
  Error: 'question',
} as const satisfies Record<AnswerType, Screen>;

/** Screens on which a test is running (leaving the page asks for confirmation). */
export const RUNNING_TEST_SCREENS: ReadonlySet<Screen> = new Set<Screen>([
  'startscreen',
  'transition',
  ...Object.values(SCREEN_BY_ANSWER_TYPE),
]);
