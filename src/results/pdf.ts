import type { jsPDF } from 'jspdf';
import { textDirection } from '../content/languages';
import { type Block, INK, MUTED, PdfText, type Rgb, RULE, type TextStyle } from './pdf-setup';
import type { QuestionRow, ResultDocument, RowState } from './result-document';

/**
 * PDF export of the results document (docs/product.md §12, §22): real text drawn by jsPDF, so it
 * can be selected, searched and read aloud, in the layout of the results page (the same tables with
 * green, red and grey rows). This module pulls in jsPDF and the PDF fonts, so the results screen
 * loads it with `import()` only when the operator asks for a PDF. Fonts, colours and text drawing
 * are shared with the Gruppenübersicht's PDF (./pdf-setup.ts); each section of the page is drawn by
 * its own function below, in the order of the page.
 */

export const PAGE_WIDTH_MM = 210;
export const PAGE_HEIGHT_MM = 295;
const MARGIN_X = 14;
const TOP = 20;
const BOTTOM = PAGE_HEIGHT_MM - 16;
const CONTENT_WIDTH = PAGE_WIDTH_MM - 2 * MARGIN_X;
const CELL_PAD_X = 1.8;
const CELL_PAD_Y = 1.6;
const EDGE_WIDTH = 1.4;

const ACCENT: Rgb = [29, 91, 143];
const ROW_COLOURS: Record<RowState, { background: Rgb; edge: Rgb; mark: Rgb }> = {
  correct: { background: [227, 242, 230], edge: [46, 125, 50], mark: [27, 106, 48] },
  incorrect: { background: [251, 231, 231], edge: [198, 40, 40], mark: [163, 25, 27] },
  practice: { background: [238, 239, 241], edge: [138, 144, 153], mark: [79, 87, 97] },
  'not-reached': { background: [255, 255, 255], edge: [138, 144, 153], mark: [79, 87, 97] },
};
const NOTE_BACKGROUND: Rgb = [246, 243, 234];
const NOTE_EDGE: Rgb = [178, 106, 0];
/** The 'Ohne Ton durchgeführt' and 'Ungewöhnliches Profil' boxes: red edge on a pale red, legible in greyscale. */
const WARNING: { background: Rgb; edge: Rgb } = { background: [253, 236, 234], edge: [198, 40, 40] };

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

export function renderResultPdf(doc: ResultDocument, options: Pick<PdfOptions, 'pageLabel'>): jsPDF {
  const page = new FlowingPages(doc.pageHeader, `${doc.title} – ${doc.pageHeader}`);
  drawTitle(page, doc);
  drawLevels(page, doc);
  drawUnusualProfile(page, doc);
  drawLegend(page, doc);
  drawSitting(page, doc);
  drawVerlauf(page, doc);
  drawMeanings(page, doc);
  drawQuestions(page, doc);
  page.numberPages(options.pageLabel);
  return page.text.pdf;
}

/** A4 pages filled from the top: a cursor `y`, a new page (with its header) when a part no longer fits. */
class FlowingPages {
  readonly text: PdfText;
  y = TOP;
  /** Redraws a table's header row on a new page while that table continues. */
  continueTable: (() => void) | undefined;

  constructor(
    private readonly header: string,
    title: string,
  ) {
    this.text = new PdfText({
      orientation: 'portrait',
      format: [PAGE_WIDTH_MM, PAGE_HEIGHT_MM],
      title,
      lineHeight: 1.3,
    });
    this.pageHeader();
  }

  private pageHeader() {
    this.text.style({ size: 8, colour: MUTED });
    this.text.pdf.text(this.header, MARGIN_X, 11);
    this.text.rule(13, MARGIN_X, CONTENT_WIDTH, 0.2);
  }

  /** Starts a new page unless `height` mm still fit on this one. */
  ensure(height: number) {
    if (this.y + height <= BOTTOM) return;
    this.text.pdf.addPage([PAGE_WIDTH_MM, PAGE_HEIGHT_MM], 'portrait');
    this.pageHeader();
    this.y = TOP;
    this.continueTable?.();
  }

  block(text: string, width: number, style: TextStyle): Block {
    return this.text.block(text, width, style);
  }

