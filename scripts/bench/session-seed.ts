import type { Page } from 'playwright-core';
import type { QuestionSource } from '../../schemas/question.ts';
import {
  type AnswerRecord,
  DEFAULT_USER,
  type SavedSession,
  SESSION_STORAGE_KEY,
  screenFor,
  type UserData,
} from '../../src/contract.ts';
import { persistedSession } from '../../tests/support/flow.ts';

export { SESSION_STORAGE_KEY };

const BENCH_USER: UserData = { ...DEFAULT_USER, name: 'Bench Kind', birthdate: '2020-05-17' };

const persisted = (state: Partial<SavedSession>) => persistedSession({ user: BENCH_USER, ...state });

/** A session that resumes on the screen of question `id`, as a reload in the middle of a test does. */
export function sessionAtQuestion(questions: readonly QuestionSource[], id: number): string {
  const question = questions.find((q) => q.id === id);
  if (!question) throw new Error(`no question with id ${id}`);
  return persisted({
    screen: screenFor(question.answerType),
    currentId: id,
    queue: questions.map((q) => q.id).filter((other) => other > id),
  });
}

/**
 * A session in the transition before question `id`, as after answering the one before it; the
 * question's screen follows the transition.
 */
export function sessionBeforeQuestion(questions: readonly QuestionSource[], id: number): string {
  return persisted({
    screen: 'transition',
    queue: questions.map((q) => q.id).filter((other) => other >= id),
  });
}

/** A session finished a moment ago with every question answered right, on the results screen. */
export function finishedSession(questions: readonly QuestionSource[]): string {
  const language = BENCH_USER.language;
  const answers: AnswerRecord[] = questions.map((q, i) => ({
    question: { id: q.id, level: q.level, answerType: q.answerType, currentTexts: q.texts[language]! },
    givenAnswer: String(q.correctAnswer),
    correct: true,
    responseTimeMs: 3000 + i * 100,
    ...('timerInterval' in q ? { exposureMs: q.timerInterval, pageHiddenDuringExposure: false } : {}),
    // Finished just now: a finished session older than 12 hours is cleared on load (docs/product.md §20).
    answeredAt: new Date(Date.now() - (questions.length - i) * 20_000).toISOString(),
  }));
  return persisted({ screen: 'result', answers, resultQueued: true });
}

/** Stores `session` as the app's persisted session; the app resumes it on its next load. */
export async function seedSession(page: Page, session: string): Promise<void> {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_STORAGE_KEY,
    value: session,
  });
}
