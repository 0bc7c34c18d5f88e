import { describe, expect, it } from 'vitest';
import { scoreCountAndForgotten, YES_ANSWER } from './score';

describe('scoreCountAndForgotten', () => {
  it("'Ja' submits 0, wrong when a number was forgotten", () => {
    expect(YES_ANSWER).toBe('0');
    expect(scoreCountAndForgotten(YES_ANSWER, 4)).toBe(false);
  });
  it('after Nein, the forgotten number counts', () => {
    expect(scoreCountAndForgotten('4', 4)).toBe(true);
    expect(scoreCountAndForgotten(' ٤ ', 4)).toBe(true);
    expect(scoreCountAndForgotten('5', 4)).toBe(false);
    expect(scoreCountAndForgotten('vier', 4)).toBe(false);
  });
});