  draw(b: Block, x: number, top: number, width: number) {
    this.text.draw(b, x, top, width);
  }

  paragraph(text: string, style: TextStyle, gapAfter = 1.5, x = MARGIN_X, width = CONTENT_WIDTH) {
    const b = this.block(text, width, style);
    this.ensure(b.height);
    this.draw(b, x, this.y, width);
    this.y += b.height + gapAfter;
  }

  /** A heading kept on one page with the `keepWith` mm that follow it. */
  heading(text: string, size: number, keepWith: number) {
    this.ensure(this.text.lineHeight({ size }) + keepWith);
    this.paragraph(text, { size, bold: true }, 1.8);
  }

  rule(width: number, colour: Rgb = RULE, x = MARGIN_X, length = CONTENT_WIDTH) {
    this.text.rule(this.y, x, length, width, colour);
  }

  /** A tinted box with a coloured edge around a bold heading (optional) and paragraphs. */
  box(heading: string | undefined, paragraphs: readonly string[], colours: { background: Rgb; edge: Rgb }) {
    const inner = CONTENT_WIDTH - 7;
    const blocks = [
      ...(heading ? [this.block(heading, inner, { size: 11, bold: true })] : []),
      ...paragraphs.map((text) => this.block(text, inner, { size: 9 })),
    ];
    const height = blocks.reduce((sum, b) => sum + b.height, 0) + (blocks.length - 1) + 5;
    this.ensure(height);
    this.text.fill(MARGIN_X, this.y, CONTENT_WIDTH, height, colours.background);
    this.text.fill(MARGIN_X, this.y, 2.4, height, colours.edge);
    let top = this.y + 2.5;
    for (const b of blocks) {
      this.draw(b, MARGIN_X + 5, top, inner);
      top += b.height + 1;
    }
    this.y += height + 4;
  }

  numberPages(label: (page: number, pages: number) => string) {
    const pdf = this.text.pdf;
    const pages = pdf.getNumberOfPages();
    for (let n = 1; n <= pages; n++) {
      pdf.setPage(n);
      this.text.style({ size: 8, colour: MUTED });
      pdf.text(label(n, pages), PAGE_WIDTH_MM - MARGIN_X, PAGE_HEIGHT_MM - 9, { align: 'right' });
    }
  }
}

/** Title, the 'Ohne Ton' notice and the child's details, three to a row as on the page. */
function drawTitle(page: FlowingPages, doc: ResultDocument) {
  page.heading(doc.title, 18, 20);
  page.rule(0.6, INK);
  page.y += 2.5;
  // Before anything else: a test the child did not hear (docs/product.md §14).
  // A test ended early says so first (docs/product.md §38), then one the child did not hear (§14).
  if (doc.endedEarly) page.box(doc.endedEarly.heading, [doc.endedEarly.text], WARNING);
  if (doc.soundNotice) page.box(doc.soundNotice.heading, [doc.soundNotice.text], WARNING);
  const detailWidth = CONTENT_WIDTH / 3;
  for (let i = 0; i < doc.details.length; i += 3) {
    const cells = doc.details.slice(i, i + 3).map((detail) => ({
      label: page.block(detail.label.toUpperCase(), detailWidth - 4, { size: 7, colour: MUTED }),
      value: page.block(detail.value || '—', detailWidth - 4, { size: 10, bold: true }),
    }));
    const height = Math.max(...cells.map((cell) => cell.label.height + cell.value.height));
    page.ensure(height);
    cells.forEach((cell, column) => {
      const x = MARGIN_X + column * detailWidth;
      page.draw(cell.label, x, page.y, detailWidth - 4);
      page.draw(cell.value, x, page.y + cell.label.height, detailWidth - 4);
    });
    page.y += height + 2;
  }
  page.rule(0.2);
  page.y += 6;
}

interface LevelRowStyle {
  bold?: boolean;
  size?: number;
  background?: Rgb;
  mark?: boolean | undefined;
  topRule?: boolean;
  /** The first cell spans the first two columns (the 'Zugeordnetes Niveau' row). */
  span?: boolean;
}

