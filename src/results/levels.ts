import { LEVEL_THRESHOLD, SCORED_LEVELS, type ScoredLevel } from '../domain/facts';
import type { AnswerRecord } from '../store/types';

export interface LevelSummary {
  level: ScoredLevel;
  /** Correct answers of this level (1 point each). */
  points: number;
  /** Questions of this level that were answered. */
  questions: number;
  achieved: boolean;
}

/** The assigned level: 1..3, or 'above-3' when level 3 is achieved (shown as 'größer 3'). */
export type AssignedLevel = 1 | 2 | 3 | 'above-3';

export interface LevelResult {
  levels: LevelSummary[];
  total: { points: number; questions: number };
  assignedLevel: AssignedLevel;
}

/** True for a practice question: level 0 is never scored, shown or sent as a result. */
export function isPractice(answer: Pick<AnswerRecord, 'question'>): boolean {
  return answer.question.level === 0;
}

/**
 * Points per level, whether each level is achieved (correct ÷ questions ≥ 0.65) and the assigned
 * level (docs/product.md §28): highest achieved level + 1, 'größer 3' from 3 on, 1 when none is achieved.
 */
export function scoreLevels(answers: readonly AnswerRecord[]): LevelResult {
  const levels = SCORED_LEVELS.map((level): LevelSummary => {
    const ofLevel = answers.filter((answer) => answer.question.level === level);
    const points = ofLevel.filter((answer) => answer.correct).length;
    const questions = ofLevel.length;
    return { level, points, questions, achieved: isAchieved(points, questions) };
  });
  const total = levels.reduce(
    (sum, row) => ({ points: sum.points + row.points, questions: sum.questions + row.questions }),
    { points: 0, questions: 0 },
  );
  const highestAchieved = Math.max(0, ...levels.filter((row) => row.achieved).map((row) => row.level));
  const assignedLevel: AssignedLevel =
    highestAchieved >= 3 ? 'above-3' : ((highestAchieved + 1) as 1 | 2 | 3);
  return { levels, total, assignedLevel };
}

function isAtLeastThreshold(correct: number, questions: number): boolean {
  return correct * LEVEL_THRESHOLD.denominator >= questions * LEVEL_THRESHOLD.numerator;
}

/**
 * An unusual profile (docs/product.md §28): a level not achieved while a higher one is, e.g. level 1
 * at 1 of 7 with levels 2 and 3 achieved. The assigned level keeps its rule (research data depend on
 * it); the results page, the PDF and the Gruppenübersicht tell the profile as it is. `unmet` are the
 * levels not achieved below the highest achieved one, `achievedAbove` the achieved levels above the
 * lowest of them. Undefined for an ordinary profile.
 */
export interface UnusualProfile {
  unmet: ScoredLevel[];
  achievedAbove: ScoredLevel[];
}

export function unusualProfile(
  levels: readonly Pick<LevelSummary, 'level' | 'achieved'>[],
): UnusualProfile | undefined {
  const achieved = levels.filter((row) => row.achieved).map((row) => row.level);
  const highest = Math.max(0, ...achieved);
  const unmet = levels
    .filter((row) => !row.achieved && row.level < highest)
    .map((row) => row.level)
    .sort((a, b) => a - b);
  if (unmet.length === 0) return undefined;
  const achievedAbove = achieved.filter((level) => level > unmet[0]!).sort((a, b) => a - b);
  return { unmet, achievedAbove };
}

/** Whether `points` of `questions` achieve a level (the same rule as scoreLevels, for stored results). */
export function isAchieved(points: number, questions: number): boolean {
  return questions > 0 && isAtLeastThreshold(points, questions);
}
