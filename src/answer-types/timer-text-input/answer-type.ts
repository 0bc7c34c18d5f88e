import { correctNumber, displayNumber } from '../shared/display.ts';
import { isCorrectNumber } from '../shared/parse-integer.ts';
import type { AnswerTypeDescriptor } from '../types';

/** A picture is flashed, then the child says a number. */
export const timerTextInput = {
  answerType: 'TimerTextInput',
  screen: 'timer-image-question',
  input: 'typed-number',
  flashed: true,
  practice: false,
  score: isCorrectNumber,
  display: displayNumber,
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'TimerTextInput'>;
