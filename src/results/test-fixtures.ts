import type { Texts } from '../content/types';
import type { AnswerRecord, UserData } from '../store/types';

/** Levels of the 23 questions of the content blueprint (docs/product.md §25), by id. */
export const BLUEPRINT_LEVELS: Record<number, number> = {
  1: 1,
  2: 1,
  3: 1,
  4: 1,
  5: 1,
  6: 1,
  7: 0,
  8: 1,
  9: 0,
  10: 2,
  11: 2,
  12: 2,
  13: 2,
  14: 2,
  15: 2,
  16: 2,
  17: 3,
  18: 3,
  19: 3,
  20: 3,
  21: 3,
  22: 3,
  23: 3,
};

const PRACTICE_TYPES: Record<number, AnswerRecord['question']['answerType']> = {
  7: 'MoveDotsExample',
  9: 'TimerImageExample',
};

/** One answer record as the flow would store it; texts say which question they belong to. */
export function answer(id: number, correct: boolean, extra: Partial<AnswerRecord> = {}): AnswerRecord {
  const currentTexts: Texts = { situationText: `Situation ${id}`, questionText: `Frage ${id}` };
  return {
    question: {
      id,
      level: BLUEPRINT_LEVELS[id] ?? 1,
      answerType: PRACTICE_TYPES[id] ?? 'TextInput',
      currentTexts,
    },
    givenAnswer: correct ? '1' : '0',
    correct,
    responseTimeMs: 2400,
    answeredAt: '2026-11-22T08:00:00.000Z',
    ...extra,
  };
}

/** All 23 answers, correct exactly for the given ids. */
export function fullRun(correctIds: readonly number[]): AnswerRecord[] {
  return Array.from({ length: 23 }, (_, index) => answer(index + 1, correctIds.includes(index + 1)));
}

export const USER: UserData = {
  name: 'Ayşe Yılmaz',
  birthdate: '2019-03-07',
  school: 'Grundschule',
  schoolLevel: '1',
  language: 'tr',
};
