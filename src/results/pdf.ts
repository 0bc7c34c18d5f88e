import { arabic, bold, regular } from 'virtual:zaehltest-pdf-fonts';
import { jsPDF } from 'jspdf';
import { textDirection } from '../content/languages';
import type { QuestionRow, ResultDocument, RowState } from './result-document';

/**
 * PDF export of the results document (docs/product.md §12, §22): real text drawn by jsPDF, so it
 * can be selected, searched and read aloud, in the layout of the results page (the same tables with
 * green, red and grey rows). This module pulls in jsPDF and the PDF fonts, so the results screen
 * loads it with `import()` only when the operator asks for a PDF.
 *
 * Fonts: DejaVu Sans, cut at build time to German, Turkish, Romanian and Arabic (scripts/pdf-fonts);
 * jsPDF embeds only the glyphs a document uses. Arabic is shaped into its presentation forms and
 * laid out right to left by jsPDF; the vowel marks (harakat) are left out in the PDF, because
 * without the font's positioning tables they would sit over the wrong letter (docs/product.md §22).
 */

export const PAGE_WIDTH_MM = 210;
export const PAGE_HEIGHT_MM = 295;
const MARGIN_X = 14;
const TOP = 20;
const BOTTOM = PAGE_HEIGHT_MM - 16;
const CONTENT_WIDTH = PAGE_WIDTH_MM - 2 * MARGIN_X;
const PT_TO_MM = 25.4 / 72;
const LINE_HEIGHT = 1.3;
const CELL_PAD_X = 1.8;
const CELL_PAD_Y = 1.6;
const EDGE_WIDTH = 1.4;

type Rgb = readonly [number, number, number];
const INK: Rgb = [27, 31, 36];
const MUTED: Rgb = [79, 87, 97];
const RULE: Rgb = [201, 206, 212];
const ACCENT: Rgb = [29, 91, 143];
const ROW_COLOURS: Record<RowState, { background: Rgb; edge: Rgb; mark: Rgb }> = {
  correct: { background: [227, 242, 230], edge: [46, 125, 50], mark: [27, 106, 48] },
  incorrect: { background: [251, 231, 231], edge: [198, 40, 40], mark: [163, 25, 27] },
  practice: { background: [238, 239, 241], edge: [138, 144, 153], mark: [79, 87, 97] },
};
const NOTE_BACKGROUND: Rgb = [246, 243, 234];
/** The 'Ohne Ton durchgeführt' box: red edge on a pale red, also legible in greyscale. */
const SOUND_NOTICE: { background: Rgb; edge: Rgb } = { background: [253, 236, 234], edge: [198, 40, 40] };

/** Questions table: FragenNr., Niveau, Text, Gegebene Antwort, Punkte (mm, adding up to the width). */
const QUESTION_COLUMNS = [21, 24, 75, 46, 16] as const;
const LEVEL_COLUMNS = [30, 50, 50] as const;
/** Verlauf: Testdatum, Niveau 1–3, Zugeordnetes Niveau, Veränderung (mm, adding up to the width). */
const VERLAUF_COLUMNS = [32, 20, 20, 20, 26, 64] as const;

export interface PdfOptions {
  fileName: string;
  /** Footer text of page `page` of `pages`, e.g. 'Seite 1 von 2' (translated by the caller). */
  pageLabel(page: number, pages: number): string;
}

export interface PdfResult {
  fileName: string;
  pages: number;
  bytes: number;
}

/** Builds the PDF of a results document and hands it to the browser as a download. */
export async function saveResultPdf(document: ResultDocument, options: PdfOptions): Promise<PdfResult> {
  const pdf = renderResultPdf(document, options);
  const bytes = pdf.output('arraybuffer').byteLength;
  pdf.save(options.fileName);
  return { fileName: options.fileName, pages: pdf.getNumberOfPages(), bytes };
}

interface TextStyle {
  size: number;
  bold?: boolean;
  colour?: Rgb;
  /** Arabic: drawn right to left with the Arabic font, right-aligned. */
  rtl?: boolean;
}

/** A paragraph wrapped to a width: its lines and the height they take. */
interface Block {
  lines: string[];
  style: TextStyle;
  height: number;
}

