/**
 * The answers of the researchers' API (/api/auswertung/*), as the server sends them and the page
 * reads them (docs/product.md §24). Types only: both sides import them, neither imports the other.
 */

/** A count per value of one dimension. */
export interface Count {
  key: string | null;
  n: number;
}

export interface Overview {
  total: number;
  byLanguage: Count[];
  bySchool: Count[];
  bySchoolLevel: Count[];
  /** YYYY-MM of the test day. */
  byMonth: Count[];
  /** Assigned level (1..4) per language. */
  levelsByLanguage: { language: string; level: number; n: number }[];
  /** Assigned level per age band: whole years 3 (= under 4) … 10 (= 10 and older); null = unknown. */
  levelsByAgeBand: { band: number | null; level: number; n: number }[];
  /** Content versions present in the data (for the filter). */
  contentVersions: Count[];
}

export interface ItemStatistic {
  question: number;
  level: 1 | 2 | 3;
  n: number;
  /** Share of children who solved the item (0..1); null without children. */
  solutionRate: number | null;
  /**
   * Corrected item–total correlation: the item against the total score without this item
   * (point-biserial). Null when the item or the rest score does not vary.
   */
  itemTotalCorrelation: number | null;
}

export interface Reliability {
  /** 1, 2, 3, or 'all' for the whole test. */
  level: 1 | 2 | 3 | 'all';
  items: number;
  /** Kuder–Richardson 20; null when the score does not vary. */
  kr20: number | null;
}

export interface ItemAnalysis {
  /** Result-side language code, or null for all languages together. */
  language: string | null;
  n: number;
  items: ItemStatistic[];
  reliability: Reliability[];
}

export type EtsCategory = 'A' | 'B' | 'C';

export interface DifResult {
  question: number;
  level: 1 | 2 | 3;
  /** Result-side code of the focal language. */
  focal: string;
  referenceN: number;
  focalN: number;
  alpha: number | null;
  /** ETS delta: MH D-DIF = −2.35 · ln α_MH; negative = the item is harder for the focal group. */
  delta: number | null;
  seDelta: number | null;
  chiSquare: number | null;
  category: EtsCategory | null;
}
