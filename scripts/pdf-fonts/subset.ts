import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pdfFontFile } from './glyphs.ts';

/**
 * Cuts a TrueType font down to the characters the results PDF can contain, with HarfBuzz's subsetter
 * (WebAssembly from the harfbuzzjs package, runs offline). The PDF chunk then carries about a tenth
 * of the full fonts, and jsPDF embeds only the glyphs a document uses.
 */

const require = createRequire(import.meta.url);

/** hb_subset_sets_t: which set of a subset input `hb_subset_input_set` returns. */
const DROP_TABLE_TAG = 3;
/** Tables jsPDF never reads (it draws shaped Arabic from presentation forms, not via GSUB). */
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'kern', 'morx', 'feat', 'hdmx', 'VDMX', 'LTSH'];

interface HarfBuzzSubset {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

let harfbuzz: HarfBuzzSubset | undefined;

function loadHarfBuzz(): HarfBuzzSubset {
  if (!harfbuzz) {
    const wasm = readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const instance = new WebAssembly.Instance(new WebAssembly.Module(wasm), {});
    harfbuzz = instance.exports as unknown as HarfBuzzSubset;
  }
  return harfbuzz;
}

function tag(name: string): number {
  return [...name.padEnd(4, ' ')].reduce((value, char) => (value << 8) | char.charCodeAt(0), 0) >>> 0;
}

/** The font with only the glyphs of `codePoints` (and what they are built from). */
export function subsetFont(font: Uint8Array, codePoints: Iterable<number>): Uint8Array {
  const hb = loadHarfBuzz();
  const fontPointer = hb.malloc(font.byteLength);
  new Uint8Array(hb.memory.buffer, fontPointer, font.byteLength).set(font);
  // Mode 2 = HB_MEMORY_MODE_READONLY_MAY_MAKE_WRITABLE; the blob does not free the copy itself.
  const blob = hb.hb_blob_create(fontPointer, font.byteLength, 2, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  if (input === 0) throw new Error('HarfBuzz could not create a subset input');
  const unicodes = hb.hb_subset_input_unicode_set(input);
  for (const codePoint of codePoints) hb.hb_set_add(unicodes, codePoint);
  const dropped = hb.hb_subset_input_set(input, DROP_TABLE_TAG);
  for (const name of DROPPED_TABLES) hb.hb_set_add(dropped, tag(name));
  const subset = hb.hb_subset_or_fail(face, input);
  hb.hb_subset_input_destroy(input);
  hb.hb_face_destroy(face);
  hb.free(fontPointer);
  if (subset === 0) throw new Error('HarfBuzz could not subset the font');
  const result = hb.hb_face_reference_blob(subset);
  const length = hb.hb_blob_get_length(result);
  const data = hb.hb_blob_get_data(result, 0);
  const bytes = new Uint8Array(hb.memory.buffer, data, length).slice();
  hb.hb_blob_destroy(result);
  hb.hb_face_destroy(subset);
  if (length === 0) throw new Error('HarfBuzz returned an empty font');
  return bytes;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** German, Turkish (ğ ş ı İ), Romanian (ș ț), punctuation of the texts, ✓ and ✗. */
export const LATIN_CODE_POINTS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0x17f),
  ...range(0x218, 0x21b),
  ...range(0x2010, 0x2027),
  ...range(0x2030, 0x203a),
  0x20ac,
  0x2212,
  0x2713,
  0x2717,
];

/**
 * Arabic letters, digits and punctuation, and the presentation forms jsPDF shapes them into; and the
 * Latin letters of LATIN_CODE_POINTS, because a text is drawn in this font by its language's
 * direction, not by its letters: the Gruppenübersicht's PDF writes an Arabic-speaking child's name
 * right to left even when it was typed in Latin letters ('Ayşe').
 */
export const ARABIC_CODE_POINTS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0x17f),
  ...range(0x218, 0x21b),
  ...range(0x600, 0x6ff),
  ...range(0x200c, 0x200f),
  ...range(0xfb50, 0xfdff),
  ...range(0xfe70, 0xfeff),
];

export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  arabic: Uint8Array;
}

/**
 * DejaVu Sans (regular, bold) and its Arabic, subset for the results PDF: the fixed ranges above plus
 * every character the question packs really use, left-to-right languages in the regular and bold
 * fonts, right-to-left ones in the Arabic font (docs/product.md, languages as content).
 */
export function buildPdfFonts(
  used: { ltr: Iterable<number>; rtl: Iterable<number> } = { ltr: [], rtl: [] },
): PdfFonts {
  const ltr = [...new Set([...LATIN_CODE_POINTS, ...used.ltr])];
  const rtl = [...new Set([...ARABIC_CODE_POINTS, ...used.rtl])];
  return {
    regular: subsetFont(pdfFontFile('DejaVuSans.ttf'), ltr),
    bold: subsetFont(pdfFontFile('DejaVuSans-Bold.ttf'), ltr),
    arabic: subsetFont(pdfFontFile('DejaVuSans.ttf'), rtl),
  };
}
