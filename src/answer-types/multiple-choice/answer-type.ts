import { correctNumber, displayNumber } from '../shared/display.ts';
import type { AnswerTypeDescriptor } from '../types';
import { scoreMultipleChoice } from './score.ts';

/** The child picks one of the possible answers, shown as numbers. */
export const multipleChoice = {
  answerType: 'MultipleChoice',
  screen: 'question',
  input: 'choice',
  flashed: false,
  practice: false,
  score: scoreMultipleChoice,
  display: displayNumber,
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'MultipleChoice'>;
