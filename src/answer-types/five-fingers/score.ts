import { parseInteger } from '../shared/parse-integer.ts';
import type { FingerSplit } from '../types';

export type { FingerSplit };

/** Reads a finger field: a whole number of fingers, anything else counts as 0 (docs/product.md §27). */
export function parseFingers(input: string): number {
  return parseInteger(input) ?? 0;
}

/**
 * An attempt is valid when both hands together show the correct number and neither hand is 0
 * (a negative count is no hand either).
 */
export function isValidSplit(split: FingerSplit, correctAnswer: number): boolean {
  return split.left + split.right === correctAnswer && split.left > 0 && split.right > 0;
}

export type FiveFingersStep =
  | { kind: 'submit'; givenAnswer: string; correct: boolean; attempts: FingerSplit[] }
  | { kind: 'another-way'; first: FingerSplit };

/**
 * docs/product.md §5. Attempt 1: invalid submits 0 at once; valid asks for another way.
 * Attempt 2: submits the correct answer when it is valid and a different left/right split, else 0.
 */
export function fiveFingersStep(
  first: FingerSplit | null,
  attempt: FingerSplit,
  correctAnswer: number,
): FiveFingersStep {
  const valid = isValidSplit(attempt, correctAnswer);
  if (first === null) {
    return valid
      ? { kind: 'another-way', first: attempt }
      : { kind: 'submit', givenAnswer: '0', correct: false, attempts: [attempt] };
  }
  const differs = attempt.left !== first.left || attempt.right !== first.right;
  return valid && differs
    ? { kind: 'submit', givenAnswer: String(correctAnswer), correct: true, attempts: [first, attempt] }
    : { kind: 'submit', givenAnswer: '0', correct: correctAnswer === 0, attempts: [first, attempt] };
}
