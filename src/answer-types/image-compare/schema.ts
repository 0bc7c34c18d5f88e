import { answerType, common, comparedPictures, question } from '../../../schemas/question-parts.ts';

/** Authoring schema of ImageCompare (build side: imported by schemas/question.ts only). */
export const imageCompareSchema = question({
  ...common,
  answerType: answerType(
    'ImageCompare',
    'timerImage and timerImage2 are shown for timerInterval ms, then Ja (0) or Nein (1).',
  ),
  ...comparedPictures,
});
