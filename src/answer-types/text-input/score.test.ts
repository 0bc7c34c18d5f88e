import { describe, expect, it } from 'vitest';
import { scoreTextInput } from './score';

describe('scoreTextInput', () => {
  it('accepts the correct number however it was typed', () => {
    for (const given of ['8', ' 8 ', '+8', '08', '٨']) expect(scoreTextInput(given, 8)).toBe(true);
  });
  it('rejects wrong and non-numbers without throwing', () => {
    for (const given of ['7', '-8', '', 'acht', '🙂', '1e99', '8.0'])
      expect(scoreTextInput(given, 8)).toBe(false);
  });
});
