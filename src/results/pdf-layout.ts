/** A vertical extent in CSS px from the top of the results document. */
export interface Span {
  top: number;
  bottom: number;
}

/** Where the rendered results document may be cut into pages. */
export interface Layout {
  height: number;
  /** Bottoms of body rows and tops of sections: the allowed page breaks. */
  breaks: number[];
  /** Each table's body rows and its header row, so a continued table repeats its header. */
  tables: { header: Span; body: Span }[];
}

export interface Page extends Span {
  /** The header row of the table this page continues, drawn above the page's content. */
  repeatHeader?: Span;
}

/**
 * Cuts the document into pages of at most `pageHeight` CSS px at the last allowed break that fits,
 * so rows are never split; only a single row taller than a page is cut through.
 */
export function paginate(layout: Layout, pageHeight: number): Page[] {
  const pages: Page[] = [];
  let top = 0;
  while (top < layout.height - 1) {
    const table = layout.tables.find((t) => top > t.body.top + 1 && top < t.body.bottom - 1);
    const repeatHeader = table?.header;
    const limit = top + pageHeight - (repeatHeader ? repeatHeader.bottom - repeatHeader.top : 0);
    const fitting = layout.breaks.filter((cut) => cut > top + 1 && cut <= limit);
    const bottom = layout.height <= limit ? layout.height : fitting.length > 0 ? Math.max(...fitting) : limit;
    pages.push(repeatHeader ? { top, bottom, repeatHeader } : { top, bottom });
    top = bottom;
  }
  return pages;
}
