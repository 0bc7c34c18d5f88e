import { GERMAN } from '../../schemas/test-languages';
import type { LocalResult } from './types';
import { assignedRank } from './verlauf';

/**
 * A bilingual profile (docs/product.md §44): a child tested in its home language and in German within
 * a few weeks. Two tests of one child code form a pair when one is in German and the other is not,
 * both ran to their end (a test ended early assigns no level) and their test days are at most
 * PAIR_DAYS apart. The results server pairs its results by the same rule (server/db/rows.ts).
 */
export const PAIR_DAYS = 56;

export interface BilingualPair {
  home: LocalResult;
  german: LocalResult;
  /** How the two assigned levels compare: German higher, lower or the same. */
  germanCompared: 'higher' | 'lower' | 'same';
}

const dayDistance = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/**
 * The pair `around` is part of: `around` and the test of the other side (German or not) nearest to
 * it within PAIR_DAYS, the later one when two are as near. Undefined when `around` ended early or no
 * such test exists. `results` are the child's tests (around among them or not).
 */
export function pairOf(results: readonly LocalResult[], around: LocalResult): BilingualPair | undefined {
  if (around.endedEarly) return undefined;
  const inGerman = around.language === GERMAN;
  const partner = results
    .filter(
      (other) =>
        other.submissionId !== around.submissionId &&
        other.childCode === around.childCode &&
        !other.endedEarly &&
        (other.language === GERMAN) !== inGerman &&
        dayDistance(other.testDate, around.testDate) <= PAIR_DAYS,
    )
    .sort(
      (a, b) =>
        dayDistance(a.testDate, around.testDate) - dayDistance(b.testDate, around.testDate) ||
        b.finishedAt.localeCompare(a.finishedAt),
    )[0];
  if (!partner) return undefined;
  const [home, german] = inGerman ? [partner, around] : [around, partner];
  const step = assignedRank(german.assignedLevel) - assignedRank(home.assignedLevel);
  return { home, german, germanCompared: step > 0 ? 'higher' : step < 0 ? 'lower' : 'same' };
}

/** The pair of the child's newest test run to its end, if it has one (the Gruppenübersicht, the Verlauf). */
export function latestPair(results: readonly LocalResult[]): BilingualPair | undefined {
  const newest = [...results]
    .filter((result) => !result.endedEarly)
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))
    .at(-1);
  return newest ? pairOf(results, newest) : undefined;
}
