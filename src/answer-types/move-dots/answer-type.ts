import { correctNumber, displayOf, dotsEntry } from '../shared/display.ts';
import type { AnswerTypeDescriptor } from '../types';
import { scoreMoveDots } from './score.ts';

/** The child moves dots into its box until it holds as many as asked. */
export const moveDots = {
  answerType: 'MoveDots',
  screen: 'move-dots',
  input: 'dots',
  flashed: false,
  practice: false,
  score: scoreMoveDots,
  display: (answer) => displayOf(answer, dotsEntry),
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'MoveDots'>;
