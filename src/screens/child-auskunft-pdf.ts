import type { jsPDF } from 'jspdf';
import { LabelledPdf } from '../results/labelled-pdf';
import { MUTED } from '../results/pdf-setup';
import type { ChildAuskunft } from './child-auskunft';

/**
 * The tablet's Auskunft (Art. 15 DSGVO, docs/product.md §48) as an A4 PDF: searchable text with the
 * results PDF's fonts (../results/labelled-pdf.ts), a label column and its values, a name of a
 * right-to-left language drawn right to left. Names are included: the file is saved on this device
 * for the parents. Loaded with `import()` only when it is saved.
 */
export function renderChildAuskunftPdf(doc: ChildAuskunft): jsPDF {
  const out = new LabelledPdf(doc.title);
  out.paragraph(doc.title, { size: 16, bold: true }, 1);
  out.paragraph(doc.subtitle, { size: 10, colour: MUTED }, 4);
  out.paragraph(doc.intro, { size: 10 }, 6);
  doc.sections.forEach((section, index) => {
    // A test's heading stays with its first lines.
    out.room(20);
    out.paragraph(section.heading, { size: 12, bold: true }, 2);
    for (const line of section.lines) out.line(line.label, line.value, line.dir);
    out.space(5);
    if (index === 1 && doc.noTests) out.paragraph(doc.noTests, { size: 10, bold: true }, 6);
  });
  return out.finish(doc.pageLabel);
}

/** Builds the PDF and hands it to the browser as a download. */
export function saveChildAuskunftPdf(doc: ChildAuskunft, fileName: string): void {
  renderChildAuskunftPdf(doc).save(fileName);
}
