import type { AnswerType } from '../content/types';
import { countAndForgotten } from './count-and-forgotten/answer-type.ts';
import { error } from './error/answer-type.ts';
import { fiveFingers } from './five-fingers/answer-type.ts';
import { imageCompare } from './image-compare/answer-type.ts';
import { moveDots } from './move-dots/answer-type.ts';
import { moveDotsExample } from './move-dots-example/answer-type.ts';
import { multipleChoice } from './multiple-choice/answer-type.ts';
import { multipleChoiceWithImages } from './multiple-choice-with-images/answer-type.ts';
import { textInput } from './text-input/answer-type.ts';
import { timerImageExample } from './timer-image-example/answer-type.ts';
import { timerTextInput } from './timer-text-input/answer-type.ts';
import type { AnswerTypeDescriptor, QuestionScreen } from './types';

/**
 * The registry: every answer type's descriptor, one line each. It holds no React, so the store
 * (main chunk) routes by it; the renderers are in renderers.ts (question screens' chunk). A type
 * without a descriptor does not compile.
 */
export const ANSWER_TYPES = {
  TextInput: textInput,
  MultipleChoice: multipleChoice,
  MultipleChoiceWithImages: multipleChoiceWithImages,
  TimerTextInput: timerTextInput,
  ImageCompare: imageCompare,
  CountAndForgotten: countAndForgotten,
  FiveFingers: fiveFingers,
  MoveDots: moveDots,
  MoveDotsExample: moveDotsExample,
  TimerImageExample: timerImageExample,
  Error: error,
} as const satisfies { [T in AnswerType]: AnswerTypeDescriptor<T> };

/** The descriptor of an answer type. */
export function answerTypeOf(answerType: AnswerType): AnswerTypeDescriptor<AnswerType> {
  return ANSWER_TYPES[answerType] as AnswerTypeDescriptor<AnswerType>;
}

/** Every question screen some answer type is served on. */
export const QUESTION_SCREENS: readonly QuestionScreen[] = [
  ...new Set(Object.values(ANSWER_TYPES).map((type) => type.screen)),
];
