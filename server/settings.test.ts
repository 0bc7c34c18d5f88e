import { describe, expect, it } from 'vitest';
import { booleanFromEnv } from './settings.ts';

describe('UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH and other yes/no settings (docs/operation.md)', () => {
  const read = (raw: string | undefined) =>
    booleanFromEnv('UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH', false, {
      UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH: raw,
    });

  it('is the default unset or empty, and reads true/false, 1/0, ja/nein in any case', () => {
    expect(read(undefined)).toBe(false);
    expect(read(' ')).toBe(false);
    for (const on of ['true', 'TRUE', '1', 'ja', 'yes']) expect(read(on), on).toBe(true);
    for (const off of ['false', '0', 'Nein', 'no']) expect(read(off), off).toBe(false);
  });

  it('stops the start on anything else, in German and English, so that a typo never widens research', () => {
    expect(() => read('vielleicht')).toThrow(
      'UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH muss true oder false sein / must be true or false, got "vielleicht"',
    );
  });
});