/** 'Niveaus': points per level with a mark, the total and the assigned level. */
function drawLevels(page: FlowingPages, doc: ResultDocument) {
  const levels = doc.levels;
  page.heading(levels.heading, 13, 30);
  const tableWidth = LEVEL_COLUMNS.reduce((a, b) => a + b, 0);
  const row = (cells: string[], style: LevelRowStyle) => {
    const size = style.size ?? 9.5;
    const widths = style.span
      ? [LEVEL_COLUMNS[0] + LEVEL_COLUMNS[1], 0, LEVEL_COLUMNS[2]]
      : [...LEVEL_COLUMNS];
    const blocks = cells.map((text, index) =>
      page.block(text, Math.max(widths[index]! - 2 * CELL_PAD_X, 1), {
        size,
        bold: style.bold || index === 0,
      }),
    );
    const height = Math.max(...blocks.map((b) => b.height)) + 2 * CELL_PAD_Y;
    page.ensure(height);
    if (style.background) page.text.fill(MARGIN_X, page.y, tableWidth, height, style.background);
    let x = MARGIN_X;
    blocks.forEach((b, index) => {
      let textX = x + CELL_PAD_X;
      if (index === 2 && style.mark !== undefined) {
        page.text.style({ size, bold: true, colour: ROW_COLOURS[style.mark ? 'correct' : 'incorrect'].mark });
        const mark = style.mark ? '✓' : '✗';
        page.text.pdf.text(mark, textX, page.y + CELL_PAD_Y + page.text.ascent({ size }));
        textX += page.text.pdf.getTextWidth(mark) + 1.5;
      }
      page.draw(b, textX, page.y + CELL_PAD_Y, widths[index]! - 2 * CELL_PAD_X);
      x += widths[index]!;
    });
    if (style.topRule) page.rule(0.5, INK, MARGIN_X, tableWidth);
    page.y += height;
    page.rule(0.2, RULE, MARGIN_X, tableWidth);
  };
  row(levels.columns, { size: 8, bold: false });
  page.rule(0.5, INK, MARGIN_X, tableWidth);
  for (const level of levels.rows) {
    row([level.level, level.points, level.achievedText], {
      background: level.achieved ? ROW_COLOURS.correct.background : undefined,
      mark: level.incomplete ? undefined : level.achieved,
    });
  }
  row([levels.total.label, levels.total.points, ''], { bold: true, topRule: true });
  row([levels.assigned.label, '', levels.assigned.value], { bold: true, size: 11, span: true });
  page.y += 4;
}

/** A level not reached below a reached one: told right under the table (docs/product.md §28). */
function drawUnusualProfile(page: FlowingPages, doc: ResultDocument) {
  if (!doc.unusualProfile) return;
  page.box(doc.unusualProfile.heading, doc.unusualProfile.paragraphs, WARNING);
}

/** How to read the table, and the screening note. */
function drawLegend(page: FlowingPages, doc: ResultDocument) {
  page.paragraph(doc.legend.heading, { size: 9.5, bold: true }, 1);
  for (const item of doc.legend.items) {
    page.paragraph(`${item.term}:`, { size: 8.5, bold: true }, 0.3);
    page.paragraph(item.text, { size: 8.5 }, 1.5, MARGIN_X + 4, CONTENT_WIDTH - 4);
  }
  page.y += 1.5;
  const note = page.block(doc.disclaimer, CONTENT_WIDTH - 6, { size: 8.5 });
  page.ensure(note.height + 4);
  page.text.fill(MARGIN_X, page.y, CONTENT_WIDTH, note.height + 4, NOTE_BACKGROUND);
  page.text.fill(MARGIN_X, page.y, EDGE_WIDTH, note.height + 4, NOTE_EDGE);
  page.draw(note, MARGIN_X + 4, page.y + 2, CONTENT_WIDTH - 6);
  page.y += note.height + 10;
}

