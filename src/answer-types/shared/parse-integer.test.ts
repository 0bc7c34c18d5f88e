import { describe, expect, it } from 'vitest';
import { isCorrectNumber, parseInteger } from './parse-integer';

describe('parseInteger', () => {
  it.each([
    ['5', 5],
    [' 5 ', 5],
    ['+7', 7],
    ['-1', -1],
    ['007', 7],
    ['-0', 0],
    ['٣', 3],
    ['١٢', 12],
    ['۴', 4],
  ])('reads %j as %d', (input, expected) => {
    expect(parseInteger(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'abc',
    '5a',
    '🙂',
    '5🙂',
    '1e99',
    '1.5',
    '3,0',
    '--1',
    '9999999999999999',
    'Infinity',
    'NaN',
  ])('rejects %j without throwing', (input) => {
    expect(parseInteger(input)).toBeNull();
  });
});

describe('isCorrectNumber', () => {
  it('compares the integer with the correct answer', () => {
    expect(isCorrectNumber(' 8 ', 8)).toBe(true);
    expect(isCorrectNumber('٨', 8)).toBe(true);
    expect(isCorrectNumber('9', 8)).toBe(false);
    expect(isCorrectNumber('acht', 8)).toBe(false);
    expect(isCorrectNumber('', 0)).toBe(false);
  });
});
