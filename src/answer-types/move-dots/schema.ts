import {
  always,
  answerType,
  checkDots,
  common,
  movedDots,
  question,
} from '../../../schemas/question-parts.ts';

/** Authoring schema of MoveDots (build side: imported by schemas/question.ts only). */
export const moveDotsSchema = question({
  ...common,
  answerType: answerType('MoveDots', 'The child moves dots into the empty box (0) of dotRow.'),
  ...movedDots,
}).superRefine(checkDots, always);
