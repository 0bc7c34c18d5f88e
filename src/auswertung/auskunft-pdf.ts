import type { jsPDF } from 'jspdf';
import type { AuskunftAnswer } from '../../schemas/auswertung-api';
import { LabelledPdf } from '../results/labelled-pdf';
import { MUTED } from '../results/pdf-setup';

/**
 * The Auskunft (Art. 15 DSGVO) for a parent as an A4 PDF (docs/product.md §46): what the server
 * holds for one child code, each result with the CSV's German column names and its values, and the
 * Protokoll's deletions of the code. Drawn with the results PDF's fonts and text (../results/
 * labelled-pdf.ts); loaded with `import()` only when it is saved.
 */
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
  const out = new LabelledPdf(text.title);
  out.paragraph(text.title, { size: 16, bold: true }, 1);
  out.paragraph(text.subtitle, { size: 10, colour: MUTED }, 4);
  out.paragraph(text.intro, { size: 10 }, 6);

  if (answer.readable.length === 0) out.paragraph(text.noResults, { size: 10, bold: true }, 6);
  answer.readable.forEach((cells, index) => {
    out.paragraph(text.resultHeading(index + 1, answer.readable.length), { size: 12, bold: true }, 2);
    for (const { header, value } of cells) out.line(header, value);
    out.space(5);
  });

  out.paragraph(text.deletionsHeading, { size: 12, bold: true }, 2);
  if (answer.deletions.length === 0) out.paragraph(text.noDeletions, { size: 10 });
  for (const entry of answer.deletions) out.paragraph(text.deletion(entry), { size: 10 }, 1);
  return out.finish(text.pageLabel);
}

/** Builds the PDF and hands it to the browser as a download. */
export function saveAuskunftPdf(answer: AuskunftAnswer, text: AuskunftPdfText, fileName: string): void {
  renderAuskunftPdf(answer, text).save(fileName);
}
