/**
 * The answers of the researchers' API (/api/auswertung/*), as the server sends them and the page
 * reads them (docs/product.md §24). Types only: both sides import them, neither imports the other.
 */

/** A count per value of one dimension. */
export interface Count {
  key: string | null;
  n: number;
}

/**
 * Counts of results (not of children): every filtered result once. The statistics below count
 * children instead (ChildCounting).
 */
export interface Overview {
  total: number;
  byLanguage: Count[];
  bySchool: Count[];
  bySchoolLevel: Count[];
  /** YYYY-MM of the test day. */
  byMonth: Count[];
  /** Content versions present in the data (for the filter). */
  contentVersions: Count[];
  /** 'Einrichtungskennungen' present under the other filters (the site filter left out), for its select. */
  sites: Count[];
  /**
   * Results per sound ('recording', 'synthesis', 'mixed', 'none'; null = no prompt details) under
   * the other filters (the sound filter left out).
   */
  bySound: Count[];
  /** Results without sound ('none') that the filter 'Ton: mit' leaves out; 0 with any other choice. */
  soundExcluded: number;
  /**
   * Tests ended early with 'Test beenden' (docs/product.md §38) per reason ('unwilling', 'unwell',
   * 'language', 'disturbance', 'other') and language code, under the other filters (the filter
   * 'vorzeitig beendet' left out).
   */
  endedEarly: { reason: string; language: string; n: number }[];
  /** Tests ended early that the filter 'vorzeitig beendet: ohne' leaves out; 0 with any other choice. */
  endedExcluded: number;
  /**
   * Results with an unusual profile (docs/product.md §28: a level not reached below a reached one)
   * per language code, under the other filters (the filter 'Profil' left out).
   */
  unusualProfiles: { language: string; n: number }[];
}

/**
 * Which test of each child the statistics use ('Tests je Kind', docs/product.md §24): a child is
 * its Einrichtungskennung and child code together; a result without a code is a child of its own.
 */
export type ChildTest = 'erster' | 'letzter';

/** What every per-child answer says about how it counted. */
export interface ChildCounting {
  test: ChildTest;
  /** Values from fewer children than this carry a warning (MIN_CHILDREN_FOR_STATISTICS). */
  minChildren: number;
}

/** The level charts: children (one test each) per assigned level (1..4, 4 = 'größer 3'). */
export interface Levels extends ChildCounting {
  /** Children among the filtered results. */
  n: number;
  byLanguage: { language: string; level: number; n: number }[];
  /** Whole years 3 (= under 4) … 10 (= 10 and older); null = unknown. */
  byAgeBand: { band: number | null; level: number; n: number }[];
}

export interface ItemStatistic {
  question: number;
  level: 1 | 2 | 3;
  n: number;
  /** Share of children who solved the item (0..1); null without children. */
  solutionRate: number | null;
  /** Share of children whose answer was recorded as 'keine Antwort' (0..1); null without children. */
  noAnswerRate: number | null;
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
  /** Children (one test each). */
  n: number;
  /** n is below the warning threshold (ChildCounting.minChildren). */
  fewChildren: boolean;
  items: ItemStatistic[];
  reliability: Reliability[];
}

export interface ItemsAnswer extends ChildCounting {
  groups: ItemAnalysis[];
}

export type EtsCategory = 'A' | 'B' | 'C';

export interface DifResult {
  question: number;
  level: 1 | 2 | 3;
  /** Result-side code of the focal language. */
  focal: string;
  /** Children (one test each) in the strata both groups share. */
  referenceN: number;
  focalN: number;
  /** referenceN or focalN is below the warning threshold (ChildCounting.minChildren). */
  fewChildren: boolean;
  alpha: number | null;
  /** ETS delta: MH D-DIF = −2.35 · ln α_MH; negative = the item is harder for the focal group. */
  delta: number | null;
  seDelta: number | null;
  chiSquare: number | null;
  category: EtsCategory | null;
}

export interface DifAnswer extends ChildCounting {
  /** Result-side code of the reference language. */
  reference: string;
  items: DifResult[];
}

/** Points on one level (1, 2, 3) or on the whole test ('total'). */
export type ProgressMeasure = 1 | 2 | 3 | 'total';

