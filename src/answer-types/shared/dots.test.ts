import { describe, expect, it } from 'vitest';
import { MOVABLE_DOTS } from '../../domain/facts';
import { moveDotDown, moveDotUp } from './dots';

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
});
