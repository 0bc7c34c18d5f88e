// The 'Verlauf' statistics of the researchers' page (docs/product.md, Verlauf): the change between
// a child's first and latest test, from the groups the database returns (server/db/research.ts,
// progressGroups). A pure function: a few hundred groups in, the page's numbers out.

import type {
  ChangeStatistic,
  Progress,
  ProgressGroup,
  ProgressMeasure,
} from '../../schemas/auswertung-api.ts';
import type { ProgressGroupRow } from '../db/types.ts';

export type { ChangeStatistic, Progress, ProgressGroup, ProgressMeasure };

const MEASURES: ProgressMeasure[] = [1, 2, 3, 'total'];
const DAYS_PER_WEEK = 7;

const changeOf = (row: ProgressGroupRow, measure: ProgressMeasure) =>
  measure === 'total' ? row.change[0] + row.change[1] + row.change[2] : (row.change[measure - 1] ?? 0);

/** The middle value of a distribution (the mean of the two middle values for an even count). */
function medianOf(distribution: { change: number; n: number }[], n: number): number | null {
  if (n === 0) return null;
  const at = (position: number) => {
    let seen = 0;
    for (const entry of distribution) {
      seen += entry.n;
      if (position < seen) return entry.change;
    }
    return distribution.at(-1)?.change ?? 0;
  };
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

/** Mean, SD, median and distribution of one measure's change over the given children. */
export function changeStatistic(
  rows: readonly ProgressGroupRow[],
  measure: ProgressMeasure,
): ChangeStatistic {
  const counts = new Map<number, number>();
  for (const row of rows)
    counts.set(changeOf(row, measure), (counts.get(changeOf(row, measure)) ?? 0) + row.n);
  const distribution = [...counts].map(([change, n]) => ({ change, n })).sort((a, b) => a.change - b.change);
  const n = distribution.reduce((sum, entry) => sum + entry.n, 0);
  const sum = distribution.reduce((total, entry) => total + entry.n * entry.change, 0);
  const mean = n > 0 ? sum / n : null;
  const squares = distribution.reduce(
    (total, entry) => total + entry.n * (entry.change - (mean ?? 0)) ** 2,
    0,
  );
  const count = (keep: (change: number) => boolean) =>
    distribution.filter((entry) => keep(entry.change)).reduce((total, entry) => total + entry.n, 0);
  return {
    measure,
    mean,
    sd: n >= 2 ? Math.sqrt(squares / (n - 1)) : null,
    median: medianOf(distribution, n),
    down: count((change) => change < 0),
    same: count((change) => change === 0),
    up: count((change) => change > 0),
    distribution,
  };
}

function group(
  by: ProgressGroup['by'],
  key: string | null,
  rows: readonly ProgressGroupRow[],
): ProgressGroup {
  const n = rows.reduce((sum, row) => sum + row.n, 0);
  const days = rows.reduce((sum, row) => sum + row.days, 0);
  return {
    by,
    key,
    n,
    meanWeeks: n > 0 ? days / n / DAYS_PER_WEEK : null,
    changes: MEASURES.map((measure) => changeStatistic(rows, measure)),
  };
}

/**
 * The whole section: counts of children with a code and with two or more tests; the change per
 * level and in total for all of them, by language (of the first test) and by the level first
 * assigned; and how the assigned level moved from the first to the latest test.
 */
export function progressStatistics(rows: readonly ProgressGroupRow[]): Progress {
  const repeated = rows.filter((row) => row.repeated);
  const languages = [...new Set(repeated.map((row) => row.language))].sort();
  const firstLevels = [...new Set(repeated.map((row) => row.firstLevel))].sort((a, b) => a - b);
  const transitions = new Map<string, { from: number; to: number; n: number }>();
  for (const row of repeated) {
    const key = `${row.firstLevel}|${row.latestLevel}`;
    const entry = transitions.get(key) ?? { from: row.firstLevel, to: row.latestLevel, n: 0 };
    entry.n += row.n;
    transitions.set(key, entry);
  }
  const moved = (keep: (from: number, to: number) => boolean) =>
    repeated.filter((row) => keep(row.firstLevel, row.latestLevel)).reduce((sum, row) => sum + row.n, 0);
  return {
    resultsWithCode: rows.reduce((sum, row) => sum + row.tests, 0),
    childrenWithCode: rows.reduce((sum, row) => sum + row.n, 0),
    children: repeated.reduce((sum, row) => sum + row.n, 0),
    groups: [
      group('all', null, repeated),
      ...languages.map((language) =>
        group(
          'language',
          language,
          repeated.filter((row) => row.language === language),
        ),
      ),
      ...firstLevels.map((level) =>
        group(
          'firstLevel',
          String(level),
          repeated.filter((row) => row.firstLevel === level),
        ),
      ),
    ],
    transitions: [...transitions.values()].sort((a, b) => a.from - b.from || a.to - b.to),
    movedUp: moved((from, to) => to > from),
    stayed: moved((from, to) => to === from),
    movedDown: moved((from, to) => to < from),
  };
}
