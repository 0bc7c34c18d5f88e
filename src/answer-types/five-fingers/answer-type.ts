import { correctNumber, displayNumber } from '../shared/display.ts';
import { isCorrectNumber } from '../shared/parse-integer.ts';
import type { AnswerTypeDescriptor } from '../types';

/**
 * Five fingers on two hands, twice in different ways (docs/product.md §5). The given answer is
 * the correct number or '0' (see fiveFingersStep); the entry keeps both splits.
 */
export const fiveFingers = {
  answerType: 'FiveFingers',
  screen: 'five-fingers',
  input: 'fingers',
  flashed: false,
  practice: false,
  score: isCorrectNumber,
  display: displayNumber,
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'FiveFingers'>;
