import { correctYesNo, displayYesNo } from '../shared/display.ts';
import { scoreYesNo } from '../shared/yes-no.ts';
import type { AnswerTypeDescriptor } from '../types';

/** Practice of the image comparison. */
export const timerImageExample = {
  answerType: 'TimerImageExample',
  screen: 'examples/timer',
  input: 'yes-no',
  flashed: true,
  practice: true,
  score: scoreYesNo,
  display: displayYesNo,
  displayCorrect: correctYesNo,
} as const satisfies AnswerTypeDescriptor<'TimerImageExample'>;
