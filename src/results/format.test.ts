import { describe, expect, it } from 'vitest';
import { formatSeconds } from './format';

describe('format', () => {
  it('writes seconds with one decimal and a comma', () => {
    expect(formatSeconds(2400)).toBe('2,4');
    expect(formatSeconds(12_345)).toBe('12,3');
  });
});
