import { SCORED_QUESTION_LEVELS } from '../domain/facts';
import type { AssignedLevel } from '../results/levels';
import type { Child, LocalResult } from './types';

/** A child of the device for tests and the bench. */
export function child(overrides: Partial<Child> = {}): Child {
  return {
    code: 'K7M3QX',
    name: 'Ayşe Yılmaz',
    birthDate: '2020-03-07',
    school: 'Kita',
    schoolLevel: '',
    language: 'tr',
    createdAt: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

/** A local result with the given points on levels 1, 2, 3 (7 questions each). */
export function result(
  childCode: string,
  testDate: string,
  points: [number, number, number],
  submissionId = `${childCode}-${testDate}`,
): LocalResult {
  const levels = points.map((p, index) => ({
    level: (index + 1) as 1 | 2 | 3,
    points: p,
    questions: 7,
    achieved: p * 20 >= 7 * 13,
  }));
  const highest = Math.max(0, ...levels.filter((row) => row.achieved).map((row) => row.level));
  const assignedLevel: AssignedLevel = highest >= 3 ? 'above-3' : ((highest + 1) as 1 | 2 | 3);
  return {
    submissionId,
    childCode,
    testDate,
    finishedAt: `${testDate}T09:30:00.000Z`,
    language: 'tr',
    levels,
    assignedLevel,
    answers: answersFor(points),
  };
}

/** Stored answers giving these points: the first questions of each level right, the rest wrong. */
function answersFor(points: readonly number[]): LocalResult['answers'] {
  const seen = [0, 0, 0];
  return Object.entries(SCORED_QUESTION_LEVELS).map(([id, level]) => {
    const index = level - 1;
    const correct = seen[index]! < points[index]!;
    seen[index]!++;
    return { question: Number(id), correct, given: correct ? 'richtig' : 'falsch' };
  });
}
