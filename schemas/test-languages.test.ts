import { describe, expect, it } from 'vitest';
import { testLanguages } from './test-languages.ts';

describe('testLanguages', () => {
  const pack = (code: string, resultCode?: string) => ({ code, ...(resultCode ? { resultCode } : {}) });

  it("lists the specification's three, then German, then the languages authors added", () => {
    const facts = [pack('de', '1'), pack('tr', '2'), pack('ar', '3'), pack('ro', '4'), pack('uk', '5')];
    expect(testLanguages(facts).map((language) => language.code)).toEqual(['tr', 'ar', 'ro', 'de', 'uk']);
  });

  it('leaves out a German pack without a result code: German is then the reference only', () => {
    const facts = [pack('de'), pack('tr', '2'), pack('fa', '6')];
    expect(testLanguages(facts).map((language) => language.code)).toEqual(['tr', 'fa']);
  });
});
