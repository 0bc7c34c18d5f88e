import type { AssignedLevel } from '../results/levels';
import type { LocalResult } from './types';

/** One test in a child's Verlauf, with what changed since the test before it. */
export interface VerlaufEntry {
  result: LocalResult;
  /** The test on the results page (the newest one there). */
  current: boolean;
  /** Absent for the first test. */
  change?: VerlaufChange;
}

export interface VerlaufChange {
  /** Points gained (positive) or lost per level since the previous test. */
  points: { level: number; delta: number }[];
  assigned: { from: AssignedLevel; to: AssignedLevel; direction: 'up' | 'down' | 'same' };
}

/** 1, 2, 3, 'größer 3' as numbers, to compare assigned levels. */
export function assignedRank(level: AssignedLevel): number {
  return level === 'above-3' ? 4 : level;
}

/**
 * The Verlauf of one child (docs/product.md, Verlauf): its tests oldest first, each compared with
 * the one before in the same language. Tests after the current one (another results page opened later) are left out, so
 * a reopened older result shows the Verlauf up to that day.
 */
export function buildVerlauf(results: readonly LocalResult[], currentSubmissionId?: string): VerlaufEntry[] {
  const ordered = [...results].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  const end = ordered.findIndex((result) => result.submissionId === currentSubmissionId);
  const shown = end >= 0 ? ordered.slice(0, end + 1) : ordered;
  return shown.map((result, index) => {
    // A test ended early (docs/product.md §38) is neither compared nor compared with: the next
    // test compares with the newest one run to its end before it. Only in the same language: a
    // German test beside the home language is a bilingual profile, not a change (§44).
    const previous = result.endedEarly
      ? undefined
      : shown
          .slice(0, index)
          .filter((earlier) => !earlier.endedEarly && earlier.language === result.language)
          .at(-1);
    return {
      result,
      current: result.submissionId === currentSubmissionId,
      ...(previous ? { change: changeBetween(previous, result) } : {}),
    };
  });
}

export function changeBetween(previous: LocalResult, next: LocalResult): VerlaufChange {
  const from = previous.assignedLevel;
  const to = next.assignedLevel;
  const step = assignedRank(to) - assignedRank(from);
  return {
    points: next.levels.map((row) => ({
      level: row.level,
      delta: row.points - (previous.levels.find((old) => old.level === row.level)?.points ?? 0),
    })),
    assigned: { from, to, direction: step > 0 ? 'up' : step < 0 ? 'down' : 'same' },
  };
}
