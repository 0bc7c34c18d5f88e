import { isCorrectNumber } from '../shared/parse-integer.ts';

/** MultipleChoice (with or without pictures): correct when the chosen number is the correct one. */
export function scoreMultipleChoice(givenAnswer: string, correctAnswer: number): boolean {
  return isCorrectNumber(givenAnswer, correctAnswer);
}
