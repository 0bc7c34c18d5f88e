import { contentVersion } from 'virtual:zaehltest-content';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { Question } from '../content/types';
import { buildResultPayload } from '../results/payload';
import { readSite } from '../settings/site';
import { earlierDataLocked, isUnlocked, onUnlock, sealTextNow, unsealTextNow } from '../storage/sealed';
import { activateSnapshot, snapshotForTest } from '../updates/active';
import { onEarlierSessionResumed } from './earlier-session';
import { screenFor } from './screen-routing';
import { questionIds, serveQuestion } from './serve-question';
import {
  parseSessionEnvelope,
  SESSION_ENVELOPE_FORMAT,
  SESSION_FORMAT_VERSION,
  SESSION_STORAGE_KEY,
  type SessionEnvelope,
  setStoredSessionAside,
} from './session-key';
import {
  createAnswersSlice,
  createFlashSlice,
  createPracticeSlice,
  createQueueSlice,
  createScreenSlice,
  createSessionSlice,
  type FlowActions,
  mayGoOnFromPractice,
  type Slice,
  type Store,
} from './slices';
import { createTabGuard, type TabGuard } from './tab-guard';
import type { AnswerRecord, SavedSession } from './types';
import { makeUuid } from './uuid';

export { SESSION_STORAGE_KEY };

const createFlowActions =
  (questions: readonly Question[], storage: StateStorage<void>): Slice<FlowActions> =>
  (_set, get) => ({
    grantAccess: () => {
      get().setTestCancelled(false);
      get().goTo('userdata');
    },
    startTest: (user) => {
      const s = get();
      s.setUser(user);
      s.setSubmissionId(makeUuid(), readSite() ?? null);
      // Nothing the child hears or reads changes during the test (docs/product.md §50).
      s.setUpdates(snapshotForTest(user.language));
      s.clearAnswers();
      s.loadQueue(questionIds(questions));
      s.goTo('startscreen');
    },
    advance: () => {
      const s = get();
      s.clearFlash();
      s.clearPractice();
      const id = s.takeNext();
      if (id === null) {
        s.goTo('result');
        return;
      }
      s.goTo(screenFor(serveQuestion(questions, id, s.user.language, s.updates).answerType));
    },
    currentQuestion: () => serveQuestion(questions, get().currentId, get().user.language, get().updates),
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
    skipPractice: () => {
      const s = get();
      const { practice } = s;
      if (!practice || !mayGoOnFromPractice(s)) return;
      console.info('Übung mit „Weiter“ beendet', {
        questionId: practice.questionId,
        tries: practice.wrongTries,
      });
      // Recorded once, however quickly 'Weiter' is tapped again before the bar hides it.
      s.clearPractice();
      s.submitAnswer(s.currentQuestion(), {
        ...practice.last,
        correct: false,
        tries: practice.wrongTries,
        skipped: true,
      });
    },
    queueResult: async () => {
      const { resultQueued, submissionId, user, answers, endedEarly, understanding, updates, site } = get();
      if (resultQueued || !submissionId) return;
      // The outbox (with idb) loads with the results page, not with the first screen.
      const { startOutbox } = await import('../results/outbox');
      const durable = await startOutbox().enqueue(
        // A session saved before the site was noted sends the device's Einrichtung as before.
        buildResultPayload(
          submissionId,
          user,
          answers,
          contentVersion,
          site ?? undefined,
          endedEarly,
          understanding,
          updates?.counts,
        ),
      );
      if (durable) get().markResultQueued(submissionId);
    },
    endSession: () => {
      const s = get();
      s.clearSession();
      s.clearAnswers();
      s.clearQueue();
      s.clearFlash();
      s.clearPractice();
      s.goTo('access');
      // Nothing of the child stays on the device once the session has ended.
      storage.removeItem(SESSION_STORAGE_KEY);
    },
    openOverview: () => get().goTo('overview'),
    closeOverview: () => get().goTo('userdata'),
    backToDetails: () => get().goTo('userdata'),
    cancelTest: () => {
      console.info('Test abgebrochen', { answered: get().answers.length });
      // Before the session ends: it removes the saved session last, and this flag is never saved.
      get().setTestCancelled(true);
      get().endSession();
    },
    endTestEarly: (reason) => {
      const s = get();
      if (s.screen === 'result' || s.currentId === null || !s.submissionId) return;
      const lastQuestion = s.progress().position;
      console.info('Test vorzeitig beendet', { reason, lastQuestion, answered: s.answers.length });
      s.setEndedEarly({ reason, lastQuestion, endedAt: new Date().toISOString() });
      s.clearFlash();
      s.clearPractice();
      s.clearQueue();
      s.goTo('result');
    },
    progress: () => {
      const { currentId, queue } = get();
      const ids = questionIds(questions);
      const index = currentId === null ? -1 : ids.indexOf(currentId);
      // An id the content no longer has (the error question): counted by what is left.
      return { position: index >= 0 ? index + 1 : ids.length - queue.length, total: ids.length };
    },
  });

