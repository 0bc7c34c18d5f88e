import { arabic, bold, regular } from 'virtual:zaehltest-pdf-fonts';
import { jsPDF } from 'jspdf';
import type { TextDirection } from '../../schemas/language-pack';

/**
 * What the results PDF and the Gruppenübersicht's PDF share (docs/product.md §12, §36): the fonts,
 * registered once for every document; the colours; and text drawn in a style, wrapped to a width,
 * left to right or right to left. The direction of a text comes from its language pack's `dir`
 * (content/languages/), never from the letters it holds: a right-to-left text is drawn with the
 * Arabic-script font, shaped and right-aligned.
 *
 * Fonts: DejaVu Sans, cut at build time to the letters of the packs (scripts/pdf-fonts); jsPDF embeds
 * only the glyphs a document uses. Arabic is shaped into its presentation forms and laid out right to
 * left by jsPDF; the vowel marks (harakat) are left out, because without the font's positioning tables
 * they would sit over the wrong letter (docs/product.md §12).
 */

export type Rgb = readonly [number, number, number];
export const INK: Rgb = [27, 31, 36];
export const MUTED: Rgb = [79, 87, 97];
export const RULE: Rgb = [201, 206, 212];

export const PT_TO_MM = 25.4 / 72;

const SANS = 'ZaehltestSans';
const RTL_FONT = 'ZaehltestArabic';

let fontsRegistered = false;

/** Adds the fonts to every jsPDF document from now on (jsPDF's own hook for custom fonts). */
function registerFonts() {
  if (fontsRegistered) return;
  fontsRegistered = true;
  jsPDF.API.events.push([
    'addFonts',
    function (this: jsPDF) {
      this.addFileToVFS('zaehltest-regular.ttf', regular);
      this.addFont('zaehltest-regular.ttf', SANS, 'normal');
      this.addFileToVFS('zaehltest-bold.ttf', bold);
      this.addFont('zaehltest-bold.ttf', SANS, 'bold');
      this.addFileToVFS('zaehltest-arabic.ttf', arabic);
      this.addFont('zaehltest-arabic.ttf', RTL_FONT, 'normal');
    },
  ]);
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  colour?: Rgb;
  /** 'rtl': drawn right to left with the Arabic-script font, right-aligned (no bold cut). */
  dir?: TextDirection;
}

/** A paragraph wrapped to a width: its lines and the height they take. */
export interface Block {
  lines: string[];
  style: TextStyle;
  height: number;
}

export interface PdfSetup {
  orientation: 'portrait' | 'landscape';
  /** Width and height in mm. */
  format: readonly [number, number];
  title: string;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
}

/** A jsPDF document with the fonts and the text primitives both PDFs draw with. */
export class PdfText {
  readonly pdf: jsPDF;
  private readonly lineFactor: number;

  constructor(setup: PdfSetup) {
    registerFonts();
    this.pdf = new jsPDF({
      orientation: setup.orientation,
      unit: 'mm',
      format: [...setup.format],
      compress: true,
    });
    this.pdf.setProperties({ title: setup.title, creator: 'Zähltest' });
    this.pdf.setLanguage('de-DE');
    this.lineFactor = setup.lineHeight;
  }

  style(style: TextStyle): void {
    const rtl = style.dir === 'rtl';
    this.pdf.setFont(rtl ? RTL_FONT : SANS, style.bold && !rtl ? 'bold' : 'normal');
    this.pdf.setFontSize(style.size);
    this.pdf.setTextColor(...(style.colour ?? INK));
  }

  lineHeight(style: Pick<TextStyle, 'size'>): number {
    return style.size * PT_TO_MM * this.lineFactor;
  }

  /** The distance from a line's top to its baseline. */
  ascent(style: Pick<TextStyle, 'size'>): number {
    return style.size * PT_TO_MM * 0.95;
  }

  block(text: string, width: number, style: TextStyle): Block {
    this.style(style);
    const prepared = style.dir === 'rtl' ? prepareArabic(text) : text;
    const lines = prepared.trim() === '' ? [] : (this.pdf.splitTextToSize(prepared, width) as string[]);
    return { lines, style, height: lines.length * this.lineHeight(style) };
  }

  /** Draws a block with its first baseline one ascent below `top`; right-to-left blocks end at `x + width`. */
  draw(b: Block, x: number, top: number, width: number): void {
    this.style(b.style);
    const step = this.lineHeight(b.style);
    b.lines.forEach((raw, index) => {
      // A trailing space left by wrapping would make the bidi step move a line-final comma.
      const line = raw.trim();
      const baseline = top + index * step + this.ascent(b.style);
      if (b.style.dir === 'rtl') this.pdf.text(line, x + width, baseline, { align: 'right', ...RTL_LINE });
      else this.pdf.text(line, x, baseline);
    });
  }

  rule(y: number, x: number, length: number, width: number, colour: Rgb = RULE): void {
    this.pdf.setDrawColor(...colour);
    this.pdf.setLineWidth(width);
    this.pdf.line(x, y, x + length, y);
  }

  fill(x: number, y: number, width: number, height: number, colour: Rgb): void {
    this.pdf.setFillColor(...colour);
    this.pdf.rect(x, y, width, height, 'F');
  }

  /**
   * On every page, once all are drawn: the title small at the top left and 'Seite n von m' at the
   * bottom right, `margin` from the sides; `top` and `bottom` are their baselines from the top edge.
   */
  frame(
    title: string,
    pageLabel: (page: number, pages: number) => string,
    place: { margin: number; top: number; bottom: number },
  ): void {
    const pages = this.pdf.getNumberOfPages();
    const width = this.pdf.internal.pageSize.getWidth();
    for (let page = 1; page <= pages; page++) {
      this.pdf.setPage(page);
      this.style({ size: 8, colour: MUTED });
      this.pdf.text(title, place.margin, place.top);
      this.pdf.text(pageLabel(page, pages), width - place.margin, place.bottom, { align: 'right' });
    }
  }
}

/**
 * jsPDF's bidi options for one line of right-to-left text: logical order in, visual order out, in a
 * right-to-left paragraph (its default guesses the paragraph direction and put a line-final comma on
 * the wrong side), with mirrored pairs swapped: without it, "(المادة 15)" in a letter to the parents
 * came out with both parentheses facing away from their words.
 */
const RTL_LINE = {
  isInputVisual: false,
  isOutputVisual: true,
  isInputRtl: true,
  isOutputRtl: false,
  isSymmetricSwapping: true,
};

/** Vowel marks and other combining marks of Arabic script. */
const HARAKAT = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED]/g;
/** Arabic punctuation and digits right after a letter; jsPDF would join the letter to them. */
const LETTER_BEFORE_NON_JOINING =
  /([\u0621-\u064A\u0671-\u06D3])(?=[\u060C\u061B\u061F\u0660-\u066D\u06D4\u06F0-\u06F9])/g;

/**
 * Arabic text as jsPDF can shape it: without vowel marks (drawn without the font's mark positioning,
 * they would land on the neighbouring letter) and with a zero-width non-joiner between a letter and
 * a following Arabic comma, question mark or digit, which jsPDF's shaper would otherwise treat as a
 * letter to join (the letter then took its initial instead of its final form).
 */
export function prepareArabic(text: string): string {
  return text.replace(HARAKAT, '').replace(LETTER_BEFORE_NON_JOINING, '$1\u200C');
}
