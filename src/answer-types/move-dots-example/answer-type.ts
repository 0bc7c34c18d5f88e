import { correctNumber, displayOf, dotsEntry } from '../shared/display.ts';
import { isCorrectNumber } from '../shared/parse-integer.ts';
import type { AnswerTypeDescriptor } from '../types';

/** Practice of moving dots. */
export const moveDotsExample = {
  answerType: 'MoveDotsExample',
  screen: 'examples/move-dots',
  input: 'dots',
  flashed: false,
  practice: true,
  score: isCorrectNumber,
  display: (answer) => displayOf(answer, dotsEntry),
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'MoveDotsExample'>;
