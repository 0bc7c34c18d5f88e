import { describe, expect, it } from 'vitest';
import { NO, scoreYesNo, YES } from './yes-no';

describe('scoreYesNo', () => {
  it('sends Ja as 0 and Nein as 1', () => {
    expect([YES, NO]).toEqual(['0', '1']);
  });
  it('compares Ja/Nein with the correct answer', () => {
    expect(scoreYesNo(YES, 0)).toBe(true);
    expect(scoreYesNo(NO, 0)).toBe(false);
    expect(scoreYesNo(NO, 1)).toBe(true);
    expect(scoreYesNo(YES, 1)).toBe(false);
  });
  it('rejects anything that is not Ja or Nein', () => {
    for (const given of ['', 'ja', '00', ' 0', '2']) expect(scoreYesNo(given, 0)).toBe(false);
  });
});
