import {
  always,
  answerType,
  checkChoices,
  common,
  picture,
  possibleAnswers,
  question,
} from '../../../schemas/question-parts.ts';

/** Authoring schema of MultipleChoiceWithImages (build side: imported by schemas/question.ts only). */
export const multipleChoiceWithImagesSchema = question({
  ...common,
  answerType: answerType(
    'MultipleChoiceWithImages',
    'The child picks one of possibleAnswers, each shown with choiceImage.',
  ),
  possibleAnswers,
  choiceImage: picture('picture shown beside every choice'),
}).superRefine(checkChoices, always);
