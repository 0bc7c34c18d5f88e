import html2canvas from 'html2canvas';
import { jsPDF } from 'jspdf';
import { type Layout, paginate, type Span } from './pdf-layout';

/**
 * PDF export of the results document (docs/product.md §12). This module pulls in jsPDF and
 * html2canvas, so the results screen loads it with `import()` only when the operator asks for it.
 *
 * The document is rendered once at a fixed width (the same layout on every device), then cut into
 * pages of 210 × 295 mm between table rows, never through a row; a table that continues on the next
 * page repeats its header row there. Pages are JPEG (small file), rendered at twice the CSS
 * resolution (about 215 dpi, sharp when printed).
 */

export const PAGE_WIDTH_MM = 210;
export const PAGE_HEIGHT_MM = 295;
const MARGIN_MM = 10;
const FOOTER_MM = 6;
const CONTENT_WIDTH_MM = PAGE_WIDTH_MM - 2 * MARGIN_MM;
const CONTENT_HEIGHT_MM = PAGE_HEIGHT_MM - 2 * MARGIN_MM - FOOTER_MM;
/** CSS width the document is laid out at for the PDF: 15 px text becomes about 10 pt on paper. */
const RENDER_WIDTH_PX = 800;
const SCALE = 2;
const JPEG_QUALITY = 0.82;

export interface PdfOptions {
  fileName: string;
  /** Footer text of page `page` of `pages`, e.g. 'Seite 1 von 2' (translated by the caller). */
  pageLabel(page: number, pages: number): string;
  /** Class set on the cloned document so its CSS can drop on-screen-only parts. */
  renderClass: string;
}

export interface PdfResult {
  fileName: string;
  pages: number;
  bytes: number;
}

export async function saveResultPdf(element: HTMLElement, options: PdfOptions): Promise<PdfResult> {
  let layout: Layout | undefined;
  const canvas = await html2canvas(element, {
    scale: SCALE,
    backgroundColor: '#ffffff',
    logging: false,
    windowWidth: 1024,
    onclone: (_document, clone) => {
      clone.classList.add(options.renderClass);
      clone.style.width = `${RENDER_WIDTH_PX}px`;
      clone.style.maxWidth = 'none';
      clone.style.margin = '0';
      layout = measure(clone);
    },
  });
  if (!layout) throw new Error('PDF: the document could not be laid out');

  const pxPerMm = canvas.width / CONTENT_WIDTH_MM;
  const cssToCanvas = canvas.width / RENDER_WIDTH_PX;
  const pages = paginate(layout, (CONTENT_HEIGHT_MM * pxPerMm) / cssToCanvas);

  const pdf = new jsPDF({
    orientation: 'portrait',
    unit: 'mm',
    format: [PAGE_WIDTH_MM, PAGE_HEIGHT_MM],
    compress: true,
  });
  pages.forEach((page, index) => {
    if (index > 0) pdf.addPage([PAGE_WIDTH_MM, PAGE_HEIGHT_MM], 'portrait');
    const parts = page.repeatHeader ? [page.repeatHeader, page] : [page];
    const heightPx = parts.reduce((sum, part) => sum + (part.bottom - part.top) * cssToCanvas, 0);
    const slice = document.createElement('canvas');
    slice.width = canvas.width;
    slice.height = Math.ceil(heightPx);
    const context = slice.getContext('2d');
    if (!context) throw new Error('PDF: no 2D canvas context');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, slice.width, slice.height);
    let y = 0;
    for (const part of parts) {
      const sourceTop = Math.round(part.top * cssToCanvas);
      const sourceHeight = Math.round((part.bottom - part.top) * cssToCanvas);
      context.drawImage(canvas, 0, sourceTop, canvas.width, sourceHeight, 0, y, canvas.width, sourceHeight);
      y += sourceHeight;
    }
    pdf.addImage(
      slice.toDataURL('image/jpeg', JPEG_QUALITY),
      'JPEG',
      MARGIN_MM,
      MARGIN_MM,
      CONTENT_WIDTH_MM,
      slice.height / pxPerMm,
      undefined,
      'FAST',
    );
    pdf.setFontSize(8);
    pdf.setTextColor(90);
    pdf.text(
      options.pageLabel(index + 1, pages.length),
      PAGE_WIDTH_MM - MARGIN_MM,
      PAGE_HEIGHT_MM - MARGIN_MM,
      {
        align: 'right',
      },
    );
  });
  const bytes = pdf.output('arraybuffer').byteLength;
  pdf.save(options.fileName);
  return { fileName: options.fileName, pages: pages.length, bytes };
}

function measure(root: HTMLElement): Layout {
  const origin = root.getBoundingClientRect().top;
  const span = (element: Element): Span => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top - origin, bottom: rect.bottom - origin };
  };
  const breaks: number[] = [];
  const tables: Layout['tables'] = [];
  for (const section of root.querySelectorAll('section')) breaks.push(span(section).top);
  for (const table of root.querySelectorAll('table')) {
    const head = table.tHead;
    const rows = [...table.tBodies].flatMap((body) => [...body.rows]);
    for (const row of [...rows, ...(table.tFoot ? [table.tFoot] : [])]) breaks.push(span(row).bottom);
    if (head && rows.length > 0) {
      tables.push({
        header: span(head),
        body: { top: span(rows[0]!).top, bottom: span(rows.at(-1)!).bottom },
      });
    }
  }
  return { height: span(root).bottom, breaks: [...new Set(breaks)].sort((a, b) => a - b), tables };
}
