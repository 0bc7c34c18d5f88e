import type { Texts } from '../content/types';
import {
  PRACTICE_QUESTION_IDS,
  PRACTICE_TYPES,
  SCORED_QUESTION_LEVELS,
  type ScoredQuestionId,
} from '../domain/facts';
import type { AnswerRecord, UserData } from '../store/types';

/** Level of a question of the content blueprint (docs/product.md §25): 0 for the practice ones. */
const blueprintLevel = (id: number): number =>
  SCORED_QUESTION_LEVELS[id as ScoredQuestionId] ?? (PRACTICE_QUESTION_IDS.includes(id as 7 | 9) ? 0 : 1);

/** The blueprint's practice questions: question 7 practises moving dots, 9 a flashed picture. */
const PRACTICE_TYPE_OF: Record<number, AnswerRecord['question']['answerType']> = {
  [PRACTICE_QUESTION_IDS[0]]: PRACTICE_TYPES[0],
  [PRACTICE_QUESTION_IDS[1]]: PRACTICE_TYPES[1],
};

/** One answer record as the flow would store it; texts say which question they belong to. */
export function answer(id: number, correct: boolean, extra: Partial<AnswerRecord> = {}): AnswerRecord {
  const currentTexts: Texts = { situationText: `Situation ${id}`, questionText: `Frage ${id}` };
  return {
    question: {
      id,
      level: blueprintLevel(id),
      answerType: PRACTICE_TYPE_OF[id] ?? 'TextInput',
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
