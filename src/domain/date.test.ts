import { describe, expect, it } from 'vitest';
import { germanDate, germanLocalDate, localDay } from './date';

/** Runs `check` with the device in Berlin (UTC+1 in winter, +2 in summer). */
function inBerlin(check: () => void): void {
  const before = process.env.TZ;
  process.env.TZ = 'Europe/Berlin';
  try {
    check();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('dates (docs/product.md §13)', () => {
  it('writes dates the German way and leaves anything else alone', () => {
    expect(germanDate('2019-03-07')).toBe('07.03.2019');
    expect(germanDate('')).toBe('');
    expect(germanDate('20190-03-07')).toBe('20190-03-07');
    expect(germanDate('20190-03-07', '')).toBe('');
  });

  it('takes the local day of a timestamp, not the UTC day', () => {
    inBerlin(() => {
      // 23:30 UTC on 6 March is already 7 March in Berlin (UTC+1).
      expect(localDay('2025-03-06T23:30:00.000Z')).toBe('2025-03-07');
      expect(localDay('2025-03-07T12:00:00.000Z')).toBe('2025-03-07');
      expect(localDay(new Date(2025, 2, 7, 0, 30))).toBe('2025-03-07');
      expect(localDay('not a time')).toBe('');
    });
  });

  it('writes a moment as TT.MM.JJJJ with two-digit day and month, never 15.3.2027', () => {
    inBerlin(() => {
      expect(germanLocalDate(new Date(2027, 2, 15, 9, 0))).toBe('15.03.2027');
      expect(germanLocalDate('2027-01-03T23:30:00.000Z')).toBe('04.01.2027');
      expect(germanLocalDate('')).toBe('');
    });
  });
});
