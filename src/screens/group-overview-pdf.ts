import { arabic, bold, regular } from 'virtual:zaehltest-pdf-fonts';
import { jsPDF } from 'jspdf';
import { prepareArabic } from '../results/pdf';
import type { OverviewCells } from './group-overview-model';

/**
 * The Gruppenübersicht as an A4 landscape PDF (docs/product.md, Gruppenübersicht): real text with
 * the fonts of the results PDF (an Arabic name in the Arabic font, right to left), the table as
 * filtered and sorted on screen, the screening line and page numbers. Names are included: the file
 * is saved on this device. Loaded with `import()` only when the educator prints.
 */
const WIDTH = 297;
const HEIGHT = 210;
const MARGIN = 12;
const TOP = 18;
const BOTTOM = HEIGHT - 14;
const PT = 25.4 / 72;
const PAD = 1.5;
/** Name, Alter, Sprache, Letzter Test, Niveau 1–3, Zugeordnet, Noch nicht erreicht, Erneut testen ab. */
const COLUMNS = [58, 18, 24, 24, 17, 17, 17, 24, 44, 30] as const;
const INK = [27, 31, 36] as const;
const MUTED = [79, 87, 97] as const;
const RULE = [201, 206, 212] as const;
const SUPPORT = [251, 231, 231] as const;
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

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
}

export function renderOverviewPdf(rows: readonly OverviewPdfRow[], text: OverviewPdfText): jsPDF {
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true });
  pdf.addFileToVFS('zaehltest-regular.ttf', regular);
  pdf.addFont('zaehltest-regular.ttf', 'ZaehltestSans', 'normal');
  pdf.addFileToVFS('zaehltest-bold.ttf', bold);
  pdf.addFont('zaehltest-bold.ttf', 'ZaehltestSans', 'bold');
  pdf.addFileToVFS('zaehltest-arabic.ttf', arabic);
  pdf.addFont('zaehltest-arabic.ttf', 'ZaehltestArabic', 'normal');
  pdf.setProperties({ title: text.title, creator: 'Zähltest' });
  pdf.setLanguage('de-DE');

  let y = TOP;
  const style = (size: number, weight: 'normal' | 'bold' = 'normal', colour: readonly number[] = INK) => {
    pdf.setFont('ZaehltestSans', weight);
    pdf.setFontSize(size);
    pdf.setTextColor(colour[0]!, colour[1]!, colour[2]!);
  };
  const lineHeight = (size: number) => size * PT * 1.25;
  const rule = (width: number, colour: readonly number[]) => {
    pdf.setDrawColor(colour[0]!, colour[1]!, colour[2]!);
    pdf.setLineWidth(width);
    pdf.line(MARGIN, y, WIDTH - MARGIN, y);
  };

  const header = () => {
    const size = 8;
    style(size, 'bold', MUTED);
    const blocks = text.columns.map(
      (column, i) => pdf.splitTextToSize(column, COLUMNS[i]! - 2 * PAD) as string[],
    );
    const height = Math.max(...blocks.map((lines) => lines.length)) * lineHeight(size) + 2 * PAD;
    let x = MARGIN;
    blocks.forEach((lines, i) => {
      lines.forEach((line, n) => {
        pdf.text(line, x + PAD, y + PAD + size * PT + n * lineHeight(size));
      });
      x += COLUMNS[i]!;
    });
    y += height;
    rule(0.5, INK);
  };

  style(16, 'bold');
  pdf.text(text.title, MARGIN, y);
  y += 6;
  style(9, 'normal', MUTED);
  pdf.text(`${text.date} · ${text.filter}`, MARGIN, y);
  y += 5;
  header();

  const size = 9;
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
      row.cells.retest,
    ];
    const blocks = values.map((value, i) => {
      const rtl = ARABIC.test(value);
      pdf.setFont(rtl ? 'ZaehltestArabic' : 'ZaehltestSans', i === 0 && !rtl ? 'bold' : 'normal');
      pdf.setFontSize(size);
      const lines = pdf.splitTextToSize(
        rtl ? prepareArabic(value) : value,
        COLUMNS[i]! - 2 * PAD,
      ) as string[];
      return { lines, rtl, bold: i === 0 && !rtl };
    });
    const height = Math.max(...blocks.map((b) => b.lines.length)) * lineHeight(size) + 2 * PAD;
    if (y + height > BOTTOM) {
      pdf.addPage('a4', 'landscape');
      y = TOP;
      header();
    }
    if (row.needsSupport) {
      // The unmet levels are written out in their column; the tint only helps the eye.
      pdf.setFillColor(...SUPPORT);
      pdf.rect(MARGIN + COLUMNS.slice(0, 8).reduce((a, b) => a + b, 0), y, COLUMNS[8], height, 'F');
    }
    let x = MARGIN;
    blocks.forEach((b, i) => {
      pdf.setFont(b.rtl ? 'ZaehltestArabic' : 'ZaehltestSans', b.bold ? 'bold' : 'normal');
      pdf.setFontSize(size);
      pdf.setTextColor(...INK);
      b.lines.forEach((raw, n) => {
        const baseline = y + PAD + size * PT + n * lineHeight(size);
        const line = raw.trim();
        if (b.rtl) {
          pdf.text(line, x + COLUMNS[i]! - PAD, baseline, {
            align: 'right',
            isInputVisual: false,
            isOutputVisual: true,
            isInputRtl: true,
            isOutputRtl: false,
          });
        } else pdf.text(line, x + PAD, baseline);
      });
      x += COLUMNS[i]!;
    });
    y += height;
    rule(0.2, RULE);
  }

  y += 6;
  style(8.5, 'normal', INK);
  const note = pdf.splitTextToSize(text.disclaimer, WIDTH - 2 * MARGIN) as string[];
  if (y + note.length * lineHeight(8.5) > BOTTOM) {
    pdf.addPage('a4', 'landscape');
    y = TOP;
  }
  note.forEach((line, n) => {
    pdf.text(line, MARGIN, y + n * lineHeight(8.5));
  });

  const pages = pdf.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    pdf.setPage(page);
    style(8, 'normal', MUTED);
    pdf.text(text.title, MARGIN, 9);
    pdf.text(text.pageLabel(page, pages), WIDTH - MARGIN, HEIGHT - 7, { align: 'right' });
  }
  return pdf;
}

/** Builds the PDF and hands it to the browser as a download. */
export function saveOverviewPdf(rows: readonly OverviewPdfRow[], text: OverviewPdfText, fileName: string) {
  const pdf = renderOverviewPdf(rows, text);
  pdf.save(fileName);
  return { fileName, pages: pdf.getNumberOfPages() };
}
