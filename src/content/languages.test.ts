import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { reviewState } from '../../schemas/language-facts';
import {
  childLanguages,
  defaultChildLanguage,
  isDraftLanguage,
  languageLabel,
  languageName,
  resultCode,
  speechLang,
  textDirection,
  unreviewedTexts,
} from './languages';

// The client's languages are the packs' (virtual:zaehltest-languages, built from content/languages/).
const CONTENT_DIR = join(import.meta.dirname, '../../content');
const LANGUAGES_DIR = join(CONTENT_DIR, 'languages');
// The home languages' packs; German, the reference and a test language too, is checked on its own.
const packs = readdirSync(LANGUAGES_DIR)
  .filter((file) => file.endsWith('.yaml') && file !== 'de.yaml')
  .map((file) => ({
    code: file.slice(0, -'.yaml'.length),
    ...(parse(readFileSync(join(LANGUAGES_DIR, file), 'utf8')) as {
      name: string;
      resultCode: string;
      dir: string;
      speechLang: string;
      default?: true;
    }),
  }));

describe('the languages of the client', () => {
  it('are the child languages of the packs, Turkish, Arabic, Romanian first, then German, the default from its pack', () => {
    expect([...childLanguages].sort()).toEqual([...packs.map((language) => language.code), 'de'].sort());
    // German is a test language with its own result code (docs/product.md §44), after the specification's three.
    expect(childLanguages.slice(0, 4)).toEqual(['tr', 'ar', 'ro', 'de']);
    expect(resultCode('de')).toBe('1');
    expect(defaultChildLanguage).toBe(packs.find((pack) => pack.default)?.code);
  });

  it("take name, result code, direction and voice from each language's pack, the status from its review", () => {
    for (const pack of packs) {
      // content/reviews/<code>.yaml: a draft while any text is 'nicht geprüft'.
      const review = reviewState(CONTENT_DIR, pack.code);
      expect(unreviewedTexts(pack.code)).toBe(review.unreviewed.length);
      expect(languageName(pack.code)).toBe(pack.name);
      expect(resultCode(pack.code)).toBe(pack.resultCode);
      expect(textDirection(pack.code)).toBe(pack.dir);
      expect(speechLang(pack.code)).toBe(pack.speechLang);
      expect(isDraftLanguage(pack.code)).toBe(review.status === 'Entwurf');
      expect(languageLabel(pack.code)).toBe(
        review.status === 'Entwurf' ? `${pack.name} (Entwurf)` : pack.name,
      );
    }
    expect([resultCode('tr'), resultCode('ar'), resultCode('ro')]).toEqual(['2', '3', '4']);
    expect(textDirection('ar')).toBe('rtl');
    // German, the reference, is never a draft: no review record, device voices everywhere.
    expect([languageLabel('de'), speechLang('de'), isDraftLanguage('de')]).toEqual([
      'Deutsch',
      'de-DE',
      false,
    ]);
  });

  it('read a code no pack has as itself, left to right, without a result code', () => {
    expect(languageName('xx')).toBe('xx');
    expect(textDirection('xx')).toBe('ltr');
    expect(resultCode('xx')).toBe('');
  });
});
