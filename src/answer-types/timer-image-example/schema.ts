import {
  answerType,
  common,
  comparedPictures,
  practiceLevel,
  question,
} from '../../../schemas/question-parts.ts';

/** Authoring schema of TimerImageExample (build side: imported by schemas/question.ts only). */
export const timerImageExampleSchema = question({
  ...common,
  answerType: answerType('TimerImageExample', 'Practice for ImageCompare (level 0).'),
  level: practiceLevel,
  ...comparedPictures,
});
