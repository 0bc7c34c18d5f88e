import type { Page } from 'playwright-core';
import { DEFAULT_USER } from '../../src/store/slices.ts';
import type { AnswerRecord } from '../../src/store/types.ts';
import {
  type ContentQuestion,
  DEFAULT_LANGUAGE,
  loadQuestions,
  persistedSession,
  reloadAndUnlock,
  STORAGE_KEY,
  type StoredSession,
  waitForScreen,
} from './flow.ts';

/**
 * The state a browser test starts from, put in place through the app's own storage (a whole run
 * through the 23 questions is the subject of tests/flow.test.ts and tests/engines/whole-test.test.ts,
 * not the way to reach a results page; docs/testing.md).
 */

const questions = loadQuestions();

export interface FinishedOptions {
  language?: string;
  submissionId?: string;
  user?: Partial<StoredSession['user']>;
  /** Question ids answered wrongly (the rest correctly). */
  wrong?: ReadonlySet<number>;
  /** When the answers were given; by default an hour ago (a finished test stays 12 hours). */
  answeredAt?: string;
  /** Fields of every answer record beside the defaults (e.g. how the prompt was delivered). */
  answer?: (question: ContentQuestion) => Partial<AnswerRecord>;
}

/** A finished test as the app persists it: every question answered, the results page next. */
export function finishedSession(options: FinishedOptions = {}): StoredSession {
  const language = options.user?.language ?? options.language ?? DEFAULT_LANGUAGE;
  const wrong = options.wrong ?? new Set<number>();
  const answeredAt = options.answeredAt ?? new Date(Date.now() - 60 * 60 * 1000).toISOString();
  return {
    screen: 'result',
    queue: [],
    currentId: null,
    submissionId: options.submissionId ?? crypto.randomUUID(),
    resultQueued: false,
    user: {
      ...DEFAULT_USER,
      name: 'Ayşe Yılmaz',
      birthdate: '2019-03-07',
      school: 'Grundschule',
      schoolLevel: '1',
      ...options.user,
      language,
    },
    answers: questions.map((q) => ({
      question: { id: q.id, level: q.level, answerType: q.answerType, currentTexts: q.texts[language]! },
      givenAnswer: String(wrong.has(q.id) ? q.correctAnswer + 1 : q.correctAnswer),
      correct: !wrong.has(q.id),
      responseTimeMs: 1800 + q.id * 100,
      ...(q.answerType.startsWith('Timer') || q.answerType === 'ImageCompare'
        ? { exposureMs: 1500, pageHiddenDuringExposure: false }
        : {}),
      answeredAt,
      ...options.answer?.(q),
    })),
  };
}

/**
 * Opens the app at `baseURL`, stores `state` as the device's session and reloads behind the
 * passphrase: the page continues where the state says (the results page for a finished test).
 */
export async function openSeeded(page: Page, baseURL: string, state: Partial<StoredSession>): Promise<void> {
  await page.goto(`${baseURL}/`);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEY,
    value: persistedSession(state),
  });
  await reloadAndUnlock(page);
  // The transition moves on by itself after 500 ms: the caller waits for the question after it.
  if (state.screen && state.screen !== 'transition') await waitForScreen(page, state.screen);
}
