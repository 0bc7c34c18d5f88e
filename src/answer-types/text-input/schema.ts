import { answerType, common, picture, question } from '../../../schemas/question-parts.ts';

/** Authoring schema of TextInput (build side: imported by schemas/question.ts only). */
export const textInputSchema = question({
  ...common,
  answerType: answerType('TextInput', 'The child types a number.'),
  image: picture('picture shown with the question').optional(),
});
