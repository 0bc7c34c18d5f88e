import { describe, expect, it } from 'vitest';
import { csvField, dateTimeFormatter, germanDate, germanDateTime } from './export.ts';

describe('CSV helpers', () => {
  it('quotes only fields that need it', () => {
    expect(csvField('Kita')).toBe('Kita');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
  });

  it('writes dates as TT.MM.JJJJ', () => {
    expect(germanDate('2019-03-04')).toBe('04.03.2019');
    expect(germanDate('')).toBe('');
  });

  it('writes the received time in German local time, summer and winter', () => {
    const berlin = dateTimeFormatter('Europe/Berlin');
    expect(germanDateTime(berlin, new Date('2026-07-01T22:30:00Z'))).toBe('02.07.2026 00:30');
    expect(germanDateTime(berlin, new Date('2026-01-15T08:05:00Z'))).toBe('15.01.2026 09:05');
  });
});
