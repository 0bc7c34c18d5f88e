import { isCorrectNumber } from '../shared/parse-integer.ts';

/** MoveDots: the answer is the number of dots in the child's box. */
export function scoreMoveDots(givenAnswer: string, correctAnswer: number): boolean {
  return isCorrectNumber(givenAnswer, correctAnswer);
}
