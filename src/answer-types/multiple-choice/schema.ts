import {
  always,
  answerType,
  checkChoices,
  common,
  picture,
  possibleAnswers,
  question,
} from '../../../schemas/question-parts.ts';

/** Authoring schema of MultipleChoice (build side: imported by schemas/question.ts only). */
export const multipleChoiceSchema = question({
  ...common,
  answerType: answerType('MultipleChoice', 'The child picks one of possibleAnswers.'),
  possibleAnswers,
  image: picture('picture shown with the question').optional(),
}).superRefine(checkChoices, always);