/** The change in points of one measure between the first and the latest test of each child. */
export interface ChangeStatistic {
  measure: ProgressMeasure;
  /** Mean change (latest − first); null without children. */
  mean: number | null;
  /** Standard deviation of the change (n − 1 in the denominator); null below 2 children. */
  sd: number | null;
  median: number | null;
  /** Children who lost points, kept the same points, gained points. */
  down: number;
  same: number;
  up: number;
  /** Children per change in points, ascending by change; only changes that occur. */
  distribution: { change: number; n: number }[];
}

/** The children of one group with two or more tests. */
export interface ProgressGroup {
  /** All children, by the language of their first test, or by the level first assigned. */
  by: 'all' | 'language' | 'firstLevel';
  /** The language code or the level (1..4) as text; null for 'all'. */
  key: string | null;
  n: number;
  /** Mean time between the first and the latest test, in weeks; null without children. */
  meanWeeks: number | null;
  /** Level 1, 2, 3 and the total, in that order. */
  changes: ChangeStatistic[];
}

/** The 'Verlauf' section: children tested more than once (linked by their child code). */
export interface Progress {
  /** Filtered results that carry a child code, and the children (codes) they belong to. */
  resultsWithCode: number;
  childrenWithCode: number;
  /** Children with two or more filtered tests: the n of everything below. */
  children: number;
  groups: ProgressGroup[];
  /** First against latest assigned level (1..4, 4 = 'größer 3'): children per pair. */
  transitions: { from: number; to: number; n: number }[];
  movedUp: number;
  stayed: number;
  movedDown: number;
}

/**
 * One home language's children in the section 'Zweisprachige Profile' (docs/product.md §44), each
 * with its first bilingual pair by test day: a test in the home language and one in German.
 */
export interface BilingualGroup {
  /** The home language's result code; null for all home languages together. */
  language: string | null;
  /** Children with a pair. */
  n: number;
  /** n is below the warning threshold (ChildCounting.minChildren). */
  fewChildren: boolean;
  /** Children whose assigned level in German is higher than, the same as, lower than in the home language. */
  higher: number;
  same: number;
  lower: number;
  /**
   * Mean assigned level (1..3, 'größer 3' counted as 4) in the home language and in German; null
   * without children.
   */
  meanHome: number | null;
  meanGerman: number | null;
}

/** The section 'Zweisprachige Profile': children tested in their home language and in German. */
export interface Bilingual {
  /** Groups from fewer children than this carry a warning (MIN_CHILDREN_FOR_STATISTICS). */
  minChildren: number;
  /** German's result code (its pack's), for its name on the page; '' when no pack has one. */
  german: string;
  /** The most days between the two tests of a pair (src/children/bilingual.ts PAIR_DAYS). */
  pairDays: number;
  /** Per home language, in the order of the educator's list, then all together (language null). */
  groups: BilingualGroup[];
}

/** One entry of the Protokoll (docs/product.md §46), as /api/auswertung/protokoll sends it. */
export interface ProtokollEntryAnswer {
  id: number;
  /** ISO time (UTC). */
  at: string;
  kind: string;
  /** The kind in German ('Anmeldung', 'Löschung', …). */
  kindLabel: string;
  actor: string;
  count: number | null;
  detail: string;
}

export interface ProtokollAnswer {
  /** Newest first; at most `limit` of `total`. */
  entries: ProtokollEntryAnswer[];
  total: number;
  limit: number;
  /** The kinds to filter by, with their German names. */
  kinds: { kind: string; label: string }[];
  /** How long entries are kept. */
  months: number;
  /** The zone whose days the filter means and whose clock times are shown (EXPORT_TIME_ZONE). */
  timeZone: string;
}

/** The deletions recorded for one child code (a parent's request carried out?). */
export interface ProtokollChildAnswer {
  deletions: ProtokollEntryAnswer[];
}

/**
 * The Auskunft (Art. 15 DSGVO) for one child code: everything the server holds for it — each result
 * as the JSON export has it and as the CSV reads it (German column names) — and the Protokoll's
 * deletions of the code.
 */
export interface AuskunftAnswer {
  childCode: string;
  /** ISO time the server answered. */
  at: string;
  /** The zone of the times shown, as in the CSV's 'Eingegangen' (EXPORT_TIME_ZONE). */
  timeZone: string;
  /** How far back the Protokoll's deletions reach (PROTOKOLL_MONTHS). */
  protokollMonths: number;
  results: Record<string, unknown>[];
  readable: { header: string; value: string }[][];
  deletions: ProtokollEntryAnswer[];
}