/**
 * The session as stored: zustand's JSON sealed under the device's key (synchronously, so a reload
 * right after an answer finds it), beside the plain facts the first screen reads before the
 * passphrase (see session-key.ts). Throws while the device is locked: nothing is written unsealed.
 */
export function sealSession(value: string): string {
  const { state } = JSON.parse(value) as { state: Partial<SavedSession> };
  const envelope: SessionEnvelope = {
    format: SESSION_ENVELOPE_FORMAT,
    meta: {
      screen: state.screen,
      resultQueued: state.resultQueued,
      finishedAt: state.answers?.at(-1)?.answeredAt ?? state.endedEarly?.endedAt,
    },
    sealed: sealTextNow(value),
  };
  return JSON.stringify(envelope);
}

/** Zustand's JSON of a stored session; a plain one (format 1, before the encryption) as it is. */
export function openSession(raw: string | null): string | null {
  if (raw === null) return null;
  const envelope = parseSessionEnvelope(raw);
  return envelope ? unsealTextNow(envelope.sealed) : raw;
}

/**
 * localStorage that logs instead of throwing when it is full or forbidden (private mode, a storage
 * quota): the test goes on and the result is still uploaded; only a reload cannot resume it.
 */
function tolerantStorage(storage: () => Storage, guard?: Pick<TabGuard, 'isPassive'>): StateStorage<void> {
  const attempt = <T>(action: string, run: () => T, fallback: T): T => {
    try {
      return run();
    } catch (error) {
      console.error(`Session storage: ${action} failed`, error);
      return fallback;
    }
  };
  // A passive tab (another tab runs the session) never writes it.
  const mayWrite = () => !guard?.isPassive() && !keptForEarlierKey;
  // A stored session sealed under a key still locked (an earlier passphrase of the Einrichtung,
  // docs/product.md §51) that could not be set aside: never overwritten; this page's test runs
  // without being saved, as when the storage is full.
  let keptForEarlierKey = false;
  const read = (name: string) => {
    const raw = storage().getItem(name);
    try {
      return openSession(raw);
    } catch (error) {
      if (!earlierDataLocked()) throw error;
      // It waits under its own key until that passphrase is typed (earlier-session.ts).
      keptForEarlierKey = !setStoredSessionAside(storage);
      return null;
    }
  };
  return {
    getItem: (name) => attempt('reading', () => read(name), null),
    setItem: (name, value) => {
      // Before the passphrase there is only the initial state, and no key to seal it with.
      if (!isUnlocked()) return;
      if (mayWrite()) attempt('saving', () => storage().setItem(name, sealSession(value)), undefined);
    },
    removeItem: (name) => {
      if (mayWrite()) attempt('removing', () => storage().removeItem(name), undefined);
    },
  };
}

/**
 * The one place the slices are combined and the only place with middleware: the running session
 * is persisted to localStorage so a reload or a reopened tab resumes where it stopped.
 */
