import { correctYesNo, displayYesNo } from '../shared/display.ts';
import { scoreYesNo } from '../shared/yes-no.ts';
import type { AnswerTypeDescriptor } from '../types';

/** Two pictures are flashed, then Ja or Nein: equally many dots? */
export const imageCompare = {
  answerType: 'ImageCompare',
  screen: 'image-compare',
  input: 'yes-no',
  flashed: true,
  practice: false,
  score: scoreYesNo,
  display: displayYesNo,
  displayCorrect: correctYesNo,
} as const satisfies AnswerTypeDescriptor<'ImageCompare'>;
