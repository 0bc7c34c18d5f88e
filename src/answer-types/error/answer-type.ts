import { correctNumber, displayNumber } from '../shared/display.ts';
import type { AnswerTypeDescriptor } from '../types';

/** What an empty queue or an unservable id serves (docs/product.md §30); it cannot be answered. */
export const error = {
  answerType: 'Error',
  screen: 'question',
  input: 'none',
  flashed: false,
  practice: false,
  score: () => false,
  display: displayNumber,
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'Error'>;
