import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LineCounter, parseDocument } from 'yaml';
import type { ContentIssue } from '../content/issues.ts';
import type { PackFile } from '../content/load.ts';
import { formatPath, locate } from '../content/yaml-position.ts';

/**
 * Which characters the results PDF's fonts can draw, read from each font's cmap, and the characters
 * of the question packs they cannot: the build and content:check name them with file:line instead of
 * letting the PDF drop a script in silence (docs/product.md, languages as content).
 */

const require = createRequire(import.meta.url);

/** The full fonts the PDF subsets are cut from (the dejavu-fonts-ttf package). */
export function pdfFontFile(name: 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf'): Uint8Array {
  return readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
}

/** The code points a TrueType font maps to a glyph (cmap format 4 and 12 subtables). */
export function fontCodePoints(font: Uint8Array): Set<number> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = view.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    if (tag === 'cmap') cmap = view.getUint32(record + 8);
  }
  if (cmap < 0) throw new Error('the font has no cmap table');
  const found = new Set<number>();
  const subtables = view.getUint16(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const offset = cmap + view.getUint32(cmap + 4 + i * 8 + 4);
    const format = view.getUint16(offset);
    if (format === 4) {
      const segments = view.getUint16(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = view.getUint16(ends + s * 2);
        const start = view.getUint16(starts + s * 2);
        const delta = view.getInt16(deltas + s * 2);
        const rangeOffset = view.getUint16(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
            const raw = view.getUint16(at);
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) found.add(c);
        }
      }
    } else if (format === 12) {
      const groups = view.getUint32(offset + 12);
      for (let g = 0; g < groups; g++) {
        const group = offset + 16 + g * 12;
        const start = view.getUint32(group);
        const end = view.getUint32(group + 4);
        const glyph = view.getUint32(group + 8);
        for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) found.add(c);
      }
    }
  }
  return found;
}

/** Characters a PDF never needs a glyph for: line breaks, joiners and direction marks. */
const INVISIBLE = /[\n\r\t\u200b-\u200f\u2066-\u2069]/u;

/** The code points of every text of the question packs in one language. */
export function languageCodePoints(packs: readonly PackFile[], language: string): Set<number> {
  const points = new Set<number>();
  for (const pack of packs) {
    const texts = (pack.data as { texts?: Record<string, Record<string, unknown>> } | undefined)?.texts;
    for (const text of Object.values(texts?.[language] ?? {})) {
      if (typeof text !== 'string') continue;
      for (const char of text) if (!INVISIBLE.test(char)) points.add(char.codePointAt(0) ?? 0);
    }
  }
  return points;
}

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Every text of the question packs whose characters the PDF font of its language cannot draw, at
 * its file:line: `fonts` gives the code points of the font that draws a language (rtl or ltr).
 */
export function glyphIssues(
  packs: readonly PackFile[],
  languages: readonly { code: string; dir: 'ltr' | 'rtl' }[],
  fonts: { ltr: ReadonlySet<number>; rtl: ReadonlySet<number> },
): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const pack of packs) {
    const texts = (pack.data as { texts?: Record<string, Record<string, unknown>> } | undefined)?.texts;
    if (!texts || typeof texts !== 'object') continue;
    let doc: ReturnType<typeof parseDocument> | undefined;
    const lineCounter = new LineCounter();
    for (const { code, dir } of languages) {
      for (const [field, text] of Object.entries(texts[code] ?? {})) {
        if (typeof text !== 'string') continue;
        const missing = [...new Set([...text])].filter(
          (char) => !INVISIBLE.test(char) && !fonts[dir].has(char.codePointAt(0) ?? 0),
        );
        if (missing.length === 0) continue;
        doc ??= parseDocument(readFileSync(pack.absolutePath, 'utf8'), { lineCounter });
        const path = ['texts', code, field];
        issues.push({
          file: pack.file,
          ...locate(doc, lineCounter, path),
          path: formatPath(path),
          message: `has ${missing.map((char) => `"${char}" (${hex(char.codePointAt(0) ?? 0)})`).join(', ')}, which the results PDF's font cannot draw: the PDF would leave ${missing.length === 1 ? 'it' : 'them'} out`,
          hint: `write the text without ${missing.length === 1 ? 'it' : 'them'}, or add a font that has ${missing.length === 1 ? 'it' : 'them'} in scripts/pdf-fonts/subset.ts`,
        });
      }
    }
  }
  return issues;
}
