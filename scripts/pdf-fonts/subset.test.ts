import { describe, expect, it } from 'vitest';
import { buildPdfFonts } from './subset.ts';

// That the fonts hold every character the results PDF draws is tested where the PDF is drawn
// (src/results/pdf.test.ts), against the fonts as jsPDF reads them.
describe('the PDF fonts', () => {
  it('are cut to a fraction of the full fonts', () => {
    const fonts = buildPdfFonts();
    for (const font of Object.values(fonts)) {
      expect(font.byteLength).toBeGreaterThan(10_000);
      expect(font.byteLength).toBeLessThan(100_000);
      // A TrueType file: version 1.0 in its first four bytes.
      expect([...font.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    }
  });
});
