import type { jsPDF } from 'jspdf';
import type { TextDirection } from '../../schemas/language-pack';
import { INK, MUTED, PdfText, type Rgb, RULE } from '../results/pdf-setup';
import type { NextStep, OverviewCells } from './group-overview-model';

/**
 * The Gruppenübersicht as an A4 landscape PDF (docs/product.md §36): real text with the fonts and
 * text drawing of the results PDF (../results/pdf-setup.ts; a name of a right-to-left language in
 * the Arabic-script font, right to left), the table as filtered and sorted on screen, the screening
 * line and page numbers. Names are included: the file is saved on this device. Loaded with
 * `import()` only when the educator prints.
 */
const WIDTH = 297;
const HEIGHT = 210;
const MARGIN = 12;
const TOP = 18;
const BOTTOM = HEIGHT - 14;
const PAD = 1.5;
/** Name, Alter, Sprache, Letzter Test, Niveau 1–3, Zugeordnetes Niveau, Noch nicht erreicht, Nächster Schritt. */
const COLUMNS = [44, 15, 22, 22, 16, 16, 16, 24, 34, 64] as const;
/** The header's largest size; a column whose longest word is wider gets a smaller one, never a broken word. */
const HEADER_SIZE = 8;
const SUPPORT: Rgb = [251, 231, 231];

export interface OverviewPdfText {
  title: string;
  date: string;
  filter: string;
  columns: string[];
  disclaimer: string;
  pageLabel(page: number, pages: number): string;
}

export interface OverviewPdfRow {
  cells: OverviewCells;
  needsSupport: boolean;
  /** The writing direction of the child's language (its pack's `dir`): the name is drawn in it. */
  dir?: TextDirection;
  /** What to do next: in the last column, its Förderhinweise in a line across the row below. */
  next?: NextStep;
}

export function renderOverviewPdf(rows: readonly OverviewPdfRow[], text: OverviewPdfText): jsPDF {
  const out = new PdfText({
    orientation: 'landscape',
    format: [WIDTH, HEIGHT],
    title: text.title,
    lineHeight: 1.25,
  });
  const pdf = out.pdf;
  let y = TOP;
  // Wrapping breaks a word wider than its column inside it ('Zugeordnete|s'): such a header is
  // drawn smaller until its longest word fits.
  const headerSize = (label: string, width: number) => {
    let size = HEADER_SIZE;
    const longest = () => {
      out.style({ size, bold: true });
      return Math.max(...label.split(/\s+/).map((word) => pdf.getTextWidth(word)));
    };
    while (size > 5 && longest() > width) size -= 0.5;
    return size;
  };
  const rule = (width: number, colour: Rgb) => out.rule(y, MARGIN, WIDTH - 2 * MARGIN, width, colour);

  const header = () => {
    const blocks = text.columns.map((column, i) =>
      out.block(column, COLUMNS[i]! - 2 * PAD, {
        size: headerSize(column, COLUMNS[i]! - 2 * PAD),
        bold: true,
        colour: MUTED,
      }),
    );
    const height = Math.max(...blocks.map((b) => b.height)) + 2 * PAD;
    let x = MARGIN;
    blocks.forEach((b, i) => {
      out.draw(b, x + PAD, y + PAD, COLUMNS[i]! - 2 * PAD);
      x += COLUMNS[i]!;
    });
    y += height;
    rule(0.5, INK);
  };

  out.style({ size: 16, bold: true });
  pdf.text(text.title, MARGIN, y);
  y += 6;
  out.style({ size: 9, colour: MUTED });
  pdf.text(`${text.date} · ${text.filter}`, MARGIN, y);
  y += 5;
  header();

  for (const row of rows) {
    const values = [
      row.cells.name,
      row.cells.age,
      row.cells.language,
      row.cells.lastTest,
      row.cells.level1,
      row.cells.level2,
      row.cells.level3,
      row.cells.assigned,
      row.cells.unmet,
      row.next
        ? [row.next.retest, ...row.next.marks, ...(row.next.unusual ? [row.next.unusual] : [])].join('\n')
        : row.cells.retest,
    ];
    const blocks = values.map((value, i) =>
      out.block(value, COLUMNS[i]! - 2 * PAD, {
        size: 9,
        bold: i === 0,
        ...(i === 0 && row.dir ? { dir: row.dir } : {}),
      }),
    );
    const cellsHeight = Math.max(...blocks.map((b) => b.height)) + 2 * PAD;
    // Across the row below the name: a bilingual profile and the advice after a language the child
    // did not understand (docs/product.md §44), then the Förderhinweise, heading and activities.
    const supportX = MARGIN + COLUMNS[0];
    const supportWidth = WIDTH - MARGIN - supportX - 2 * PAD;
    const below = [
      ...(row.next?.bilingual ? [`${row.next.bilingual.pair}. ${row.next.bilingual.note}`] : []),
      ...(row.next?.otherLanguage ? [row.next.otherLanguage.text] : []),
      ...(row.next?.support ?? []).map((group) => `${group.heading}: ${group.items.join(' · ')}`),
    ];
    const support = below.map((line) => out.block(line, supportWidth, { size: 8, colour: MUTED }));
    const supportHeight = support.reduce((sum, b) => sum + b.height, 0) + (support.length > 0 ? PAD : 0);
    const height = cellsHeight + supportHeight;
    if (y + height > BOTTOM) {
      pdf.addPage('a4', 'landscape');
      y = TOP;
      header();
    }
    if (row.needsSupport) {
      // The unmet levels are written out in their column; the tint only helps the eye.
      out.fill(MARGIN + COLUMNS.slice(0, 8).reduce((a, b) => a + b, 0), y, COLUMNS[8], cellsHeight, SUPPORT);
    }
    let x = MARGIN;
    blocks.forEach((b, i) => {
      out.draw(b, x + PAD, y + PAD, COLUMNS[i]! - 2 * PAD);
      x += COLUMNS[i]!;
    });
    let supportY = y + cellsHeight;
    for (const b of support) {
      out.draw(b, supportX + PAD, supportY, supportWidth);
      supportY += b.height;
    }
    y += height;
    rule(0.2, RULE);
  }

  y += 6;
  const note = out.block(text.disclaimer, WIDTH - 2 * MARGIN, { size: 8.5 });
  if (y + note.height > BOTTOM) {
    pdf.addPage('a4', 'landscape');
    y = TOP;
  }
  out.draw(note, MARGIN, y - out.ascent({ size: 8.5 }), WIDTH - 2 * MARGIN);

  out.frame(text.title, text.pageLabel, { margin: MARGIN, top: 9, bottom: HEIGHT - 7 });
  return pdf;
}

/** Builds the PDF and hands it to the browser as a download. */
export function saveOverviewPdf(rows: readonly OverviewPdfRow[], text: OverviewPdfText, fileName: string) {
  const pdf = renderOverviewPdf(rows, text);
  pdf.save(fileName);
  return { fileName, pages: pdf.getNumberOfPages() };
}
