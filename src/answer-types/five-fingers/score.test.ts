import { describe, expect, it } from 'vitest';
import { fiveFingersStep, isValidSplit, parseFingers } from './score';

const split = (left: number, right: number) => ({ left, right });

describe('parseFingers', () => {
  it('reads whole numbers and falls back to 0', () => {
    expect(parseFingers('3')).toBe(3);
    expect(parseFingers(' ٢ ')).toBe(2);
    for (const input of ['', 'drei', '🖐', '1e99', '2.5']) expect(parseFingers(input)).toBe(0);
  });
});

describe('isValidSplit', () => {
  it('needs the right sum and both hands', () => {
    expect(isValidSplit(split(2, 3), 5)).toBe(true);
    expect(isValidSplit(split(0, 5), 5)).toBe(false);
    expect(isValidSplit(split(5, 0), 5)).toBe(false);
    expect(isValidSplit(split(2, 2), 5)).toBe(false);
    expect(isValidSplit(split(6, -1), 5)).toBe(false);
  });
});

describe('fiveFingersStep (docs/product.md §5)', () => {
  it('an invalid first attempt submits 0 at once', () => {
    expect(fiveFingersStep(null, split(0, 5), 5)).toEqual({
      kind: 'submit',
      givenAnswer: '0',
      correct: false,
      attempts: [split(0, 5)],
    });
    expect(fiveFingersStep(null, split(1, 1), 5)).toEqual({
      kind: 'submit',
      givenAnswer: '0',
      correct: false,
      attempts: [split(1, 1)],
    });
  });
  it('a valid first attempt asks for another way', () => {
    expect(fiveFingersStep(null, split(2, 3), 5)).toEqual({ kind: 'another-way', first: split(2, 3) });
  });
  it('a valid, different second split submits the correct answer', () => {
    expect(fiveFingersStep(split(2, 3), split(4, 1), 5)).toEqual({
      kind: 'submit',
      givenAnswer: '5',
      correct: true,
      attempts: [split(2, 3), split(4, 1)],
    });
    expect(fiveFingersStep(split(2, 3), split(3, 2), 5)).toEqual({
      kind: 'submit',
      givenAnswer: '5',
      correct: true,
      attempts: [split(2, 3), split(3, 2)],
    });
  });
  it('the same split again, or an invalid second attempt, submits 0', () => {
    expect(fiveFingersStep(split(2, 3), split(2, 3), 5)).toEqual({
      kind: 'submit',
      givenAnswer: '0',
      correct: false,
      attempts: [split(2, 3), split(2, 3)],
    });
    expect(fiveFingersStep(split(2, 3), split(5, 0), 5)).toEqual({
      kind: 'submit',
      givenAnswer: '0',
      correct: false,
      attempts: [split(2, 3), split(5, 0)],
    });
    expect(fiveFingersStep(split(2, 3), split(2, 2), 5)).toEqual({
      kind: 'submit',
      givenAnswer: '0',
      correct: false,
      attempts: [split(2, 3), split(2, 2)],
    });
  });
});