export function renderResultPdf(doc: ResultDocument, options: Pick<PdfOptions, 'pageLabel'>): jsPDF {
  const pdf = new jsPDF({
    orientation: 'portrait',
    unit: 'mm',
    format: [PAGE_WIDTH_MM, PAGE_HEIGHT_MM],
    compress: true,
  });
  pdf.addFileToVFS('zaehltest-regular.ttf', regular);
  pdf.addFont('zaehltest-regular.ttf', 'ZaehltestSans', 'normal');
  pdf.addFileToVFS('zaehltest-bold.ttf', bold);
  pdf.addFont('zaehltest-bold.ttf', 'ZaehltestSans', 'bold');
  pdf.addFileToVFS('zaehltest-arabic.ttf', arabic);
  pdf.addFont('zaehltest-arabic.ttf', 'ZaehltestArabic', 'normal');
  pdf.setProperties({ title: `${doc.title} – ${doc.pageHeader}`, creator: 'Zähltest' });
  pdf.setLanguage('de-DE');

  let y = TOP;
  /** Redraws a table's header row on a new page while that table continues. */
  let continueTable: (() => void) | undefined;

  const applyStyle = (style: TextStyle) => {
    pdf.setFont(
      style.rtl ? 'ZaehltestArabic' : 'ZaehltestSans',
      style.bold && !style.rtl ? 'bold' : 'normal',
    );
    pdf.setFontSize(style.size);
    pdf.setTextColor(...(style.colour ?? INK));
  };
  const lineHeight = (style: TextStyle) => style.size * PT_TO_MM * LINE_HEIGHT;
  const block = (text: string, width: number, style: TextStyle): Block => {
    applyStyle(style);
    const prepared = style.rtl ? prepareArabic(text) : text;
    const lines = prepared.trim() === '' ? [] : (pdf.splitTextToSize(prepared, width) as string[]);
    return { lines, style, height: lines.length * lineHeight(style) };
  };
  /** Draws a block with its first baseline one ascent below `top`; RTL blocks end at `x + width`. */
  const draw = (b: Block, x: number, top: number, width: number) => {
    applyStyle(b.style);
    const step = lineHeight(b.style);
    b.lines.forEach((raw, index) => {
      // A trailing space left by wrapping would make the bidi step move a line-final comma.
      const line = raw.trim();
      const baseline = top + index * step + b.style.size * PT_TO_MM * 0.95;
      if (b.style.rtl) pdf.text(line, x + width, baseline, { align: 'right', ...RTL_LINE });
      else pdf.text(line, x, baseline);
    });
  };
  const pageHeader = () => {
    applyStyle({ size: 8, colour: MUTED });
    pdf.text(doc.pageHeader, MARGIN_X, 11);
    pdf.setDrawColor(...RULE);
    pdf.setLineWidth(0.2);
    pdf.line(MARGIN_X, 13, PAGE_WIDTH_MM - MARGIN_X, 13);
  };
  const newPage = () => {
    pdf.addPage([PAGE_WIDTH_MM, PAGE_HEIGHT_MM], 'portrait');
    pageHeader();
    y = TOP;
    continueTable?.();
  };
  /** Starts a new page unless `height` mm still fit on this one. */
  const ensure = (height: number) => {
    if (y + height > BOTTOM) newPage();
  };
  const paragraph = (text: string, style: TextStyle, gapAfter = 1.5, x = MARGIN_X, width = CONTENT_WIDTH) => {
    const b = block(text, width, style);
    ensure(b.height);
    draw(b, x, y, width);
    y += b.height + gapAfter;
  };
  const heading = (text: string, size: number, keepWith: number) => {
    ensure(lineHeight({ size }) + keepWith);
    paragraph(text, { size, bold: true }, 1.8);
  };
  const rule = (width: number, colour: Rgb = RULE, x = MARGIN_X, length = CONTENT_WIDTH) => {
    pdf.setDrawColor(...colour);
    pdf.setLineWidth(width);
    pdf.line(x, y, x + length, y);
  };

  pageHeader();

  // Title and the child's details, three to a row as on the page.
  heading(doc.title, 18, 20);
  rule(0.6, INK);
  y += 2.5;
  if (doc.soundNotice) {
    // Before anything else: a test the child did not hear (docs/product.md §14).
    const heading = block(doc.soundNotice.heading, CONTENT_WIDTH - 7, { size: 11, bold: true, colour: INK });
    const text = block(doc.soundNotice.text, CONTENT_WIDTH - 7, { size: 9, colour: INK });
    const height = heading.height + 1 + text.height + 5;
    pdf.setFillColor(...SOUND_NOTICE.background);
    pdf.rect(MARGIN_X, y, CONTENT_WIDTH, height, 'F');
    pdf.setFillColor(...SOUND_NOTICE.edge);
    pdf.rect(MARGIN_X, y, 2.4, height, 'F');
    draw(heading, MARGIN_X + 5, y + 2.5, CONTENT_WIDTH - 7);
    draw(text, MARGIN_X + 5, y + 2.5 + heading.height + 1, CONTENT_WIDTH - 7);
    y += height + 4;
  }
  const detailWidth = CONTENT_WIDTH / 3;
  for (let i = 0; i < doc.details.length; i += 3) {
    const cells = doc.details.slice(i, i + 3).map((detail) => ({
      label: block(detail.label.toUpperCase(), detailWidth - 4, { size: 7, colour: MUTED }),
      value: block(detail.value || '—', detailWidth - 4, { size: 10, bold: true }),
    }));
    const height = Math.max(...cells.map((cell) => cell.label.height + cell.value.height));
    ensure(height);
    cells.forEach((cell, column) => {
      const x = MARGIN_X + column * detailWidth;
      draw(cell.label, x, y, detailWidth - 4);
      draw(cell.value, x, y + cell.label.height, detailWidth - 4);
    });
    y += height + 2;
  }
  rule(0.2);
  y += 6;

  // Niveaus: the table of the page, its legend and the screening note.
  const levels = doc.levels;
  heading(levels.heading, 13, 30);
  const levelWidth = LEVEL_COLUMNS.reduce((a, b) => a + b, 0);
  const levelRow = (
    cells: string[],
    style: {
      bold?: boolean;
      size?: number;
      background?: Rgb;
      mark?: boolean | undefined;
      topRule?: boolean;
      /** The first cell spans the first two columns (the 'Zugeordnetes Niveau' row). */
      span?: boolean;
    },
  ) => {
    const size = style.size ?? 9.5;
    const widths = style.span
      ? [LEVEL_COLUMNS[0] + LEVEL_COLUMNS[1], 0, LEVEL_COLUMNS[2]]
      : [...LEVEL_COLUMNS];
    const blocks = cells.map((text, index) =>
      block(text, Math.max(widths[index]! - 2 * CELL_PAD_X, 1), { size, bold: style.bold || index === 0 }),
    );
    const height = Math.max(...blocks.map((b) => b.height)) + 2 * CELL_PAD_Y;
    ensure(height);
    if (style.background) {
      pdf.setFillColor(...style.background);
      pdf.rect(MARGIN_X, y, levelWidth, height, 'F');
    }
    let x = MARGIN_X;
    blocks.forEach((b, index) => {
      let textX = x + CELL_PAD_X;
      if (index === 2 && style.mark !== undefined) {
        applyStyle({ size, bold: true, colour: ROW_COLOURS[style.mark ? 'correct' : 'incorrect'].mark });
        const mark = style.mark ? '✓' : '✗';
        pdf.text(mark, textX, y + CELL_PAD_Y + size * PT_TO_MM * 0.95);
        textX += pdf.getTextWidth(mark) + 1.5;
      }
      draw(b, textX, y + CELL_PAD_Y, widths[index]! - 2 * CELL_PAD_X);
      x += widths[index]!;
    });
    if (style.topRule) rule(0.5, INK, MARGIN_X, levelWidth);
    y += height;
    rule(0.2, RULE, MARGIN_X, levelWidth);
  };
  levelRow(levels.columns, { size: 8, bold: false });
  rule(0.5, INK, MARGIN_X, levelWidth);
  for (const row of levels.rows) {
    levelRow([row.level, row.points, row.achievedText], {
      background: row.achieved ? ROW_COLOURS.correct.background : undefined,
      mark: row.achieved,
    });
  }
  levelRow([levels.total.label, levels.total.points, ''], { bold: true, topRule: true });
  levelRow([levels.assigned.label, '', levels.assigned.value], { bold: true, size: 11, span: true });
  y += 4;

  paragraph(doc.legend.heading, { size: 9.5, bold: true }, 1);
  for (const item of doc.legend.items) {
    paragraph(`${item.term}:`, { size: 8.5, bold: true }, 0.3);
    paragraph(item.text, { size: 8.5 }, 1.5, MARGIN_X + 4, CONTENT_WIDTH - 4);
  }
  y += 1.5;
  {
    const note = block(doc.disclaimer, CONTENT_WIDTH - 6, { size: 8.5, colour: INK });
    ensure(note.height + 4);
    pdf.setFillColor(...NOTE_BACKGROUND);
    pdf.rect(MARGIN_X, y, CONTENT_WIDTH, note.height + 4, 'F');
    pdf.setFillColor(178, 106, 0);
    pdf.rect(MARGIN_X, y, EDGE_WIDTH, note.height + 4, 'F');
    draw(note, MARGIN_X + 4, y + 2, CONTENT_WIDTH - 6);
    y += note.height + 10;
  }

  // Verlauf: the child's tests on this device, under the levels (docs/product.md, Verlauf).
  if (doc.verlauf) {
    const verlauf = doc.verlauf;
    heading(verlauf.heading, 13, 20);
    paragraph(verlauf.intro, { size: 8.5, colour: MUTED }, 1.5);
    const verlaufRow = (cells: readonly string[], style: { header?: boolean; current?: boolean }) => {
      const size = style.header ? 8 : 8.5;
      const blocks = cells.map((text, index) =>
        block(text, VERLAUF_COLUMNS[index]! - 2 * CELL_PAD_X, {
          size,
          bold: style.header || style.current || index === 0,
          colour: style.header ? MUTED : INK,
        }),
      );
      const height = Math.max(...blocks.map((b) => b.height)) + 2 * CELL_PAD_Y;
      ensure(height);
      if (style.current) {
        pdf.setFillColor(...NOTE_BACKGROUND);
        pdf.rect(MARGIN_X, y, CONTENT_WIDTH, height, 'F');
      }
      let x = MARGIN_X;
      blocks.forEach((b, index) => {
        draw(b, x + CELL_PAD_X, y + CELL_PAD_Y, VERLAUF_COLUMNS[index]! - 2 * CELL_PAD_X);
        x += VERLAUF_COLUMNS[index]!;
      });
      y += height;
      rule(style.header ? 0.5 : 0.2, style.header ? INK : RULE);
    };
    verlaufRow(verlauf.columns, { header: true });
    for (const row of verlauf.rows) verlaufRow(row.cells, { current: row.current });
    y += 8;
  }

  // What the levels mean, and the Förderhinweise of the assigned level.
  heading(doc.meanings.heading, 13, 20);
  for (const level of doc.meanings.levels) {
    const title = block(level.title, CONTENT_WIDTH - 4, {
      size: 9.5,
      bold: true,
      colour: level.assigned ? ACCENT : INK,
    });
    const text = block(level.description, CONTENT_WIDTH - 4, { size: 8.5 });
    ensure(title.height + text.height);
    if (level.assigned) {
      pdf.setFillColor(...ACCENT);
      pdf.rect(MARGIN_X, y, 1, title.height + text.height, 'F');
    }
    draw(title, MARGIN_X + 4, y, CONTENT_WIDTH - 4);
    draw(text, MARGIN_X + 4, y + title.height, CONTENT_WIDTH - 4);
    y += title.height + text.height + 2.5;
  }
  y += 1;
  heading(doc.meanings.activities.heading, 10, 12);
  if (doc.meanings.activities.description) {
    const text = block(doc.meanings.activities.description, CONTENT_WIDTH, { size: 8.5 });
    ensure(text.height);
    draw(text, MARGIN_X, y, CONTENT_WIDTH);
    y += text.height + 1.5;
  }
  for (const item of doc.meanings.activities.items) {
    const b = block(item, CONTENT_WIDTH - 8, { size: 8.5 });
    ensure(b.height);
    applyStyle({ size: 8.5 });
    pdf.text('•', MARGIN_X + 3, y + 8.5 * PT_TO_MM * 0.95);
    draw(b, MARGIN_X + 7, y, CONTENT_WIDTH - 8);
    y += b.height + 1.2;
  }
  y += 6;

  // Fragen: one row per answer, coloured as on the page; a continued table repeats its header.
  const questions = doc.questions;
  heading(questions.heading, 13, 24);
  const questionHeader = () => {
    const blocks = questions.columns.map((column, index) =>
      block(column, QUESTION_COLUMNS[index]! - 2 * CELL_PAD_X, { size: 8, colour: MUTED, bold: true }),
    );
    const height = Math.max(...blocks.map((b) => b.height)) + 2 * CELL_PAD_Y;
    let x = MARGIN_X;
    blocks.forEach((b, index) => {
      draw(b, x + CELL_PAD_X, y + CELL_PAD_Y, QUESTION_COLUMNS[index]! - 2 * CELL_PAD_X);
      x += QUESTION_COLUMNS[index]!;
    });
    y += height;
    rule(0.5, INK);
  };
  questionHeader();
  continueTable = questionHeader;
  for (const row of questions.rows) questionRow(row);
  continueTable = undefined;

  function questionRow(row: QuestionRow) {
    const [numberWidth, levelWidth, textWidth, answerWidth] = QUESTION_COLUMNS.map(
      (width) => width - 2 * CELL_PAD_X,
    ) as unknown as number[];
    const rtl = textDirection(row.child.language) === 'rtl';
    const child = [row.child.texts.situationText, row.child.texts.questionText, row.child.texts.answerText]
      .filter((text): text is string => !!text)
      .map((text, index) => block(text, textWidth!, { size: 9, rtl, colour: index === 0 ? MUTED : INK }));
    const german = row.german
      ? block(
          `${questions.germanLabel}: ${[
            row.german.situationText,
            row.german.questionText,
            row.german.answerText,
          ]
            .filter(Boolean)
            .join(' ')}`,
          textWidth!,
          { size: 7.5, colour: MUTED },
        )
      : undefined;
    const textHeight = child.reduce((sum, b) => sum + b.height, 0) + (german ? german.height + 1 : 0);
    const given = block(row.given, answerWidth!, { size: 9, bold: true });
    const notes = block(row.notes.join(' · '), answerWidth!, { size: 7, colour: MUTED });
    const numberBlock = block(row.number, numberWidth!, { size: 9, bold: true });
    const levelBlock = block(row.level, levelWidth!, { size: 8 });
    const height =
      Math.max(textHeight, given.height + notes.height, numberBlock.height, levelBlock.height) +
      2 * CELL_PAD_Y;
    ensure(height);
    const colours = ROW_COLOURS[row.state];
    pdf.setFillColor(...colours.background);
    pdf.rect(MARGIN_X, y, CONTENT_WIDTH, height, 'F');
    pdf.setFillColor(...colours.edge);
    pdf.rect(MARGIN_X, y, EDGE_WIDTH, height, 'F');
    const top = y + CELL_PAD_Y;
    let x = MARGIN_X + CELL_PAD_X;
    draw(numberBlock, x + 0.6, top, numberWidth!);
    x += QUESTION_COLUMNS[0];
    draw(levelBlock, x, top, levelWidth!);
    x += QUESTION_COLUMNS[1];
    let textTop = top;
    for (const b of child) {
      draw(b, x, textTop, textWidth!);
      textTop += b.height;
    }
    if (german) draw(german, x, textTop + 1, textWidth!);
    x += QUESTION_COLUMNS[2];
    draw(given, x, top, answerWidth!);
    draw(notes, x, top + given.height, answerWidth!);
    x += QUESTION_COLUMNS[3];
    applyStyle({ size: 9, bold: true });
    pdf.text(row.points, x, top + 9 * PT_TO_MM * 0.95);
    if (row.state !== 'practice') {
      applyStyle({ size: 9, bold: true, colour: colours.mark });
      pdf.text(row.state === 'correct' ? '✓' : '✗', x + 4, top + 9 * PT_TO_MM * 0.95);
    }
    y += height;
    rule(0.2);
  }

  const pages = pdf.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    pdf.setPage(page);
    applyStyle({ size: 8, colour: MUTED });
    pdf.text(options.pageLabel(page, pages), PAGE_WIDTH_MM - MARGIN_X, PAGE_HEIGHT_MM - 9, {
      align: 'right',
    });
  }
  return pdf;
}

/**
 * jsPDF's bidi options for one line of Arabic: logical order in, visual order out, in a right-to-left
 * paragraph (its default guesses the paragraph direction and put a line-final comma on the wrong side).
 */
const RTL_LINE = { isInputVisual: false, isOutputVisual: true, isInputRtl: true, isOutputRtl: false };

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
