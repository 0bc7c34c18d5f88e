import { describe, expect, it } from 'vitest';
import { codeFromHash, formatEnrolmentCode, normalizeEnrolmentCode } from './code';

describe('the enrolment code as typed (docs/product.md §51)', () => {
  it('takes spaces, dashes and lower case', () => {
    expect(normalizeEnrolmentCode('7kq2-m4xp-9trc')).toEqual({ code: '7KQ2M4XP9TRC' });
    expect(normalizeEnrolmentCode(' 7KQ2 M4XP 9TRC ')).toEqual({ code: '7KQ2M4XP9TRC' });
    expect(normalizeEnrolmentCode('7KQ2–M4XP—9TRC')).toEqual({ code: '7KQ2M4XP9TRC' });
  });

  it('names letters outside the alphabet instead of replacing them (an O is no 0)', () => {
    expect(normalizeEnrolmentCode('7KQ2-M4XP-9TRO')).toEqual({ problem: 'characters', invalid: 'O' });
    expect(normalizeEnrolmentCode('1LI0-M4XP-9TRC')).toEqual({ problem: 'characters', invalid: '1 L I 0' });
    expect(normalizeEnrolmentCode('7KQ2-M4XP-9TRÄ')).toEqual({ problem: 'characters', invalid: 'Ä' });
  });

  it('wants exactly 12 characters', () => {
    expect(normalizeEnrolmentCode('')).toEqual({ problem: 'empty' });
    expect(normalizeEnrolmentCode(' - ')).toEqual({ problem: 'empty' });
    expect(normalizeEnrolmentCode('7KQ2-M4XP-9TR')).toEqual({ problem: 'length' });
    expect(normalizeEnrolmentCode('7KQ2-M4XP-9TRCC')).toEqual({ problem: 'length' });
  });

  it('groups the code by four for display', () => {
    expect(formatEnrolmentCode('7KQ2M4XP9TRC')).toBe('7KQ2-M4XP-9TRC');
    expect(formatEnrolmentCode('7KQ2M')).toBe('7KQ2-M');
    expect(formatEnrolmentCode('')).toBe('');
  });

  it('reads the code of a #einrichten= link', () => {
    expect(codeFromHash('#einrichten=7KQ2M4XP9TRC')).toBe('7KQ2M4XP9TRC');
    expect(codeFromHash('einrichten=7KQ2-M4XP')).toBe('7KQ2-M4XP');
    expect(codeFromHash('#einrichten=7KQ2%20M4XP')).toBe('7KQ2 M4XP');
    expect(codeFromHash('#other')).toBeUndefined();
    expect(codeFromHash('')).toBeUndefined();
  });
});
