import { describe, expect, it } from 'vitest';
import { type Layout, paginate } from './pdf-layout';

describe('paginate', () => {
  it('keeps a short document on one page', () => {
    expect(paginate({ height: 500, breaks: [100, 200], tables: [] }, 1000)).toEqual([
      { top: 0, bottom: 500 },
    ]);
  });

  it('breaks between rows, never through one, and repeats the header of a continued table', () => {
    // Header row 100–120, body rows of 50 px from 120 to 1120.
    const rows = Array.from({ length: 20 }, (_, i) => 170 + 50 * i);
    const layout: Layout = {
      height: 1150,
      breaks: [0, ...rows],
      tables: [{ header: { top: 100, bottom: 120 }, body: { top: 120, bottom: 1120 } }],
    };
    const pages = paginate(layout, 400);
    expect(pages[0]).toEqual({ top: 0, bottom: 370 });
    expect(pages[1]).toEqual({ top: 370, bottom: 720, repeatHeader: { top: 100, bottom: 120 } });
    expect(pages.at(-1)?.bottom).toBe(1150);
    for (const page of pages) {
      const header = page.repeatHeader ? page.repeatHeader.bottom - page.repeatHeader.top : 0;
      expect(page.bottom - page.top + header).toBeLessThanOrEqual(400);
    }
  });

  it('cuts a single row taller than a page rather than looping', () => {
    expect(paginate({ height: 900, breaks: [900], tables: [] }, 400)).toEqual([
      { top: 0, bottom: 400 },
      { top: 400, bottom: 800 },
      { top: 800, bottom: 900 },
    ]);
  });
});