export function createAppStore(
  questions: readonly Question[],
  storage: () => Storage = () => localStorage,
  guard?: Pick<TabGuard, 'isPassive'>,
) {
  const persisted = tolerantStorage(storage, guard);
  const store = create<Store>()(
    persist(
      (...a) => ({
        ...createSessionSlice(...a),
        ...createQueueSlice(...a),
        ...createAnswersSlice(...a),
        ...createFlashSlice(...a),
        ...createPracticeSlice(...a),
        ...createScreenSlice(...a),
        ...createFlowActions(questions, persisted)(...a),
      }),
      {
        name: SESSION_STORAGE_KEY,
        version: SESSION_FORMAT_VERSION,
        storage: createJSONStorage(() => persisted),
        partialize: (s): SavedSession => ({
          screen: s.screen,
          user: s.user,
          submissionId: s.submissionId,
          resultQueued: s.resultQueued,
          educatorLine: s.educatorLine,
          pdfSaved: s.pdfSaved,
          queue: s.queue,
          currentId: s.currentId,
          answers: s.answers,
          flash: s.flash,
          practice: s.practice,
          endedEarly: s.endedEarly,
          understanding: s.understanding,
          updates: s.updates,
          site: s.site,
        }),
        // The stored session is sealed: it is read once the passphrase has opened the key.
        skipHydration: !isUnlocked(),
      },
    ),
  );
  // The test's snapshot is in effect wherever texts and recordings are looked up (docs/product.md §50).
  activateSnapshot(store.getState().updates);
  store.subscribe((state) => activateSnapshot(state.updates));
  if (!isUnlocked()) {
    onUnlock(() => {
      const raw = attemptRead(storage);
      void store.persist.rehydrate();
      // A session stored in plain text by the release before the encryption is sealed at once.
      if (raw !== null && !parseSessionEnvelope(raw)) store.setState({});
    });
  }
  return store;
}

function attemptRead(storage: () => Storage): string | null {
  try {
    return storage().getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export type AppStore = ReturnType<typeof createAppStore>;
type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Replaces the state in memory with the stored session, or with a fresh start when there is none. */
async function adoptStoredSession(store: AppStore): Promise<void> {
  const stored = await store.persist.getOptions().storage?.getItem(SESSION_STORAGE_KEY);
  if (stored) await store.persist.rehydrate();
  else store.setState(store.getInitialState(), true);
}

/**
 * 'Hier weitermachen' in a passive tab (see tab-guard.ts): this tab becomes the one that runs the
 * session and continues where the other tab stopped, or at the start if it ended the session.
 */
export async function takeOverSession(store: AppStore, guard: TabGuard): Promise<void> {
  guard.claim();
  await adoptStoredSession(store);
}

/**
 * While this tab is the active one, a session written by another tab (one that has not yet seen
 * this tab's claim) is taken over instead of being overwritten later. A passive tab ignores the
 * session until it takes over. Returns a function that stops following.
 */
export function followOtherTabs(store: AppStore, guard: TabGuard, target: Target): () => void {
  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    if (key !== SESSION_STORAGE_KEY || guard.isPassive()) return;
    void adoptStoredSession(store);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/**
 * The app's store wired to the browser: the tab guard, following other tabs, and 'Hier
 * weitermachen'. The tab that creates it claims the session.
 */
export function createAppSession(
  questions: readonly Question[],
  storage: () => Storage = () => localStorage,
  target: Target | undefined = typeof window === 'undefined' ? undefined : window,
) {
  const tabGuard = createTabGuard(storage, target);
  const useStore = createAppStore(questions, storage, tabGuard);
  // A test set aside when the passphrase changed, continued on the access screen (docs/product.md §51).
  onEarlierSessionResumed(() => adoptStoredSession(useStore));
  if (target) {
    tabGuard.claim();
    followOtherTabs(useStore, tabGuard, target);
  }
  return { useStore, tabGuard, takeOver: () => takeOverSession(useStore, tabGuard) };
}
