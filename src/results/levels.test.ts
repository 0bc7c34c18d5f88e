import { describe, expect, it } from 'vitest';
import { isAchieved, scoreLevels, unusualProfile } from './levels';
import { answer, fullRun } from './test-fixtures';

/** `correct` right answers and `wrong` wrong ones, all on `level` (ids are irrelevant here). */
function onLevel(level: number, correct: number, wrong: number) {
  return Array.from({ length: correct + wrong }, (_, index) => {
    const record = answer(100 + index, index < correct);
    return { ...record, question: { ...record.question, level } };
  });
}

describe('scoreLevels', () => {
  it('counts one point per correct answer and leaves practice questions out', () => {
    const result = scoreLevels(fullRun([1, 2, 3, 7, 9, 10, 17]));
    expect(result.levels).toEqual([
      { level: 1, points: 3, questions: 7, achieved: false },
      { level: 2, points: 1, questions: 7, achieved: false },
      { level: 3, points: 1, questions: 7, achieved: false },
    ]);
    expect(result.total).toEqual({ points: 5, questions: 21 });
  });

  it('achieves a level with 5 of 7 (0.714) but not with 4 of 7 (0.571)', () => {
    expect(scoreLevels(onLevel(1, 5, 2)).levels[0]?.achieved).toBe(true);
    expect(scoreLevels(onLevel(1, 4, 3)).levels[0]?.achieved).toBe(false);
  });

  it('achieves a level at exactly 0.65 and not one answer below it', () => {
    expect(scoreLevels(onLevel(1, 13, 7)).levels[0]?.achieved).toBe(true);
    expect(scoreLevels(onLevel(1, 12, 8)).levels[0]?.achieved).toBe(false);
    expect(scoreLevels(onLevel(2, 26, 14)).levels[1]?.achieved).toBe(true);
    expect(scoreLevels(onLevel(2, 64, 36)).levels[1]?.achieved).toBe(false);
    expect(scoreLevels(onLevel(3, 65, 35)).levels[2]?.achieved).toBe(true);
  });

  it('does not achieve a level without questions', () => {
    expect(scoreLevels([]).levels.every((row) => !row.achieved && row.questions === 0)).toBe(true);
  });

  it('assigns level 1 when none is achieved', () => {
    expect(scoreLevels(fullRun([])).assignedLevel).toBe(1);
  });

  it('assigns the highest achieved level plus one', () => {
    const level1 = [1, 2, 3, 4, 5];
    expect(scoreLevels(fullRun(level1)).assignedLevel).toBe(2);
    expect(scoreLevels(fullRun([...level1, 10, 11, 12, 13, 14])).assignedLevel).toBe(3);
    // Level 2 achieved while level 1 is not: the highest achieved level counts.
    expect(scoreLevels(fullRun([10, 11, 12, 13, 14])).assignedLevel).toBe(3);
  });

  it("assigns 'größer 3' when level 3 is achieved", () => {
    expect(scoreLevels(fullRun([17, 18, 19, 20, 21])).assignedLevel).toBe('above-3');
    expect(scoreLevels(fullRun(Array.from({ length: 23 }, (_, i) => i + 1))).assignedLevel).toBe('above-3');
  });
});

describe('unusualProfile', () => {
  const levels = (achieved: [boolean, boolean, boolean]) =>
    achieved.map((value, index) => ({ level: (index + 1) as 1 | 2 | 3, achieved: value }));

  it('is absent for every ordinary profile: levels reached from the bottom up', () => {
    for (const achieved of [
      [false, false, false],
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ] as const) {
      expect(unusualProfile(levels([...achieved])), String(achieved)).toBeUndefined();
    }
  });

  it('names the levels not reached below a reached one and the reached ones above', () => {
    expect(unusualProfile(levels([false, true, true]))).toEqual({ unmet: [1], achievedAbove: [2, 3] });
    expect(unusualProfile(levels([true, false, true]))).toEqual({ unmet: [2], achievedAbove: [3] });
    expect(unusualProfile(levels([false, false, true]))).toEqual({ unmet: [1, 2], achievedAbove: [3] });
    expect(unusualProfile(levels([false, true, false]))).toEqual({ unmet: [1], achievedAbove: [2] });
  });

  it("keeps the assigned level's rule for issue 35's child (1 of 7, 7 of 7, 5 of 7)", () => {
    const result = scoreLevels(fullRun([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]));
    expect(result.levels.map((row) => row.points)).toEqual([1, 7, 5]);
    expect(result.assignedLevel).toBe('above-3');
    expect(unusualProfile(result.levels)).toEqual({ unmet: [1], achievedAbove: [2, 3] });
  });

  it('reads stored per-level points with the same 65 % rule', () => {
    expect(isAchieved(5, 7)).toBe(true);
    expect(isAchieved(4, 7)).toBe(false);
    expect(isAchieved(0, 0)).toBe(false);
  });
});
