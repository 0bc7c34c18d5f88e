import { activityTranslations, dataKinds, letters } from 'virtual:zaehltest-letters';
import type { jsPDF } from 'jspdf';
import { RETENTION_MONTHS } from '../children/retention';
import { languageFact, textDirection } from '../content/languages';
import { type Block, INK, MUTED, PdfText, type Rgb, RULE, type TextStyle } from '../results/pdf-setup';
import type { ActivityGroup } from '../results/result-document';
import {
  type LetterDocument,
  type LetterFacts,
  type LetterPart,
  type LetterSide,
  type Pair,
  parentLetter,
  type ResultLetterInput,
  resultLetter,
} from './letter-document';

/**
 * The letters to the parents as A4 PDFs (docs/product.md, "Elternbrief und Ergebnisbrief"): the
 * German text on the left, the family's text on the right (right-aligned and right to left for
 * Arabic), paragraph beside paragraph, drawn as real text with the results PDF's fonts
 * (../results/pdf-setup.ts). Loaded with `import()` only when a letter is saved, together with the
 * letters' texts (virtual:zaehltest-letters).
 */

export const PAGE_WIDTH_MM = 210;
export const PAGE_HEIGHT_MM = 297;
export const MARGIN_MM = 16;
const TOP = 24;
const BOTTOM = PAGE_HEIGHT_MM - 18;
const GAP = 8;
const FULL = PAGE_WIDTH_MM - 2 * MARGIN_MM;
const HALF = (FULL - GAP) / 2;
const BULLET = 4;
const BOX = 3.6;
const DRAFT: Rgb = [163, 25, 27];
const HEADING: TextStyle = { size: 10.5, bold: true };
const BODY: TextStyle = { size: 9 };
const CHECKBOX: TextStyle = { size: 9.5 };
const LABEL: TextStyle = { size: 8, colour: MUTED };

/** The German labels the letter needs beside its content (src/i18n). */
export interface LetterLabels {
  /** 'Entwurf – Übersetzung nicht geprüft'. */
  draft: string;
  /** 'Ihr Kind': the German column's word for a child whose name it cannot draw. */
  yourChild: string;
  pageLabel(page: number, pages: number): string;
}

/**
 * Letters of right-to-left scripts (Hebrew, Arabic and their presentation forms): only the
 * Arabic-script font draws them, so a name written in them is drawn right to left with it.
 */
const RIGHT_TO_LEFT_SCRIPT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/** The deployment's facts, set at build time (scripts/build-config.ts), and the device's period. */
export function deploymentFacts(): LetterFacts {
  return { ...__LETTER_SETTINGS__, deviceRetentionMonths: RETENTION_MONTHS };
}

/** A language's side of the letters; undefined when its pack has no letter texts. */
function side(code: string): { side: LetterSide; status: 'geprüft' | 'Entwurf' } | undefined {
  const entry = letters[code];
  if (!entry) return undefined;
  return {
    side: { texts: entry.texts, dir: textDirection(code), lang: languageFact(code)?.speechLang ?? code },
    status: entry.status,
  };
}

function germanSide(): LetterSide {
  const german = side('de');
  if (!german) throw new Error('de.yaml has no letter texts (npm run content:check)');
  return german.side;
}

/** The family's side: none for German or a language without letter texts (German only, then). */
function ownSide(language: string | undefined) {
  return language && language !== 'de' ? side(language) : undefined;
}

/** The Elternbrief of a child (its name on the consent form) or blank (`childName` undefined). */
export function renderParentLetter(
  language: string | undefined,
  childName: string | undefined,
  labels: LetterLabels,
): jsPDF {
  const own = ownSide(language);
  const doc = parentLetter({
    german: germanSide(),
    ...(own ? { own } : {}),
    facts: deploymentFacts(),
    dataKinds,
    ...(childName ? { childName } : {}),
  });
  return renderLetter(doc, labels);
}

/**
 * The Ergebnisbrief after a test: `groups` are the results page's Förderhinweise (src/results/
 * activity-groups.ts); each is printed beside its translation in content/levels.yaml, if any.
 */
export function renderResultLetter(
  language: string,
  input: Omit<ResultLetterInput, 'german' | 'own' | 'activities'> & { groups: readonly ActivityGroup[] },
  labels: LetterLabels,
): jsPDF {
  const own = ownSide(language);
  const activities: Pair[] = input.groups.flatMap((group) =>
    group.items.map((german, index) => {
      const translated = group.level ? activityTranslations[group.level]?.[language]?.[index] : undefined;
      return translated === undefined ? { german } : { german, own: translated };
    }),
  );
  const { groups: _groups, ...rest } = input;
  return renderLetter(
    resultLetter({
      ...rest,
      ...(RIGHT_TO_LEFT_SCRIPT.test(input.childName) ? { germanChildName: labels.yourChild } : {}),
      activities,
      german: germanSide(),
      ...(own ? { own } : {}),
    }),
    labels,
  );
}

/** Saves a rendered letter as a download. */
export function saveLetter(pdf: jsPDF, fileName: string): { fileName: string; pages: number } {
  pdf.save(fileName);
  return { fileName, pages: pdf.getNumberOfPages() };
}

