import { describe, expect, it } from 'vitest';
import { scoreMoveDots } from './score';

describe('scoring moved dots', () => {
  it('scores the number of dots in the box', () => {
    expect(scoreMoveDots('6', 6)).toBe(true);
    expect(scoreMoveDots('5', 6)).toBe(false);
  });
});
