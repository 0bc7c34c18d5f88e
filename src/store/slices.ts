import type { StateCreator } from 'zustand';
import type { AnswerSubmission } from '../answer-types/types';
import type { ServedQuestion } from '../content/types';
import type { EndReason, Understanding } from '../domain/facts.ts';
import { PRACTICE_WRONG_TRIES_BEFORE_GO_ON } from '../domain/facts.ts';
import type { UpdatesSnapshot } from '../updates/snapshot';
import type { AnswerRecord, EndedEarly, FlashRecord, PracticeRecord, Screen, UserData } from './types';

export interface SessionSlice {
  user: UserData;
  /** Made at 'Test beginnen'; a repeated upload of the same result is stored once. */
  submissionId: string | null;
  resultQueued: boolean;
  /** The German line for the educator on question screens ('Hinweise für Sie anzeigen'). */
  educatorLine: boolean;
  /** The results PDF of this session has been saved ('Zurück zum Start' asks until it is). */
  pdfSaved: boolean;
  /** 'Test beenden' ended this test early, with its reason (docs/product.md §38); null otherwise. */
  endedEarly: EndedEarly | null;
  /**
   * Whether the child understood the spoken language, recorded on the start screen after the
   * sound check (docs/product.md §39); null until the educator answers.
   */
  understanding: Understanding | null;
  /**
   * The native review's corrections and recordings this test runs with, taken at 'Test beginnen'
   * (docs/product.md §50); null before a test and in sessions saved before it existed.
   */
  updates: UpdatesSnapshot | null;
  /**
   * The Einrichtung this test is taken for, noted at 'Test beginnen' (docs/product.md, enrolled
   * tablets): a tablet moved to another Kita later still sends this result under this one.
   */
  site: string | null;
  setUser(user: UserData): void;
  setUpdates(updates: UpdatesSnapshot | null): void;
  setEndedEarly(endedEarly: EndedEarly | null): void;
  setUnderstanding(understanding: Understanding): void;
  setEducatorLine(shown: boolean): void;
  markPdfSaved(): void;
  /** A new test: its id, and the Einrichtung it is taken for. */
  setSubmissionId(id: string | null, site?: string | null): void;
  /** The result of this session is stored for upload; ignored if the session has changed since. */
  markResultQueued(submissionId: string): void;
  clearSession(): void;
}

export interface QueueSlice {
  /** Ids of the questions not served yet, in order. Ids, not texts, so a resume re-serves them. */
  queue: number[];
  /** Id of the question on screen (kept through the following transition). */
  currentId: number | null;
  loadQueue(ids: readonly number[]): void;
  clearQueue(): void;
  /** Removes the first id from the queue and makes it current; null when the queue is empty. */
  takeNext(): number | null;
}

export interface AnswersSlice {
  answers: AnswerRecord[];
  addAnswer(answer: AnswerRecord): void;
  clearAnswers(): void;
}

export interface FlashSlice {
  flash: FlashRecord | null;
  /** Called before the pictures show (so a reload during the flash knows it started). */
  flashStarted(questionId: number): void;
  flashMeasured(questionId: number, exposureMs: number): void;
  clearFlash(): void;
}

export interface PracticeSlice {
  practice: PracticeRecord | null;
  /** A wrong try of a practice question: counted, and kept as the one 'Weiter' would record. */
  practiceMissed(questionId: number, wrong: AnswerSubmission): void;
  clearPractice(): void;
}

export interface ScreenSlice {
  screen: Screen;
  /** The last test was cancelled: the access screen says it was discarded and nothing sent (not saved). */
  testCancelled: boolean;
  goTo(screen: Screen): void;
  setTestCancelled(cancelled: boolean): void;
}

/** Actions that span slices; they write only through the slices' own actions. */
export interface FlowActions {
  /** Access granted: on to the child's details. */
  grantAccess(): void;
  /** 'Test beginnen': sets the user and language, clears earlier answers, reloads the queue. */
  startTest(user: UserData): void;
  /** After the transition: serve the next question, or the result when none remains. */
  advance(): void;
  /** The question currently on screen, in the child's language. */
  currentQuestion(): ServedQuestion;
  submitAnswer(question: ServedQuestion, submission: AnswerSubmission): void;
  /**
   * 'Weiter' in the educator's bar on a practice question after its second wrong try
   * (docs/product.md §6): records the practice as skipped, with its wrong tries and the last of
   * them, and goes on. Does nothing where 'Weiter' is not offered.
   */
  skipPractice(): void;
  /**
   * Hands the finished result to the upload outbox, once per finished test: `resultQueued` (which
   * survives reloads) is set only when the outbox has it in IndexedDB. A result the outbox could
   * keep in memory only is queued again after a reload, from the session; the server stores it once.
   */
  queueResult(): Promise<void>;
  /** 'Zurück zum Start': forgets the whole session, back to the access screen. */
  endSession(): void;
  /** 'Gruppenübersicht' on the details screen (behind the passphrase like every screen after it). */
  openOverview(): void;
  /** 'Zurück zu den Angaben' on the Gruppenübersicht. */
  closeOverview(): void;
  /** 'Zurück' on 'Bist du bereit?': back to the child's details, as entered. */
  backToDetails(): void;
  /** 'Test abbrechen': the session is discarded and nothing is sent (the outbox is not touched). */
  cancelTest(): void;
  /**
   * 'Test beenden' (docs/product.md §38): the test ends at once with its reason, keeping the answers
   * given, and goes to the results page, which keeps and sends it like any result. Does nothing
   * outside a running test (before 'Start' nothing was asked, after the last question it is over).
   */
  endTestEarly(reason: EndReason): void;
  /** Position of the question on screen in the test ('Frage 7 von 23'). */
  progress(): { position: number; total: number };
}

