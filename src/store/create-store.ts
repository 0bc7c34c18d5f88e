import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
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
  (questions: readonly Question[], storage: () => Storage): Slice<FlowActions> =>
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
      storage().removeItem(SESSION_STORAGE_KEY);
    },
  });

/**
 * The one place the slices are combined and the only place with middleware: the running session
 * is persisted to localStorage so a reload or a reopened tab resumes where it stopped.
 */
export function createAppStore(questions: readonly Question[], storage: () => Storage = () => localStorage) {
  return create<Store>()(
    persist(
      (...a) => ({
        ...createSessionSlice(...a),
        ...createQueueSlice(...a),
        ...createAnswersSlice(...a),
        ...createScreenSlice(...a),
        ...createFlowActions(questions, storage)(...a),
      }),
      {
        name: SESSION_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(storage),
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