/** Draws a letter: the title pair, the 'Entwurf' mark, then its parts; pages numbered at the end. */
export function renderLetter(doc: LetterDocument, labels: LetterLabels): jsPDF {
  const out = new PdfText({
    orientation: 'portrait',
    format: [PAGE_WIDTH_MM, PAGE_HEIGHT_MM],
    title: doc.title.german,
    lineHeight: 1.3,
  });
  const pdf = out.pdf;
  const twoColumns = doc.ownDir !== undefined;
  const ownStyle = (style: TextStyle): TextStyle => ({ ...style, dir: doc.ownDir ?? 'ltr' });
  let y = TOP;
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    pdf.addPage([PAGE_WIDTH_MM, PAGE_HEIGHT_MM], 'portrait');
    y = TOP;
  };

  /** The height of a pair side by side, as drawPair takes it. */
  const pairHeight = (text: Pair, style: TextStyle, indent = 0) => {
    const width = (twoColumns ? HALF : FULL) - indent;
    const own = twoColumns && text.own !== undefined ? out.block(text.own, width, ownStyle(style)).height : 0;
    return Math.max(out.block(text.german, width, style).height, own);
  };
  /** The height a part takes, as the loop below draws it. */
  const partHeight = (part: LetterPart): number => {
    switch (part.kind) {
      case 'heading':
        return 1.5 + pairHeight(part.text, HEADING) + 1.2;
      case 'paragraph':
        return pairHeight(part.text, BODY) + 2;
      case 'list':
        return part.items.reduce((sum, item) => sum + pairHeight(item, BODY, BULLET) + 1, 1);
      case 'checkbox':
        return pairHeight(part.text, CHECKBOX, BOX + 2.5) + 3;
      case 'line':
        return 8 + pairHeight(part.label, LABEL) + 2;
    }
  };

  /** A pair side by side (or the German text across the page); `indent` leaves room for a mark. */
  const drawPair = (
    text: Pair,
    style: TextStyle,
    after: number,
    indent = 0,
    mark?: (top: number) => void,
  ) => {
    const width = (twoColumns ? HALF : FULL) - indent;
    const german: Block = out.block(text.german, width, style);
    const own: Block | undefined =
      twoColumns && text.own !== undefined ? out.block(text.own, width, ownStyle(style)) : undefined;
    const height = Math.max(german.height, own?.height ?? 0);
    room(height);
    mark?.(y);
    out.draw(german, MARGIN_MM + indent, y, width);
    if (own) {
      const x = MARGIN_MM + HALF + GAP;
      // A right-to-left column keeps its mark's room on the right, where its lines start.
      out.draw(own, doc.ownDir === 'rtl' ? x : x + indent, y, width);
    }
    y += height + after;
  };

  if (doc.draft) {
    out.style({ size: 9, bold: true, colour: DRAFT });
    pdf.setDrawColor(...DRAFT);
    pdf.setLineWidth(0.4);
    const width = pdf.getTextWidth(labels.draft) + 4;
    pdf.rect(PAGE_WIDTH_MM - MARGIN_MM - width, 10, width, 6);
    pdf.text(labels.draft, PAGE_WIDTH_MM - MARGIN_MM - width + 2, 14.2);
  }
  drawPair(doc.title, { size: 15, bold: true }, 2);
  out.rule(y, MARGIN_MM, FULL, 0.5, INK);
  y += 5;

  doc.parts.forEach((part, index) => {
    switch (part.kind) {
      case 'heading': {
        // A heading stays with the first lines after it; the consent form with all of itself.
        const next = doc.parts.findIndex((other, at) => at > index && other.kind === 'heading');
        const section = doc.parts.slice(index, next === -1 ? undefined : next);
        room(
          part.keepTogether
            ? section.reduce((sum, other) => sum + partHeight(other), 0)
            : partHeight(part) + (section[1] ? Math.min(partHeight(section[1]), 12) : 0),
        );
        y += 1.5;
        drawPair(part.text, HEADING, 1.2);
        break;
      }
      case 'paragraph':
        drawPair(part.text, BODY, 2);
        break;
      case 'list':
        for (const item of part.items) {
          drawPair(item, BODY, 1, BULLET, (top) => {
            out.style({ size: 9 });
            const baseline = top + out.ascent({ size: 9 });
            pdf.text('•', MARGIN_MM + 1, baseline);
            if (twoColumns && item.own !== undefined) {
              const right = MARGIN_MM + HALF + GAP;
              pdf.text('•', doc.ownDir === 'rtl' ? right + HALF - 2.5 : right + 1, baseline);
            }
          });
        }
        y += 1;
        break;
      case 'checkbox':
        drawPair(part.text, CHECKBOX, 3, BOX + 2.5, (top) => {
          pdf.setDrawColor(...INK);
          pdf.setLineWidth(0.35);
          pdf.rect(MARGIN_MM, top + 0.4, BOX, BOX);
          if (twoColumns) {
            const right = MARGIN_MM + HALF + GAP;
            pdf.rect(doc.ownDir === 'rtl' ? right + HALF - BOX : right, top + 0.4, BOX, BOX);
          }
        });
        break;
      case 'line': {
        room(partHeight(part));
        y += 7;
        if (part.value) {
          // The child's name in the direction of its language, as the Gruppenübersicht's PDF writes it
          // (an Arabic name needs the Arabic-script font).
          const style: TextStyle = { size: 11, bold: true };
          const name = out.block(
            part.value,
            FULL,
            RIGHT_TO_LEFT_SCRIPT.test(part.value) ? { ...style, dir: 'rtl' } : ownStyle(style),
          );
          out.draw(name, MARGIN_MM, y - 5.5, FULL);
        }
        out.rule(y, MARGIN_MM, FULL, 0.3, RULE);
        y += 1;
        drawPair(part.label, LABEL, 2);
        break;
      }
    }
  });

  const pages = pdf.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    pdf.setPage(page);
    out.style({ size: 8, colour: MUTED });
    pdf.text(labels.pageLabel(page, pages), PAGE_WIDTH_MM - MARGIN_MM, PAGE_HEIGHT_MM - 9, {
      align: 'right',
    });
  }
  return pdf;
}