export type Store = SessionSlice &
  QueueSlice &
  AnswersSlice &
  FlashSlice &
  PracticeSlice &
  ScreenSlice &
  FlowActions;
export type Slice<T> = StateCreator<Store, [], [], T>;

/**
 * No child yet: the details before the educator entered them. The language is empty here: the 'Kind'
 * form starts with the pack marked `default: true` (src/content/languages.ts, docs/product.md), and
 * the store stays free of the content, which the test configuration imports through src/contract.ts.
 */
export const DEFAULT_USER: UserData = {
  name: '',
  birthdate: '',
  school: 'Kita',
  schoolLevel: '',
  language: '',
};

export const createSessionSlice: Slice<SessionSlice> = (set, get) => ({
  user: DEFAULT_USER,
  submissionId: null,
  resultQueued: false,
  educatorLine: true,
  pdfSaved: false,
  endedEarly: null,
  understanding: null,
  updates: null,
  site: null,
  setUser: (user) => set({ user }),
  setUpdates: (updates) => set({ updates }),
  setEndedEarly: (endedEarly) => set({ endedEarly }),
  setUnderstanding: (understanding) => set({ understanding }),
  setEducatorLine: (educatorLine) => set({ educatorLine }),
  markPdfSaved: () => set({ pdfSaved: true }),
  setSubmissionId: (submissionId, site = null) =>
    // A new test (after 'Test beginnen', perhaps in another language) asks about understanding again.
    set({ submissionId, site, resultQueued: false, pdfSaved: false, endedEarly: null, understanding: null }),
  markResultQueued: (submissionId) => {
    if (get().submissionId === submissionId) set({ resultQueued: true });
  },
  clearSession: () =>
    set({
      user: DEFAULT_USER,
      submissionId: null,
      resultQueued: false,
      educatorLine: true,
      pdfSaved: false,
      endedEarly: null,
      understanding: null,
      updates: null,
      site: null,
    }),
});

export const createQueueSlice: Slice<QueueSlice> = (set, get) => ({
  queue: [],
  currentId: null,
  loadQueue: (ids) => set({ queue: [...ids], currentId: null }),
  clearQueue: () => set({ queue: [], currentId: null }),
  takeNext: () => {
    const [next, ...rest] = get().queue;
    if (next === undefined) {
      set({ currentId: null });
      return null;
    }
    set({ queue: rest, currentId: next });
    return next;
  },
});

export const createAnswersSlice: Slice<AnswersSlice> = (set, get) => ({
  answers: [],
  addAnswer: (answer) => set({ answers: [...get().answers, answer] }),
  clearAnswers: () => set({ answers: [] }),
});

export const createFlashSlice: Slice<FlashSlice> = (set, get) => ({
  flash: null,
  flashStarted: (questionId) => {
    const flash = get().flash;
    set({
      flash:
        flash?.questionId === questionId
          ? { ...flash, shown: flash.shown + 1 }
          : { questionId, shown: 1, exposuresMs: [] },
    });
  },
  flashMeasured: (questionId, exposureMs) => {
    const flash = get().flash;
    if (flash?.questionId === questionId)
      set({ flash: { ...flash, exposuresMs: [...flash.exposuresMs, exposureMs] } });
  },
  clearFlash: () => set({ flash: null }),
});

export const createPracticeSlice: Slice<PracticeSlice> = (set, get) => ({
  practice: null,
  practiceMissed: (questionId, wrong) => {
    const practice = get().practice;
    const wrongTries = practice?.questionId === questionId ? practice.wrongTries + 1 : 1;
    set({ practice: { questionId, wrongTries, last: wrong } });
  },
  clearPractice: () => set({ practice: null }),
});

/** Whether 'Weiter' is offered: the practice question on screen was answered wrong twice or more. */
export function mayGoOnFromPractice(state: Pick<Store, 'practice' | 'currentId'>): boolean {
  const { practice, currentId } = state;
  return (
    practice !== null &&
    practice.questionId === currentId &&
    practice.wrongTries >= PRACTICE_WRONG_TRIES_BEFORE_GO_ON
  );
}

export const createScreenSlice: Slice<ScreenSlice> = (set) => ({
  screen: 'access',
  testCancelled: false,
  goTo: (screen) => set({ screen }),
  setTestCancelled: (testCancelled) => set({ testCancelled }),
});
