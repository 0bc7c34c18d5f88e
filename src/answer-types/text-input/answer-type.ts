import { correctNumber, displayNumber } from '../shared/display.ts';
import type { AnswerTypeDescriptor } from '../types';
import { scoreTextInput } from './score.ts';

/** The child says a number; the educator types it. */
export const textInput = {
  answerType: 'TextInput',
  screen: 'question',
  input: 'typed-number',
  flashed: false,
  practice: false,
  score: scoreTextInput,
  display: displayNumber,
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'TextInput'>;
