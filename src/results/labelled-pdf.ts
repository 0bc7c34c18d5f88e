import type { jsPDF } from 'jspdf';
import type { TextDirection } from '../../schemas/language-pack';
import { MUTED, PdfText, type Rgb } from './pdf-setup';

/**
 * An A4 portrait document of paragraphs and label–value lines, page after page: what both
 * Auskünfte (Art. 15 DSGVO) draw, the server's on /auswertung (src/auswertung/auskunft-pdf.ts) and
 * the tablet's (src/screens/child-auskunft-pdf.ts), with the fonts and text of pdf-setup.ts.
 */
const WIDTH = 210;
const HEIGHT = 297;
const MARGIN = 18;
const TOP = 22;
const BOTTOM = HEIGHT - 18;
const LABEL = 58;
const GAP = 4;
const VALUE = WIDTH - 2 * MARGIN - LABEL - GAP;
const TEXT = WIDTH - 2 * MARGIN;

export class LabelledPdf {
  private readonly out: PdfText;
  private y = TOP;

  constructor(private readonly title: string) {
    this.out = new PdfText({ orientation: 'portrait', format: [WIDTH, HEIGHT], title, lineHeight: 1.3 });
  }

  /** A new page unless `height` mm still fit on this one. */
  room(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.out.pdf.addPage('a4', 'portrait');
    this.y = TOP;
  }

  /** A paragraph across the page, `after` mm below it. */
  paragraph(value: string, style: { size: number; bold?: boolean; colour?: Rgb }, after = 2): void {
    const block = this.out.block(value, TEXT, style);
    this.room(block.height);
    this.out.draw(block, MARGIN, this.y, TEXT);
    this.y += block.height + after;
  }

  /** A label in the left column and its value beside it ('–' for none), in the value's direction. */
  line(label: string, value: string, dir?: TextDirection): void {
    const labelBlock = this.out.block(label, LABEL, { size: 9, bold: true, colour: MUTED });
    const valueBlock = this.out.block(value === '' ? '–' : value, VALUE, { size: 9, dir });
    const height = Math.max(labelBlock.height, valueBlock.height);
    this.room(height);
    this.out.draw(labelBlock, MARGIN, this.y, LABEL);
    this.out.draw(valueBlock, MARGIN + LABEL + GAP, this.y, VALUE);
    this.y += height + 0.6;
  }

  space(mm: number): void {
    this.y += mm;
  }

  /** The title and 'Seite n von m' on every page; the finished document. */
  finish(pageLabel: (page: number, pages: number) => string): jsPDF {
    this.out.frame(this.title, pageLabel, { margin: MARGIN, top: 11, bottom: HEIGHT - 9 });
    return this.out.pdf;
  }
}
