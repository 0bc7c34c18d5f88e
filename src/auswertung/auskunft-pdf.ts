import type { jsPDF } from 'jspdf';
import type { AuskunftAnswer } from '../../schemas/auswertung-api';
import { type INK, MUTED, PdfText } from '../results/pdf-setup';

/**
 * The Auskunft (Art. 15 DSGVO) for a parent as an A4 PDF (docs/product.md §46): what the server
 * holds for one child code, each result with the CSV's German column names and its values, and the
 * Protokoll's deletions of the code. Drawn with the results PDF's fonts and text (../results/
 * pdf-setup.ts); loaded with `import()` only when it is saved.
 */
const WIDTH = 210;
const HEIGHT = 297;
const MARGIN = 18;
const TOP = 22;
const BOTTOM = HEIGHT - 18;
const LABEL = 58;
const GAP = 4;
const VALUE = WIDTH - 2 * MARGIN - LABEL - GAP;

export interface AuskunftPdfText {
  title: string;
  /** 'Kind-Code K7M3QX · erstellt am 29.11.2026, 12:14'. */
  subtitle: string;
  intro: string;
  resultHeading(index: number, total: number): string;
  noResults: string;
  deletionsHeading: string;
  deletion(entry: AuskunftAnswer['deletions'][number]): string;
  noDeletions: string;
  pageLabel(page: number, pages: number): string;
}

export function renderAuskunftPdf(answer: AuskunftAnswer, text: AuskunftPdfText): jsPDF {
  const out = new PdfText({
    orientation: 'portrait',
    format: [WIDTH, HEIGHT],
    title: text.title,
    lineHeight: 1.3,
  });
  const pdf = out.pdf;
  let y = TOP;
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    pdf.addPage('a4', 'portrait');
    y = TOP;
  };
  const paragraph = (
    value: string,
    style: { size: number; bold?: boolean; colour?: typeof INK },
    after = 2,
  ) => {
    const block = out.block(value, WIDTH - 2 * MARGIN, style);
    room(block.height);
    out.draw(block, MARGIN, y, WIDTH - 2 * MARGIN);
    y += block.height + after;
  };

  paragraph(text.title, { size: 16, bold: true }, 1);
  paragraph(text.subtitle, { size: 10, colour: MUTED }, 4);
  paragraph(text.intro, { size: 10 }, 6);

  if (answer.readable.length === 0) paragraph(text.noResults, { size: 10, bold: true }, 6);
  answer.readable.forEach((cells, index) => {
    paragraph(text.resultHeading(index + 1, answer.readable.length), { size: 12, bold: true }, 2);
    for (const { header, value } of cells) {
      const label = out.block(header, LABEL, { size: 9, bold: true, colour: MUTED });
      const shown = out.block(value === '' ? '–' : value, VALUE, { size: 9 });
      const height = Math.max(label.height, shown.height);
      room(height);
      out.draw(label, MARGIN, y, LABEL);
      out.draw(shown, MARGIN + LABEL + GAP, y, VALUE);
      y += height + 0.6;
    }
    y += 5;
  });

  paragraph(text.deletionsHeading, { size: 12, bold: true }, 2);
  if (answer.deletions.length === 0) paragraph(text.noDeletions, { size: 10 });
  for (const entry of answer.deletions) paragraph(text.deletion(entry), { size: 10 }, 1);

  out.frame(text.title, text.pageLabel, { margin: MARGIN, top: 11, bottom: HEIGHT - 9 });
  return pdf;
}

/** Builds the PDF and hands it to the browser as a download. */
export function saveAuskunftPdf(answer: AuskunftAnswer, text: AuskunftPdfText, fileName: string): void {
  renderAuskunftPdf(answer, text).save(fileName);
}
