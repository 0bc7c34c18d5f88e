import type { ChildLanguage } from '../content/types';
import { SCORED_LEVELS, SCORED_QUESTION_LEVELS } from '../domain/facts';
import type { AssignedLevel } from '../results/levels';
import { ageInYears } from '../screens/birthdate';
import { type BilingualPair, pairOf } from './bilingual';
import { RETENTION_MONTHS } from './retention';
import { DEFAULT_RETEST_WEEKS, retestFrom } from './retest-interval';
import type { Child, LocalResult } from './types';
import { assignedRank } from './verlauf';

/** Questions per scored level (seven each, docs/product.md §25). */
const QUESTIONS_PER_LEVEL = Object.values(SCORED_QUESTION_LEVELS).filter((level) => level === 1).length;

export { RETENTION_MONTHS } from './retention';
export { addDays, DEFAULT_RETEST_WEEKS, MAX_RETEST_WEEKS } from './retest-interval';

/** One child in the Gruppenübersicht. */
export interface OverviewRow {
  child: Child;
  /** Whole years today, or null without a (valid) birth date. */
  age: number | null;
  /** The child's tests on this device, oldest first. */
  results: LocalResult[];
  /** The newest test, if any. */
  last: LocalResult | undefined;
  /** Points per level of the newest test, level 1 to 3; null without a test. */
  points: (number | null)[];
  /**
   * The newest test run to its end (not ended early, docs/product.md §38), if any; of a bilingual pair
   * (§44) the test with the higher level, since a difference points to the language, not to number
   * sense: what the child still needs is read from the language it showed more in.
   */
  lastComplete: LocalResult | undefined;
  /** The bilingual pair of the newest test run to its end (docs/product.md §44), if it has one. */
  pair: BilingualPair | undefined;
  /** Levels the newest test run to its end did not reach (a test ended early assigns none). */
  unmetLevels: number[];
  /** Förderbedarf: the newest test run to its end left at least one level unreached. */
  needsSupport: boolean;
  /**
   * YYYY-MM-DD: the newest test plus the re-screening interval, the next day after one ended early
   * because the child was tired or unwell or was disturbed (retest-interval.ts); '' without a test.
   */
  retestFrom: string;
  /** Not tested (or, never tested, not added) within RETENTION_MONTHS: offered for deletion. */
  expired: boolean;
}

export type SortKey =
  | 'name'
  | 'age'
  | 'language'
  | 'lastTest'
  | 'level1'
  | 'level2'
  | 'level3'
  | 'assigned'
  | 'unmet'
  | 'retest';
export const SORT_KEYS: readonly SortKey[] = [
  'name',
  'age',
  'language',
  'lastTest',
  'level1',
  'level2',
  'level3',
  'assigned',
  'unmet',
  'retest',
];
export type SortDirection = 'ascending' | 'descending';

export interface OverviewFilter {
  /** '' for every language. */
  language: ChildLanguage | '';
  /** Only children with Förderbedarf. */
  supportOnly: boolean;
}

/** 'YYYY-MM-DD' minus whole months, the day clamped to the shorter month (31.08. − 6 → 28./29.02.). */
export function subtractMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The rows of the Gruppenübersicht (docs/product.md, Gruppenübersicht): every child with its newest
 * test, the levels it has not reached, Förderbedarf and 'erneut testen ab'. `today` is YYYY-MM-DD.
 */
export function buildOverview(
  children: readonly Child[],
  results: readonly LocalResult[],
  today: string,
  retestWeeks: number = DEFAULT_RETEST_WEEKS,
): OverviewRow[] {
  const byChild = new Map<string, LocalResult[]>();
  for (const result of results) {
    const list = byChild.get(result.childCode);
    if (list) list.push(result);
    else byChild.set(result.childCode, [result]);
  }
  const expiredBefore = subtractMonths(today, RETENTION_MONTHS);
  return children.map((child) => {
    const own = (byChild.get(child.code) ?? []).sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
    const last = own.at(-1);
    const newestComplete = own.filter((result) => !result.endedEarly).at(-1);
    const pair = newestComplete ? pairOf(own, newestComplete) : undefined;
    const lastComplete =
      pair && pair.germanCompared !== 'same'
        ? pair.germanCompared === 'higher'
          ? pair.german
          : pair.home
        : newestComplete;
    const unmetLevels = lastComplete
      ? lastComplete.levels.filter((row) => !row.achieved).map((row) => row.level)
      : [];
    const lastActivity = last?.testDate ?? child.createdAt.slice(0, 10);
    return {
      child,
      age: child.birthDate ? ageInYears(child.birthDate, today) : null,
      results: own,
      last,
      lastComplete,
      pair,
      // Of a test ended early only the levels whose seven questions were all answered have points.
      points: SCORED_LEVELS.map((level) => {
        const row = last?.levels.find((candidate) => candidate.level === level);
        if (!row || (last?.endedEarly && row.questions < QUESTIONS_PER_LEVEL)) return null;
        return row.points;
      }),
      unmetLevels,
      needsSupport: unmetLevels.length > 0,
      retestFrom: last ? retestFrom(last, retestWeeks) : '',
      expired: lastActivity < expiredBefore,
    };
  });
}

export function filterRows(rows: readonly OverviewRow[], filter: OverviewFilter): OverviewRow[] {
  return rows.filter(
    (row) =>
      (filter.language === '' || row.child.language === filter.language) &&
      (!filter.supportOnly || row.needsSupport),
  );
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

type SortValue = string | number | null;

function sortValue(row: OverviewRow, key: SortKey): SortValue {
  switch (key) {
    case 'name':
      return row.child.name;
    case 'age':
      return row.age;
    case 'language':
      return row.child.language;
    case 'lastTest':
      return row.last?.testDate ?? null;
    case 'level1':
      return row.points[0] ?? null;
    case 'level2':
      return row.points[1] ?? null;
    case 'level3':
      return row.points[2] ?? null;
    case 'assigned':
      // A test ended early assigns no level: it sorts with the children without one.
      return row.last && !row.last.endedEarly ? assignedRank(row.last.assignedLevel as AssignedLevel) : null;
    case 'unmet':
      return row.lastComplete ? row.unmetLevels.length : null;
    case 'retest':
      return row.retestFrom || null;
  }
}

/**
 * Sorted by one column; children without a value there (no test, no birth date, no name) come last
 * in both directions, ties by name, so the order is stable and predictable.
 */
export function sortRows(
  rows: readonly OverviewRow[],
  key: SortKey,
  direction: SortDirection,
): OverviewRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: sortValue(row, key) }));
  keyed.sort((a, b) => {
    const aEmpty = a.value === null || a.value === '';
    const bEmpty = b.value === null || b.value === '';
    if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
    let order = 0;
    if (!aEmpty) {
      order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
    }
    return sign * order || collator.compare(a.row.child.name, b.row.child.name);
  });
  return keyed.map((entry) => entry.row);
}
