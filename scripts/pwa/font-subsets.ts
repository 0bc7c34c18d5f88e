import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ContentResult, loadContent, REAL_CONTENT } from '../content/load.ts';
import { languageCodePoints } from '../pdf-fonts/glyphs.ts';

const require = createRequire(import.meta.url);

/** The screen fonts (src/main.tsx): each @font-face of their CSS is one subset file with its unicode-range. */
const FONT_CSS = ['@fontsource/noto-sans/400.css', '@fontsource/noto-sans-arabic/400.css'];

/** `U+0400-045F,U+2116` → [[0x400, 0x45f], [0x2116, 0x2116]]. */
function ranges(unicodeRange: string): [number, number][] {
  return unicodeRange.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from ?? '', 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

/**
 * The font subsets the texts of every language really use, as precache patterns
 * ('assets/noto-sans-cyrillic-[0-9]*-normal-*.woff2', not cyrillic-ext): a language added as content works offline with its letters
 * (docs/product.md, languages as content).
 */
export function usedFontSubsetPatterns(
  /** The subsets precached anyway (latin, latin-ext, arabic …): only letters beyond them add one. */
  base: RegExp = /^noto-sans-(latin|latin-ext|arabic-arabic|arabic-latin|arabic-latin-ext|arabic-symbols)$/,
  content: ContentResult = loadContent(REAL_CONTENT),
): string[] {
  const used = new Set<number>();
  for (const language of content.languages) {
    for (const point of languageCodePoints(content.packs, language)) used.add(point);
    const pack = content.languagePacks[language];
    for (const text of pack ? Object.values(pack) : []) {
      if (typeof text === 'string') for (const char of text) used.add(char.codePointAt(0) ?? 0);
    }
  }
  const faces: { file: string; spans: [number, number][] }[] = [];
  for (const css of FONT_CSS) {
    const source = readFileSync(require.resolve(css), 'utf8');
    for (const face of source.split('@font-face').slice(1)) {
      const file = /url\(\.\/files\/([a-z0-9-]+)-400-normal\.woff2\)/.exec(face)?.[1];
      const range = /unicode-range:\s*([^;]+);/.exec(face)?.[1];
      if (file && range) faces.push({ file, spans: ranges(range) });
    }
  }
  const covers = (spans: [number, number][], point: number) =>
    spans.some(([from, to]) => point >= from && point <= to);
  const baseFaces = faces.filter((face) => base.test(face.file));
  const beyond = [...used].filter((point) => !baseFaces.some((face) => covers(face.spans, point)));
  const patterns = new Set<string>();
  for (const face of faces) {
    if (!base.test(face.file) && beyond.some((point) => covers(face.spans, point))) {
      patterns.add(`assets/${face.file}-[0-9]*-normal-*.woff2`);
    }
  }
  return [...patterns].sort();
}
