import { correctNumber, displayNumber } from '../shared/display.ts';
import { isCorrectNumber } from '../shared/parse-integer.ts';
import type { AnswerTypeDescriptor } from '../types';

/** The child picks one of the possible answers, each shown under the same picture. */
export const multipleChoiceWithImages = {
  answerType: 'MultipleChoiceWithImages',
  screen: 'question',
  input: 'choice',
  flashed: false,
  practice: false,
  score: isCorrectNumber,
  display: displayNumber,
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'MultipleChoiceWithImages'>;
