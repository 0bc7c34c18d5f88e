import type { LevelKey } from '../../schemas/levels';
import type { ChildLanguage, Texts } from '../content/types';
import type { BilingualTexts } from './bilingual-text';

/**
 * The results document as the educator reads it: every text already in its final German wording.
 * The results page renders it as HTML and src/results/pdf.ts draws the same model as PDF text, so
 * page and PDF never disagree (docs/product.md §22).
 */
export interface ResultDocument {
  title: string;
  /**
   * Set when prompts were not spoken (docs/product.md §14): "Ohne Ton durchgeführt: …", at the top
   * of the page and the PDF. The levels are computed as always.
   */
  soundNotice?: { heading: string; text: string };
  /**
   * Set for a test ended with 'Test beenden' (docs/product.md §38): 'Vorzeitig beendet nach Frage N
   * von 23: <Grund>' and what that means for the levels, at the top of the page and the PDF.
   */
  endedEarly?: { heading: string; text: string };
  /**
   * Name, Geburtsdatum, Einrichtung, Jahrgang (when set), Sprache, Sprachverständnis (when recorded;
   * `id` 'understanding', docs/product.md §39), Testdatum, Kind-Code and the device's
   * Einrichtungskennung (when set; `id` 'site').
   */
  details: { label: string; value: string; id?: 'site' | 'understanding' }[];
  /** Heads every PDF page: the child's name and the test date. */
  pageHeader: string;
  levels: LevelsTable;
  /**
   * Set for an unusual profile (docs/product.md §28): a level not reached below a reached one, what
   * it may mean and what to do. Under the levels table, on the page and in the PDF.
   */
  unusualProfile?: { heading: string; paragraphs: string[] };
  /** How the test went: sound, 'keine Antwort', re-shown pictures, interruptions (docs/product.md §22). */
  sitting: SittingSummary;
  /** 'Niveau erreicht' and 'Zugeordnetes Niveau' explained. */
  legend: { heading: string; items: { term: string; text: string }[] };
  /** A screening, not a diagnosis; no norms. */
  disclaimer: string;
  meanings: LevelMeanings;
  questions: QuestionsTable;
  /** The child's earlier tests on this device, under the levels (absent for a child not saved). */
  verlauf?: VerlaufSection;
}

/** 'Verlauf' (docs/product.md, Verlauf): one row per test, oldest first, with the change since the one before. */
export interface VerlaufSection {
  heading: string;
  /** 'Dies ist der erste Test …' or how many tests follow. */
  intro: string;
  /** Testdatum, Niveau 1–3, Zugeordnetes Niveau, Veränderung. */
  columns: string[];
  rows: { key: string; cells: string[]; current: boolean }[];
  /**
   * A bilingual profile (docs/product.md §44): the test on the page (or the newest one) and the test
   * in the other language within a few weeks, side by side, under the table.
   */
  bilingual?: BilingualTexts;
}

export interface LevelsTable {
  heading: string;
  columns: [string, string, string];
  /** `incomplete`: a test ended early left questions of this level unanswered: no points, no mark. */
  rows: { level: string; points: string; achieved: boolean; achievedText: string; incomplete?: boolean }[];
  total: { label: string; points: string };
  assigned: { label: string; value: string };
}

export interface LevelMeanings {
  heading: string;
  levels: { key: string; title: string; description: string; assigned: boolean }[];
  /**
   * Förderhinweise: for the assigned level; in an unusual profile for every level not reached
   * (docs/product.md §22).
   */
  activities: ActivityGroup[];
}

export interface ActivityGroup {
  heading: string;
  /** 'größer 3' only: what reaching all three levels means and what the screening does not measure. */
  description?: string;
  items: string[];
  /** The level in content/levels.yaml the items come from (the Ergebnisbrief finds their translations). */
  level?: LevelKey;
}

export interface SittingSummary {
  heading: string;
  /** Ton, Keine Antwort, Bild nochmal gezeigt, Unterbrochen, Nochmal vorgelesen: label and value. */
  items: { key: string; label: string; value: string }[];
}

/** 'not-reached': a question a test ended early never asked (docs/product.md §38), never wrong. */
export type RowState = 'correct' | 'incorrect' | 'practice' | 'not-reached';

export interface QuestionRow {
  /** Unique per row (a practice question may be recorded more than once). */
  key: string;
  number: string;
  level: string;
  state: RowState;
  child: { texts: Texts; language: ChildLanguage };
  /** The German reference texts (`texts.de` of the pack), when the question is in the packs. */
  german?: Texts;
  given: string;
  /** Response time, exposure, tries, flags: small print under the answer. */
  notes: string[];
  points: string;
  /** Read out instead of the ✓/✗ mark. */
  pointsLabel: string;
}

export interface QuestionsTable {
  heading: string;
  columns: [string, string, string, string, string];
  rows: QuestionRow[];
  /** Label of the German reference text under the child's text, e.g. 'Deutsch'. */
  germanLabel: string;
}
