import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { Question } from '../content/types';
import { SCREEN_BY_ANSWER_TYPE } from './screen-routing';
import { questionIds, serveQuestion } from './serve-question';
import {
  createAnswersSlice,
  createQueueSlice,
  createScreenSlice,
  createSessionSlice,
  type FlowActions,
  type Slice,
  type Store,
} from './slices';
import type { AnswerRecord } from './types';
import { makeUuid } from './uuid';

export const SESSION_STORAGE_KEY = 'zaehltest-session';

const createFlowActions =
  (questions: readonly Question[], storage: StateStorage<void>): Slice<FlowActions> =>
  (_set, get) => ({
    grantAccess: () => get().goTo('userdata'),
    startTest: (user) => {
      const s = get();
      s.setUser(user);
      s.setSubmissionId(makeUuid());
      s.clearAnswers();
      s.loadQueue(questionIds(questions));
      s.goTo('startscreen');
    },
    advance: () => {
      const s = get();
      const id = s.takeNext();
      if (id === null) {
        s.goTo('result');
        return;
      }
      s.goTo(SCREEN_BY_ANSWER_TYPE[serveQuestion(questions, id, s.user.language).answerType]);
    },
    currentQuestion: () => serveQuestion(questions, get().currentId, get().user.language),
    submitAnswer: (question, submission) => {
      const s = get();
      const record: AnswerRecord = {
        question: {
          id: question.id,
          level: question.level,
          answerType: question.answerType,
          currentTexts: question.currentTexts,
        },
        ...submission,
        answeredAt: new Date().toISOString(),
      };
      console.info('Antwort gespeichert', record);
      s.addAnswer(record);
      s.goTo('transition');
    },
    endSession: () => {
      const s = get();
      s.clearSession();
      s.clearAnswers();
      s.clearQueue();
      s.goTo('access');
      // Nothing of the child stays on the device once the session has ended.
      storage.removeItem(SESSION_STORAGE_KEY);
    },
  });

/**
 * localStorage that logs instead of throwing when it is full or forbidden (private mode, a storage
 * quota): the test goes on and the result is still uploaded; only a reload cannot resume it.
 */
function tolerantStorage(storage: () => Storage): StateStorage<void> {
  const attempt = <T>(action: string, run: () => T, fallback: T): T => {
    try {
      return run();
    } catch (error) {
      console.error(`Session storage: ${action} failed`, error);
      return fallback;
    }
  };
  return {
    getItem: (name) => attempt('reading', () => storage().getItem(name), null),
    setItem: (name, value) => attempt('saving', () => storage().setItem(name, value), undefined),
    removeItem: (name) => attempt('removing', () => storage().removeItem(name), undefined),
  };
}

/**
 * The one place the slices are combined and the only place with middleware: the running session
 * is persisted to localStorage so a reload or a reopened tab resumes where it stopped.
 */
export function createAppStore(questions: readonly Question[], storage: () => Storage = () => localStorage) {
  const sessionStorage = tolerantStorage(storage);
  return create<Store>()(
    persist(
      (...a) => ({
        ...createSessionSlice(...a),
        ...createQueueSlice(...a),
        ...createAnswersSlice(...a),
        ...createScreenSlice(...a),
        ...createFlowActions(questions, sessionStorage)(...a),
      }),
      {
        name: SESSION_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => sessionStorage),
        partialize: (s) => ({
          screen: s.screen,
          user: s.user,
          submissionId: s.submissionId,
          resultQueued: s.resultQueued,
          queue: s.queue,
          currentId: s.currentId,
          answers: s.answers,
        }),
      },
    ),
  );
}

export type AppStore = ReturnType<typeof createAppStore>;

/**
 * Keeps a second tab of the app on the same session: when another tab writes the session, this
 * one takes it over instead of overwriting it later with its older state; when another tab ends
 * it ('Zurück zum Start'), this one forgets the child too. Returns a function that stops following.
 */
export function followOtherTabs(
  store: AppStore,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
) {
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key !== SESSION_STORAGE_KEY && key !== null) return; // null: the other tab cleared all storage
    if (newValue !== null && newValue !== undefined) {
      void store.persist.rehydrate();
      return;
    }
    const s = store.getState();
    // Guarded, so the two tabs' removals cannot answer each other forever.
    if (s.submissionId !== null || s.screen !== 'access') s.endSession();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
