import type { Plugin } from 'vite';
import { buildPdfFonts } from './subset.ts';

export const PDF_FONTS_ID = 'virtual:zaehltest-pdf-fonts';
const RESOLVED_ID = `\0${PDF_FONTS_ID}`;

/**
 * `virtual:zaehltest-pdf-fonts`: the subset TrueType fonts of the results PDF as base64 strings
 * (what jsPDF's addFileToVFS takes). Only src/results/pdf.ts imports it, so the fonts travel in the
 * PDF chunk that loads when the operator asks for a PDF, and are precached with it for offline use.
 */
export function pdfFontsPlugin(): Plugin {
  let source: string | undefined;
  return {
    name: 'zaehltest-pdf-fonts',
    resolveId: (id) => (id === PDF_FONTS_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (!source) {
        const fonts = buildPdfFonts();
        const base64 = (bytes: Uint8Array) => JSON.stringify(Buffer.from(bytes).toString('base64'));
        source = [
          `export const regular = ${base64(fonts.regular)};`,
          `export const bold = ${base64(fonts.bold)};`,
          `export const arabic = ${base64(fonts.arabic)};`,
          '',
        ].join('\n');
      }
      return source;
    },
  };
}