/** 'Ablauf des Tests': sound, 'keine Antwort', re-shown pictures, interruptions, as label: value lines. */
function drawSitting(page: FlowingPages, doc: ResultDocument) {
  const labelWidth = 52;
  const lines = doc.sitting.items.map((item) => ({
    label: page.block(item.label, labelWidth - 2, { size: 8.5, bold: true }),
    value: page.block(item.value, CONTENT_WIDTH - labelWidth, { size: 8.5 }),
  }));
  // A few short lines: kept on one page with their heading.
  const total = lines.reduce((sum, line) => sum + Math.max(line.label.height, line.value.height) + 1, 0);
  page.heading(doc.sitting.heading, 13, total);
  for (const { label, value } of lines) {
    const height = Math.max(label.height, value.height);
    page.ensure(height);
    page.draw(label, MARGIN_X, page.y, labelWidth - 2);
    page.draw(value, MARGIN_X + labelWidth, page.y, CONTENT_WIDTH - labelWidth);
    page.y += height + 1;
  }
  page.y += 7;
}

/** 'Verlauf': the child's tests on this device, under the levels (docs/product.md §35). */
function drawVerlauf(page: FlowingPages, doc: ResultDocument) {
  const verlauf = doc.verlauf;
  if (!verlauf) return;
  page.heading(verlauf.heading, 13, 20);
  page.paragraph(verlauf.intro, { size: 8.5, colour: MUTED }, 1.5);
  const row = (cells: readonly string[], style: { header?: boolean; current?: boolean }) => {
    const size = style.header ? 8 : 8.5;
    const blocks = cells.map((text, index) =>
      page.block(text, VERLAUF_COLUMNS[index]! - 2 * CELL_PAD_X, {
        size,
        bold: style.header || style.current || index === 0,
        colour: style.header ? MUTED : INK,
      }),
    );
    const height = Math.max(...blocks.map((b) => b.height)) + 2 * CELL_PAD_Y;
    page.ensure(height);
    if (style.current) page.text.fill(MARGIN_X, page.y, CONTENT_WIDTH, height, NOTE_BACKGROUND);
    let x = MARGIN_X;
    blocks.forEach((b, index) => {
      page.draw(b, x + CELL_PAD_X, page.y + CELL_PAD_Y, VERLAUF_COLUMNS[index]! - 2 * CELL_PAD_X);
      x += VERLAUF_COLUMNS[index]!;
    });
    page.y += height;
    page.rule(style.header ? 0.5 : 0.2, style.header ? INK : RULE);
  };
  row(verlauf.columns, { header: true });
  for (const entry of verlauf.rows) row(entry.cells, { current: entry.current });
  page.y += 3;
  // A bilingual profile (docs/product.md §44): the two levels side by side and what they may say.
  if (verlauf.bilingual) {
    const { heading, pair, note, dates } = verlauf.bilingual;
    page.box(heading, [pair, `${note} ${dates}`], { background: NOTE_BACKGROUND, edge: ACCENT });
  }
  page.y += 5;
}

/** What the levels mean, and the Förderhinweise (of the assigned level, or of every level not reached). */
function drawMeanings(page: FlowingPages, doc: ResultDocument) {
  page.heading(doc.meanings.heading, 13, 20);
  for (const level of doc.meanings.levels) {
    const title = page.block(level.title, CONTENT_WIDTH - 4, {
      size: 9.5,
      bold: true,
      colour: level.assigned ? ACCENT : INK,
    });
    const text = page.block(level.description, CONTENT_WIDTH - 4, { size: 8.5 });
    page.ensure(title.height + text.height);
    if (level.assigned) page.text.fill(MARGIN_X, page.y, 1, title.height + text.height, ACCENT);
    page.draw(title, MARGIN_X + 4, page.y, CONTENT_WIDTH - 4);
    page.draw(text, MARGIN_X + 4, page.y + title.height, CONTENT_WIDTH - 4);
    page.y += title.height + text.height + 2.5;
  }
  for (const group of doc.meanings.activities) {
    page.y += 1;
    page.heading(group.heading, 10, 12);
    if (group.description) page.paragraph(group.description, { size: 8.5 }, 1.5);
    for (const item of group.items) {
      const b = page.block(item, CONTENT_WIDTH - 8, { size: 8.5 });
      page.ensure(b.height);
      page.text.style({ size: 8.5 });
      page.text.pdf.text('•', MARGIN_X + 3, page.y + page.text.ascent({ size: 8.5 }));
      page.draw(b, MARGIN_X + 7, page.y, CONTENT_WIDTH - 8);
      page.y += b.height + 1.2;
    }
  }
  page.y += 6;
}

