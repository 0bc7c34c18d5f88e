import { YES_ANSWER } from '../../domain/facts.ts';
import { correctNumber, displayOf, numberEntry } from '../shared/display.ts';
import type { AnswerTypeDescriptor } from '../types';
import { scoreCountAndForgotten } from './score.ts';

/** "Did I count right?" Ja, or Nein and the forgotten number. */
export const countAndForgotten = {
  answerType: 'CountAndForgotten',
  screen: 'count-and-forgotten',
  input: 'yes-or-number',
  flashed: false,
  practice: false,
  score: scoreCountAndForgotten,
  // 'Ja' submits '0'; a session saved before `entry` existed reads that '0' as 'Ja' too.
  display: (answer) =>
    displayOf(answer, (given) => (given === YES_ANSWER ? { kind: 'yes' } : numberEntry(given))),
  displayCorrect: correctNumber,
} as const satisfies AnswerTypeDescriptor<'CountAndForgotten'>;
