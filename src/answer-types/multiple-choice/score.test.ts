import { describe, expect, it } from 'vitest';
import { scoreMultipleChoice } from './score';

describe('scoreMultipleChoice', () => {
  it('is correct only for the chosen correct number', () => {
    expect(scoreMultipleChoice('8', 8)).toBe(true);
    expect(scoreMultipleChoice('3', 8)).toBe(false);
    expect(scoreMultipleChoice('', 8)).toBe(false);
  });
});
