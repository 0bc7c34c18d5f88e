import { answerType, common, picture, question, timerInterval } from '../../../schemas/question-parts.ts';

/** Authoring schema of TimerTextInput (build side: imported by schemas/question.ts only). */
export const timerTextInputSchema = question({
  ...common,
  answerType: answerType(
    'TimerTextInput',
    'timerImage is shown for timerInterval ms, then the child types a number.',
  ),
  timerImage: picture('picture shown during the timer'),
  timerInterval,
});
