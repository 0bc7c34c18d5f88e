import { describe, expect, it } from 'vitest';
import { germanDate } from '../domain/date';
import { formatSeconds, localDay } from './format';

describe('format', () => {
  it('writes dates the German way and leaves anything else alone', () => {
    expect(germanDate('2019-03-07')).toBe('07.03.2019');
    expect(germanDate('')).toBe('');
    expect(germanDate('20190-03-07')).toBe('20190-03-07');
    expect(germanDate('20190-03-07', '')).toBe('');
  });

  it('writes seconds with one decimal and a comma', () => {
    expect(formatSeconds(2400)).toBe('2,4');
    expect(formatSeconds(12_345)).toBe('12,3');
  });

  it('takes the local day of a timestamp, not the UTC day', () => {
    // 23:30 UTC on 6 March is already 7 March in Berlin (UTC+1).
    const berlin = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      expect(localDay('2025-03-06T23:30:00.000Z')).toBe('2025-03-07');
      expect(localDay('2025-03-07T12:00:00.000Z')).toBe('2025-03-07');
      expect(localDay('not a time')).toBe('');
    } finally {
      if (berlin === undefined) delete process.env.TZ;
      else process.env.TZ = berlin;
    }
  });
});
