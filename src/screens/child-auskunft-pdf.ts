import type { jsPDF } from 'jspdf';
import { MUTED, PdfText } from '../results/pdf-setup';
import type { ChildAuskunft } from './child-auskunft';

/**
 * The tablet's Auskunft (Art. 15 DSGVO, docs/product.md §47) as an A4 PDF: searchable text with the
 * results PDF's fonts (../results/pdf-setup.ts), a label column and its values, a name of a
 * right-to-left language drawn right to left. Names are included: the file is saved on this device
 * for the parents. Loaded with `import()` only when it is saved.
 */
const WIDTH = 210;
const HEIGHT = 297;
const MARGIN = 18;
const TOP = 22;
const BOTTOM = HEIGHT - 18;
const LABEL = 58;
const GAP = 4;
const VALUE = WIDTH - 2 * MARGIN - LABEL - GAP;

export function renderChildAuskunftPdf(doc: ChildAuskunft): jsPDF {
  const out = new PdfText({
    orientation: 'portrait',
    format: [WIDTH, HEIGHT],
    title: doc.title,
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
    style: { size: number; bold?: boolean; colour?: typeof MUTED },
    after = 2,
  ) => {
    const block = out.block(value, WIDTH - 2 * MARGIN, style);
    room(block.height);
    out.draw(block, MARGIN, y, WIDTH - 2 * MARGIN);
    y += block.height + after;
  };

  paragraph(doc.title, { size: 16, bold: true }, 1);
  paragraph(doc.subtitle, { size: 10, colour: MUTED }, 4);
  paragraph(doc.intro, { size: 10 }, 6);
  doc.sections.forEach((section, index) => {
    // A test's heading stays with its first lines.
    room(20);
    paragraph(section.heading, { size: 12, bold: true }, 2);
    for (const line of section.lines) {
      const label = out.block(line.label, LABEL, { size: 9, bold: true, colour: MUTED });
      const value = out.block(line.value, VALUE, { size: 9, dir: line.dir });
      const height = Math.max(label.height, value.height);
      room(height);
      out.draw(label, MARGIN, y, LABEL);
      out.draw(value, MARGIN + LABEL + GAP, y, VALUE);
      y += height + 0.6;
    }
    y += 5;
    if (index === 1 && doc.noTests) paragraph(doc.noTests, { size: 10, bold: true }, 6);
  });
  out.frame(doc.title, doc.pageLabel, { margin: MARGIN, top: 11, bottom: HEIGHT - 9 });
  return pdf;
}

/** Builds the PDF and hands it to the browser as a download. */
export function saveChildAuskunftPdf(doc: ChildAuskunft, fileName: string): void {
  renderChildAuskunftPdf(doc).save(fileName);
}
