import { NO_ANSWER, YES_ANSWER } from '../../domain/facts.ts';

/** docs/product.md §4: Ja is sent as '0', Nein as '1'. */
export const YES = YES_ANSWER;
export const NO = NO_ANSWER;

/** Ja/Nein questions: correct when the choice matches the correct answer (0 = Ja, 1 = Nein). */
export function scoreYesNo(givenAnswer: string, correctAnswer: number): boolean {
  return (givenAnswer === YES || givenAnswer === NO) && Number(givenAnswer) === correctAnswer;
}
