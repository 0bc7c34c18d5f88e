import type { ComponentType } from 'react';
import type { AnswerType } from '../content/types';
import { CountAndForgottenQuestion } from './count-and-forgotten/count-and-forgotten-question';
import { ErrorQuestion } from './error/error-question';
import { FiveFingersQuestion } from './five-fingers/five-fingers-question';
import { ImageCompareQuestion } from './image-compare/image-compare-question';
import { MoveDotsQuestion } from './move-dots/move-dots-question';
import { MoveDotsExampleQuestion } from './move-dots-example/move-dots-example-question';
import { MultipleChoiceQuestion } from './multiple-choice/multiple-choice-question';
import { MultipleChoiceWithImagesQuestion } from './multiple-choice-with-images/multiple-choice-with-images-question';
import { TextInputQuestion } from './text-input/text-input-question';
import { TimerImageExampleQuestion } from './timer-image-example/timer-image-example-question';
import { TimerTextInputQuestion } from './timer-text-input/timer-text-input-question';
import type { RendererProps } from './types';

/**
 * The renderer of every answer type, kept apart from the registry (registry.ts) so that React
 * components load with the question screens' chunk only. A type without one does not compile.
 */
export type AnswerRenderers = { [T in AnswerType]: ComponentType<RendererProps<T>> };

export const answerRenderers = {
  TextInput: TextInputQuestion,
  MultipleChoice: MultipleChoiceQuestion,
  MultipleChoiceWithImages: MultipleChoiceWithImagesQuestion,
  TimerTextInput: TimerTextInputQuestion,
  ImageCompare: ImageCompareQuestion,
  CountAndForgotten: CountAndForgottenQuestion,
  FiveFingers: FiveFingersQuestion,
  MoveDots: MoveDotsQuestion,
  MoveDotsExample: MoveDotsExampleQuestion,
  TimerImageExample: TimerImageExampleQuestion,
  Error: ErrorQuestion,
} satisfies AnswerRenderers;

/**
 * The renderer for a served question's answerType, typed for any question: the mapped type
 * guarantees that each type gets its own renderer.
 */
export function rendererFor(answerType: AnswerType): ComponentType<RendererProps<AnswerType>> {
  return (answerRenderers as AnswerRenderers)[answerType] as ComponentType<RendererProps<AnswerType>>;
}
