import type { Plugin } from 'vite';
import { readLanguageFacts } from '../content/language-facts.ts';
import { loadLevels } from '../content/levels.ts';
import { formatReport, loadContent, REAL_CONTENT } from '../content/load.ts';
import { fontCodePoints, glyphIssues, languageCodePoints, pdfFontFile } from './glyphs.ts';
import { buildPdfFonts } from './subset.ts';

/**
 * The characters the packs' texts use, by writing direction; fails naming every character the
 * PDF's font cannot draw, so a new script never disappears from the PDF in silence.
 */
function usedCodePoints(): { ltr: number[]; rtl: number[] } {
  const content = loadContent(REAL_CONTENT);
  const languages = readLanguageFacts();
  const font = fontCodePoints(pdfFontFile('DejaVuSans.ttf'));
  const issues = glyphIssues(content.packs, languages, { ltr: font, rtl: font });
  if (issues.length > 0)
    throw new Error(`The results PDF cannot draw some characters of the texts:\n${formatReport(issues)}`);
  const used = { ltr: [] as number[], rtl: [] as number[] };
  const levels = Object.values(loadLevels().levels?.levels ?? {});
  for (const { code, dir } of languages) {
    used[dir].push(...languageCodePoints(content.packs, code));
    // The letters to the parents are drawn with the same fonts (src/letters/letter-pdf.ts).
    // The letters to the parents are drawn with the same fonts (src/letters/letter-pdf.ts): their
    // texts and the Förderhinweise translated for the Ergebnisbrief.
    const texts = [
      ...Object.values(content.languagePacks[code]?.letter ?? {}),
      ...levels.flatMap((level) => level.translations?.[code] ?? []),
    ];
    for (const char of texts.join('')) used[dir].push(char.codePointAt(0) ?? 0);
  }
  return used;
}

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
        const fonts = buildPdfFonts(usedCodePoints());
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