/** 'Fragen': one row per answer, coloured as on the page; a continued table repeats its header. */
function drawQuestions(page: FlowingPages, doc: ResultDocument) {
  const questions = doc.questions;
  page.heading(questions.heading, 13, 24);
  const header = () => {
    const blocks = questions.columns.map((column, index) =>
      page.block(column, QUESTION_COLUMNS[index]! - 2 * CELL_PAD_X, { size: 8, colour: MUTED, bold: true }),
    );
    const height = Math.max(...blocks.map((b) => b.height)) + 2 * CELL_PAD_Y;
    let x = MARGIN_X;
    blocks.forEach((b, index) => {
      page.draw(b, x + CELL_PAD_X, page.y + CELL_PAD_Y, QUESTION_COLUMNS[index]! - 2 * CELL_PAD_X);
      x += QUESTION_COLUMNS[index]!;
    });
    page.y += height;
    page.rule(0.5, INK);
  };
  header();
  page.continueTable = header;
  for (const row of questions.rows) drawQuestionRow(page, row, questions.germanLabel);
  page.continueTable = undefined;
}

function drawQuestionRow(page: FlowingPages, row: QuestionRow, germanLabel: string) {
  const [numberWidth, levelWidth, textWidth, answerWidth] = QUESTION_COLUMNS.map(
    (width) => width - 2 * CELL_PAD_X,
  ) as unknown as [number, number, number, number];
  const dir = textDirection(row.child.language);
  const child = [row.child.texts.situationText, row.child.texts.questionText, row.child.texts.answerText]
    .filter((text): text is string => !!text)
    .map((text, index) => page.block(text, textWidth, { size: 9, dir, colour: index === 0 ? MUTED : INK }));
  const german = row.german
    ? page.block(
        `${germanLabel}: ${[row.german.situationText, row.german.questionText, row.german.answerText]
          .filter(Boolean)
          .join(' ')}`,
        textWidth,
        { size: 7.5, colour: MUTED },
      )
    : undefined;
  const textHeight = child.reduce((sum, b) => sum + b.height, 0) + (german ? german.height + 1 : 0);
  const given = page.block(row.given, answerWidth, { size: 9, bold: true });
  const notes = page.block(row.notes.join(' · '), answerWidth, { size: 7, colour: MUTED });
  const numberBlock = page.block(row.number, numberWidth, { size: 9, bold: true });
  const levelBlock = page.block(row.level, levelWidth, { size: 8 });
  const height =
    Math.max(textHeight, given.height + notes.height, numberBlock.height, levelBlock.height) + 2 * CELL_PAD_Y;
  page.ensure(height);
  const colours = ROW_COLOURS[row.state];
  page.text.fill(MARGIN_X, page.y, CONTENT_WIDTH, height, colours.background);
  page.text.fill(MARGIN_X, page.y, EDGE_WIDTH, height, colours.edge);
  const top = page.y + CELL_PAD_Y;
  let x = MARGIN_X + CELL_PAD_X;
  page.draw(numberBlock, x + 0.6, top, numberWidth);
  x += QUESTION_COLUMNS[0];
  page.draw(levelBlock, x, top, levelWidth);
  x += QUESTION_COLUMNS[1];
  let textTop = top;
  for (const b of child) {
    page.draw(b, x, textTop, textWidth);
    textTop += b.height;
  }
  if (german) page.draw(german, x, textTop + 1, textWidth);
  x += QUESTION_COLUMNS[2];
  page.draw(given, x, top, answerWidth);
  page.draw(notes, x, top + given.height, answerWidth);
  x += QUESTION_COLUMNS[3];
  const baseline = top + page.text.ascent({ size: 9 });
  page.text.style({ size: 9, bold: true });
  page.text.pdf.text(row.points, x, baseline);
  if (row.state === 'correct' || row.state === 'incorrect') {
    page.text.style({ size: 9, bold: true, colour: colours.mark });
    page.text.pdf.text(row.state === 'correct' ? '✓' : '✗', x + 4, baseline);
  }
  page.y += height;
  page.rule(0.2);
}
