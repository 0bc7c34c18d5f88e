import { isCorrectNumber } from '../shared/parse-integer.ts';

/** docs/product.md §4: 'Ja' ("counted right") submits 0 at once. */
export const YES_ANSWER = '0';

/**
 * CountAndForgotten: 'Ja' gives '0' (correct only if nothing was forgotten); after 'Nein' the
 * forgotten number is typed and compared as a whole number.
 */
export function scoreCountAndForgotten(givenAnswer: string, correctAnswer: number): boolean {
  return isCorrectNumber(givenAnswer, correctAnswer);
}
