import { isCorrectNumber } from '../shared/parse-integer';

/** SPEC section 9: 15 dots can be moved. */
export const MOVABLE_DOTS = 15;

/** 'Runter': one free dot into the child's box; nothing happens when no free dot is left. */
export function moveDotDown(dotsInBox: number): number {
  return Math.min(MOVABLE_DOTS, dotsInBox + 1);
}

/** 'Hoch': one dot back out of the child's box; nothing happens when the box is empty. */
export function moveDotUp(dotsInBox: number): number {
  return Math.max(0, dotsInBox - 1);
}

/** MoveDots and its practice: the answer is the number of dots in the child's box. */
export function scoreMoveDots(givenAnswer: string, correctAnswer: number): boolean {
  return isCorrectNumber(givenAnswer, correctAnswer);
}
