import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  childLanguages,
  defaultChildLanguage,
  isDraftLanguage,
  languageLabel,
  languageName,
  resultCode,
  speechLang,
  textDirection,
} from './languages';

// The client's languages are the packs' (virtual:zaehltest-languages, built from content/languages/).
const LANGUAGES_DIR = join(import.meta.dirname, '../../content/languages');
const packs = readdirSync(LANGUAGES_DIR)
  .filter((file) => file.endsWith('.yaml') && file !== 'de.yaml')
  .map((file) => ({
    code: file.slice(0, -'.yaml'.length),
    ...(parse(readFileSync(join(LANGUAGES_DIR, file), 'utf8')) as {
      name: string;
      resultCode: string;
      dir: string;
      speechLang: string;
      status: string;
    }),
  }));

describe('the languages of the client', () => {
  it('are the child languages of the packs, Turkish, Arabic, Romanian first, Turkish the default', () => {
    expect([...childLanguages].sort()).toEqual(packs.map((language) => language.code).sort());
    expect(childLanguages.slice(0, 3)).toEqual(['tr', 'ar', 'ro']);
    expect(childLanguages).not.toContain('de');
    expect(defaultChildLanguage).toBe('tr');
  });

  it("take name, result code, direction, voice and status from each language's pack", () => {
    for (const pack of packs) {
      expect(languageName(pack.code)).toBe(pack.name);
      expect(resultCode(pack.code)).toBe(pack.resultCode);
      expect(textDirection(pack.code)).toBe(pack.dir);
      expect(speechLang(pack.code)).toBe(pack.speechLang);
      expect(isDraftLanguage(pack.code)).toBe(pack.status === 'Entwurf');
      expect(languageLabel(pack.code)).toBe(pack.status === 'Entwurf' ? `${pack.name} (Entwurf)` : pack.name);
    }
    expect([resultCode('tr'), resultCode('ar'), resultCode('ro')]).toEqual(['2', '3', '4']);
    expect(textDirection('ar')).toBe('rtl');
  });

  it('read a code no pack has as itself, left to right, without a result code', () => {
    expect(languageName('xx')).toBe('xx');
    expect(textDirection('xx')).toBe('ltr');
    expect(resultCode('xx')).toBe('');
  });
});
