import {
  always,
  answerType,
  checkDots,
  common,
  movedDots,
  practiceLevel,
  question,
} from '../../../schemas/question-parts.ts';

/** Authoring schema of MoveDotsExample (build side: imported by schemas/question.ts only). */
export const moveDotsExampleSchema = question({
  ...common,
  answerType: answerType('MoveDotsExample', 'Practice for MoveDots (level 0).'),
  level: practiceLevel,
  ...movedDots,
}).superRefine(checkDots, always);
