import {
  answerType,
  common,
  correctAnswerMessages,
  question,
  wholeNumber,
} from '../../../schemas/question-parts.ts';

/** Authoring schema of FiveFingers (build side: imported by schemas/question.ts only). */
export const fiveFingersSchema = question({
  ...common,
  answerType: answerType(
    'FiveFingers',
    'The child shows correctAnswer fingers on two hands, twice in different ways.',
  ),
  correctAnswer: wholeNumber(correctAnswerMessages)
    .min(2, { error: 'must be at least 2 — each hand shows at least one finger' })
    .max(10, { error: 'must be at most 10 — two hands show at most 10 fingers' })
    .describe('How many fingers the child shows with both hands together.'),
});
