import { describe, expect, it } from 'vitest';
import { MOVABLE_DOTS, moveDotDown, moveDotUp, scoreMoveDots } from './score';

describe('moving dots', () => {
  it('moves one dot at a time between the row and the box', () => {
    expect(moveDotDown(0)).toBe(1);
    expect(moveDotUp(6)).toBe(5);
  });
  it('does nothing at 0 and at 15', () => {
    expect(MOVABLE_DOTS).toBe(15);
    expect(moveDotUp(0)).toBe(0);
    expect(moveDotDown(15)).toBe(15);
  });
  it('scores the number of dots in the box', () => {
    expect(scoreMoveDots('6', 6)).toBe(true);
    expect(scoreMoveDots('5', 6)).toBe(false);
  });
});
