import { describe, expect, it } from 'vitest';
import { de } from '../../src/i18n/de.ts';
import { loadLevels } from '../content/levels.ts';
import { loadContent, REAL_CONTENT } from '../content/load.ts';
import { ARABIC_CODE_POINTS, buildPdfFonts, LATIN_CODE_POINTS } from './subset.ts';

function characters(texts: Iterable<string>): Set<number> {
  const set = new Set<number>();
  for (const text of texts) for (const char of text) set.add(char.codePointAt(0)!);
  return set;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the PDF fonts', () => {
  const { questions } = loadContent(REAL_CONTENT);

  it('cover every character of the German UI, the levels and the German, Turkish and Romanian texts', () => {
    const latin = new Set(LATIN_CODE_POINTS);
    const texts = [
      ...strings(de.result),
      ...strings(loadLevels().levels),
      ...questions.flatMap((q) => [q.texts.de, q.texts.tr, q.texts.ro].flatMap(strings)),
      'Ayşe Yılmaz İğdır Ștefan Țurcanu',
    ];
    const missing = [...characters(texts)].filter((code) => !latin.has(code) && code !== 0x0a);
    expect(missing.map((code) => String.fromCodePoint(code))).toEqual([]);
  });

  it('cover every character of the Arabic texts', () => {
    const arabic = new Set(ARABIC_CODE_POINTS);
    const missing = [...characters(questions.flatMap((q) => strings(q.texts.ar)))].filter(
      (code) => !arabic.has(code),
    );
    expect(missing.map((code) => String.fromCodePoint(code))).toEqual([]);
  });

  it('are cut to a fraction of the full fonts', () => {
    const fonts = buildPdfFonts();
    for (const font of Object.values(fonts)) {
      expect(font.byteLength).toBeGreaterThan(10_000);
      expect(font.byteLength).toBeLessThan(100_000);
      // A TrueType file: version 1.0 in its first four bytes.
      expect([...font.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    }
  });
});
