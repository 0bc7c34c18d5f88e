import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../content/types';
import { lockForTests, unlock } from '../storage/sealed';
import { activeSnapshot } from '../updates/active';
import {
  createAppStore,
  followOtherTabs,
  openSession,
  SESSION_STORAGE_KEY,
  takeOverSession,
} from './create-store';
import { DEFAULT_USER, mayGoOnFromPractice } from './slices';
import { createTabGuard } from './tab-guard';
import type { UserData } from './types';
import { makeUuid } from './uuid';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const texts = (lang: string) => ({ situationText: `situation ${lang}`, questionText: `question ${lang}` });
const allTexts = { de: texts('de'), tr: texts('tr'), ar: texts('ar'), ro: texts('ro') };
const QUESTIONS = [
  { id: 2, level: 1, answerType: 'TextInput', correctAnswer: 8, texts: allTexts },
  { id: 1, level: 1, answerType: 'CountAndForgotten', correctAnswer: 4, texts: allTexts },
  { id: 3, level: 0, answerType: 'MoveDotsExample', correctAnswer: 3, dotRow: [0], texts: allTexts },
  {
    id: 4,
    level: 2,
    answerType: 'TimerTextInput',
    correctAnswer: 3,
    timerImage: '/a.svg',
    timerInterval: 1500,
    texts: allTexts,
  },
] as unknown as Question[];

const USER: UserData = {
  // Neither a space nor an umlaut can occur in the sealed (base64) session, so a plain 'Ali' found
  // there by chance cannot fail the tests below; the whole name and date can only come from a leak.
  name: 'Ali Öztürk',
  birthdate: '2020-01-02',
  school: 'Grundschule',
  schoolLevel: '1',
  language: 'ar',
};

function setup() {
  const storage = new MemoryStorage();
  const store = createAppStore(QUESTIONS, () => storage);
  return { storage, store };
}

// The session is stored sealed: the device is unlocked as after the passphrase; the wrapped key
// is kept in the page's localStorage, as in a browser.
const pageStorage = new MemoryStorage();
vi.stubGlobal('localStorage', pageStorage);

beforeEach(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the session store', () => {
  it('starts at the access screen with Kita and no child language yet (the form fills in the default pack)', () => {
    const { store } = setup();
    expect(store.getState().screen).toBe('access');
    expect(store.getState().user).toEqual(DEFAULT_USER);
    expect(DEFAULT_USER).toMatchObject({ school: 'Kita', language: '', schoolLevel: '' });
    store.getState().grantAccess();
    expect(store.getState().screen).toBe('userdata');
  });

  it("'Test beginnen' sets the user, makes a submission id, clears answers and loads the queue in id order", () => {
    const { store } = setup();
    store.setState({ answers: [{} as never] });
    store.getState().startTest(USER);
    const s = store.getState();
    expect(s.user).toEqual(USER);
    expect(s.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.resultQueued).toBe(false);
    expect(s.answers).toEqual([]);
    expect(s.queue).toEqual([1, 2, 3, 4]);
    expect(s.screen).toBe('startscreen');
  });

  it('serves questions in order in the chosen language and routes by answer type', () => {
    const { store } = setup();
    store.getState().startTest(USER);
    const screens: string[] = [];
    for (let i = 0; i < 5; i++) {
      store.getState().advance();
      screens.push(store.getState().screen);
      if (i === 0) expect(store.getState().currentQuestion().currentTexts.questionText).toBe('question ar');
    }
    expect(screens).toEqual([
      'count-and-forgotten',
      'question',
      'examples/move-dots',
      'timer-image-question',
      'result',
    ]);
    expect(store.getState().queue).toEqual([]);
  });

  it('serves the error question for an unknown id', () => {
    const { store } = setup();
    store.getState().startTest(USER);
    store.getState().loadQueue([99]);
    store.getState().advance();
    expect(store.getState().screen).toBe('question');
    const q = store.getState().currentQuestion();
    expect(q).toMatchObject({ id: -1, answerType: 'Error' });
    expect(q.currentTexts.situationText).toBe('Es ist ein Fehler aufgetreten');
    expect(q.currentTexts.questionText).toBe('Bitte Test neu starten');
  });

  it('records and logs an answer with the question and its texts, then goes to the transition', () => {
    const { store } = setup();
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    store.getState().startTest(USER);
    store.getState().advance();
    const question = store.getState().currentQuestion();
    store.getState().submitAnswer(question, {
      givenAnswer: '4',
      correct: true,
      responseTimeMs: 1234,
      entry: { kind: 'number', value: '4' },
    });
    const [answer] = store.getState().answers;
    expect(answer).toMatchObject({
      question: { id: 1, level: 1, answerType: 'CountAndForgotten', currentTexts: texts('ar') },
      givenAnswer: '4',
      entry: { kind: 'number', value: '4' },
      correct: true,
      responseTimeMs: 1234,
    });
    expect(Number.isNaN(Date.parse(answer?.answeredAt ?? ''))).toBe(false);
    expect(store.getState().screen).toBe('transition');
    expect(info).toHaveBeenCalledWith('Antwort gespeichert', answer);
  });

  it('persists the running session so a new page resumes at the same question with its answers', () => {
    const { store, storage } = setup();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    store.getState().startTest(USER);
    store.getState().advance();
    store.getState().submitAnswer(store.getState().currentQuestion(), {
      givenAnswer: '0',
      correct: false,
      responseTimeMs: 1,
      entry: { kind: 'yes' },
    });
    store.getState().advance();
    const resumed = createAppStore(QUESTIONS, () => storage).getState();
    expect(resumed.screen).toBe('question');
    expect(resumed.currentId).toBe(2);
    expect(resumed.queue).toEqual([3, 4]);
    expect(resumed.answers).toEqual(store.getState().answers);
    expect(resumed.user).toEqual(USER);
    expect(resumed.submissionId).toBe(store.getState().submissionId);
    expect(JSON.parse(openSession(storage.getItem(SESSION_STORAGE_KEY)) ?? '{}').state.queue).toEqual([3, 4]);
  });

  it('marks the result as queued, but not for a session that has ended meanwhile', () => {
    const { store } = setup();
    store.getState().startTest(USER);
    const first = store.getState().submissionId ?? '';
    store.getState().startTest(USER);
    store.getState().markResultQueued(first);
    expect(store.getState().resultQueued).toBe(false);
    store.getState().markResultQueued(store.getState().submissionId ?? '');
    expect(store.getState().resultQueued).toBe(true);
  });

  it('goes on when localStorage refuses to save (full or forbidden)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const store = createAppStore(QUESTIONS, () => storage);
    store.getState().startTest(USER);
    store.getState().advance();
    expect(store.getState().screen).not.toBe('startscreen');
    expect(store.getState().user).toEqual(USER);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  describe('two tabs of the app', () => {
    /** One localStorage shared by tabs, wired like a browser: a write in one is an event in the others. */
    function device() {
      const storage = new MemoryStorage();
      const tabs: EventTarget[] = [];
      const tabStorage = (self: EventTarget): Storage => {
        const notify = (key: string, newValue: string | null) => {
          for (const tab of tabs) {
            if (tab !== self) tab.dispatchEvent(Object.assign(new Event('storage'), { key, newValue }));
          }
        };
        return Object.assign(Object.create(storage), {
          getItem: (key: string) => storage.getItem(key),
          setItem: (key: string, value: string) => {
            if (storage.getItem(key) === value) return;
            storage.setItem(key, value);
            notify(key, value);
          },
          removeItem: (key: string) => {
            if (storage.getItem(key) === null) return;
            storage.removeItem(key);
            notify(key, null);
          },
        });
      };
      /** Opens a tab as store/index.ts does; `hearsOthers: false` is a tab that has not yet seen a claim. */
      const open = ({ hearsOthers = true } = {}) => {
        const events = new EventTarget();
        tabs.push(events);
        const target = events as unknown as Window;
        const guard = createTabGuard(() => tabStorage(events), hearsOthers ? target : undefined);
        const store = createAppStore(QUESTIONS, () => tabStorage(events), guard);
        guard.claim();
        followOtherTabs(store, guard, target);
        return { store, guard };
      };
      const stored = () => JSON.parse(openSession(storage.getItem(SESSION_STORAGE_KEY)) ?? 'null')?.state;
      return { open, stored };
    }

    it('the tab opened last runs the session; the other one stops and never writes it', () => {
      const { open, stored } = device();
      const a = open();
      a.store.getState().startTest(USER);
      const b = open();
      expect(b.store.getState().user).toEqual(USER);
      expect([a.guard.isPassive(), b.guard.isPassive()]).toEqual([true, false]);

      const before = stored();
      a.store.getState().advance();
      a.store.getState().endSession();
      expect(stored()).toEqual(before);
      b.store.getState().advance();
      expect(stored().currentId).toBe(1);
    });

    it("'Hier weitermachen' continues where the other tab stopped, which then waits", async () => {
      const { open } = device();
      const a = open();
      a.store.getState().startTest(USER);
      const b = open();
      b.store.getState().advance();
      b.store.getState().submitAnswer(b.store.getState().currentQuestion(), {
        givenAnswer: '4',
        correct: true,
        responseTimeMs: 900,
        entry: { kind: 'number', value: '4' },
      });
      await takeOverSession(a.store, a.guard);
      expect([a.guard.isPassive(), b.guard.isPassive()]).toEqual([false, true]);
      expect(a.store.getState()).toMatchObject({
        screen: 'transition',
        currentId: 1,
        submissionId: b.store.getState().submissionId,
      });
      expect(a.store.getState().answers.map((answer) => answer.givenAnswer)).toEqual(['4']);
    });

    it('taking over after the other tab ended the session starts afresh, without the child', async () => {
      const { open, stored } = device();
      const a = open();
      a.store.getState().startTest(USER);
      const b = open();
      b.store.getState().endSession();
      await takeOverSession(a.store, a.guard);
      expect(a.store.getState()).toMatchObject({ screen: 'access', user: DEFAULT_USER, submissionId: null });
      expect(stored()?.user ?? DEFAULT_USER).toEqual(DEFAULT_USER);
    });

    it('the active tab adopts what a tab that has not yet seen its claim writes', async () => {
      const { open } = device();
      const a = open({ hearsOthers: false });
      a.store.getState().startTest(USER);
      const b = open();
      a.store.getState().advance();
      await vi.waitFor(() => expect(b.store.getState().currentId).toBe(1));
      expect(b.store.getState().screen).toBe(a.store.getState().screen);
    });
  });

  it("counts 'Frage N von M' by the question's position in the test", () => {
    const { store } = setup();
    store.getState().startTest(USER);
    store.getState().advance();
    expect(store.getState().progress()).toEqual({ position: 1, total: 4 });
    store.getState().advance();
    store.getState().advance();
    expect(store.getState().progress()).toEqual({ position: 3, total: 4 });
  });

  it("'Zurück' on the start screen keeps the details; the educator's line setting is kept with the session", () => {
    const { store, storage } = setup();
    store.getState().startTest(USER);
    store.getState().setEducatorLine(false);
    store.getState().backToDetails();
    expect(store.getState()).toMatchObject({ screen: 'userdata', user: USER, educatorLine: false });
    expect(createAppStore(QUESTIONS, () => storage).getState().educatorLine).toBe(false);
  });

  it("'Test abbrechen' discards the session and its answers, and a new test starts with the line shown", () => {
    const { store, storage } = setup();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    store.getState().startTest(USER);
    store.getState().setEducatorLine(false);
    store.getState().advance();
    store.getState().submitAnswer(store.getState().currentQuestion(), {
      givenAnswer: '4',
      correct: true,
      responseTimeMs: 5,
      entry: { kind: 'number', value: '4' },
    });
    store.getState().cancelTest();
    expect(store.getState()).toMatchObject({
      screen: 'access',
      user: DEFAULT_USER,
      answers: [],
      submissionId: null,
      educatorLine: true,
      // The access screen says the test was discarded and nothing sent; the next passphrase forgets it.
      testCancelled: true,
    });
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    store.getState().grantAccess();
    expect(store.getState().testCancelled).toBe(false);
  });

  it("'Test beenden' ends at once with its reason, keeps the answers, goes to the results and survives a reload", () => {
    const { store, storage } = setup();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    store.getState().startTest(USER);
    // Before 'Start' no question was reached: nothing to end.
    store.getState().endTestEarly('unwell');
    expect(store.getState()).toMatchObject({ screen: 'startscreen', endedEarly: null });
    store.getState().advance();
    store.getState().submitAnswer(store.getState().currentQuestion(), {
      givenAnswer: '4',
      correct: true,
      responseTimeMs: 5,
      entry: { kind: 'number', value: '4' },
    });
    store.getState().advance();
    store.getState().endTestEarly('unwell');
    const s = store.getState();
    expect(s).toMatchObject({
      screen: 'result',
      endedEarly: { reason: 'unwell', lastQuestion: 2 },
      queue: [],
      flash: null,
      practice: null,
    });
    expect(s.answers).toHaveLength(1);
    expect(s.submissionId).not.toBeNull();
    // Once on the results page it is over: a second 'Test beenden' changes nothing.
    store.getState().endTestEarly('other');
    expect(store.getState().endedEarly).toMatchObject({ reason: 'unwell', lastQuestion: 2 });
    const reloaded = createAppStore(QUESTIONS, () => storage).getState();
    expect(reloaded).toMatchObject({ screen: 'result', endedEarly: { reason: 'unwell', lastQuestion: 2 } });
    expect(reloaded.answers).toHaveLength(1);
    // A new test starts without the mark.
    store.getState().startTest(USER);
    expect(store.getState().endedEarly).toBeNull();
  });

  it("runs the whole test with the native review's updates of 'Test beginnen', also after a reload (docs/product.md §50)", () => {
    const { store, storage } = setup();
    store.getState().startTest(USER);
    // What 'Test beginnen' took from the device's stored updates (src/updates/active.ts).
    const snapshot = {
      content: 'v1',
      language: 'ar',
      texts: { '1.situationText': 'situation ar, korrigiert' },
      recordings: {},
      counts: { texts: 10, confirmed: 8, spoken: 6, recorded: 0 },
    };
    store.getState().setUpdates(snapshot);
    expect(activeSnapshot()).toEqual(snapshot);
    store.getState().advance();
    expect(store.getState().currentQuestion()).toMatchObject({
      id: 1,
      currentTexts: { situationText: 'situation ar, korrigiert', questionText: 'question ar' },
    });
    const reloaded = createAppStore(QUESTIONS, () => storage);
    expect(reloaded.getState().updates).toEqual(snapshot);
    expect(reloaded.getState().currentQuestion().currentTexts.situationText).toBe('situation ar, korrigiert');
    expect(activeSnapshot()).toEqual(snapshot);
    reloaded.getState().endSession();
    expect(reloaded.getState().updates).toBeNull();
    expect(activeSnapshot()).toBeNull();
  });

  it('keeps the understanding recorded on the start screen over a reload, and a new test asks again (docs/product.md §39)', () => {
    const { store, storage } = setup();
    store.getState().startTest(USER);
    expect(store.getState().understanding).toBeNull();
    store.getState().setUnderstanding('partly');
    const reloaded = createAppStore(QUESTIONS, () => storage).getState();
    expect(reloaded).toMatchObject({ screen: 'startscreen', understanding: 'partly' });
    store.getState().startTest(USER);
    expect(store.getState().understanding).toBeNull();
    store.getState().setUnderstanding('no');
    store.getState().endSession();
    expect(store.getState().understanding).toBeNull();
  });

  it("a test ended before its first answer is dated by 'Test beenden' and cleared 12 hours later like any other", async () => {
    const { finishedSessionExpired } = await import('./session-key');
    const { store } = setup();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    store.getState().startTest(USER);
    store.getState().advance();
    store.getState().endTestEarly('language');
    const s = store.getState();
    expect(s.answers).toEqual([]);
    expect(s.endedEarly).toMatchObject({ reason: 'language', lastQuestion: 1 });
    const endedAt = Date.parse(s.endedEarly?.endedAt ?? '');
    expect(Number.isNaN(endedAt)).toBe(false);
    const state = { ...s, resultQueued: true };
    expect(finishedSessionExpired(state, endedAt + 11 * 3_600_000)).toBe(false);
    expect(finishedSessionExpired(state, endedAt + 12 * 3_600_000)).toBe(true);
  });

  it("'Weiß nicht' is kept as its own flag on the answer record, scored 0", () => {
    const { store } = setup();
    store.getState().startTest(USER);
    store.getState().advance();
    store.getState().submitAnswer(store.getState().currentQuestion(), {
      givenAnswer: '',
      correct: false,
      responseTimeMs: 7,
      entry: { kind: 'no-answer' },
      noAnswer: true,
    });
    expect(store.getState().answers).toEqual([
      expect.objectContaining({
        givenAnswer: '',
        correct: false,
        noAnswer: true,
        entry: { kind: 'no-answer' },
      }),
    ]);
  });

  it('keeps the flash of the question on screen through a reload, and forgets it at the next question', () => {
    const { store, storage } = setup();
    store.getState().startTest(USER);
    store.getState().advance();
    store.getState().flashStarted(1);
    expect(createAppStore(QUESTIONS, () => storage).getState().flash).toEqual({
      questionId: 1,
      shown: 1,
      exposuresMs: [],
    });
    store.getState().flashMeasured(1, 1501.2);
    store.getState().flashMeasured(2, 99);
    store.getState().flashStarted(1);
    expect(store.getState().flash).toEqual({ questionId: 1, shown: 2, exposuresMs: [1501.2] });
    store.getState().advance();
    expect(store.getState().flash).toBeNull();
  });

  it("counts a practice question's wrong tries through a reload and offers 'Weiter' from the second on", () => {
    const { store, storage } = setup();
    store.getState().startTest(USER);
    store.getState().loadQueue([3, 4]);
    store.getState().advance();
    const wrong = (dots: number) => ({
      givenAnswer: String(dots),
      correct: false,
      responseTimeMs: 900 + dots,
      tries: 1,
      entry: { kind: 'dots' as const, count: dots },
    });
    store.getState().practiceMissed(3, wrong(1));
    expect(mayGoOnFromPractice(store.getState())).toBe(false);
    // Not offered yet: 'Weiter' records nothing.
    store.getState().skipPractice();
    expect(store.getState().answers).toEqual([]);
    expect(store.getState().screen).toBe('examples/move-dots');
    store.getState().practiceMissed(3, wrong(5));
    const reloaded = createAppStore(QUESTIONS, () => storage);
    expect(reloaded.getState().practice).toEqual({ questionId: 3, wrongTries: 2, last: wrong(5) });
    expect(mayGoOnFromPractice(reloaded.getState())).toBe(true);
    // Another question's tries are not this one's.
    expect(mayGoOnFromPractice({ ...reloaded.getState(), currentId: 4 })).toBe(false);
  });

  it("'Weiter' records the practice as skipped with its wrong tries and the last of them, scored as not right", () => {
    const { store } = setup();
    store.getState().startTest(USER);
    store.getState().loadQueue([3, 4]);
    store.getState().advance();
    for (const dots of [1, 2]) {
      store.getState().practiceMissed(3, {
        givenAnswer: String(dots),
        correct: false,
        responseTimeMs: 1200,
        entry: { kind: 'dots', count: dots },
        prompt: { source: 'synthesis', replays: 1 },
      });
    }
    store.getState().skipPractice();
    expect(store.getState().answers).toEqual([
      expect.objectContaining({
        question: expect.objectContaining({ id: 3, level: 0, answerType: 'MoveDotsExample' }),
        givenAnswer: '2',
        entry: { kind: 'dots', count: 2 },
        correct: false,
        tries: 2,
        skipped: true,
        prompt: { source: 'synthesis', replays: 1 },
      }),
    ]);
    expect(store.getState().screen).toBe('transition');
    // A second tap in the pause records nothing more; the next question starts without tries.
    store.getState().skipPractice();
    expect(store.getState().answers).toHaveLength(1);
    store.getState().advance();
    expect(store.getState().currentId).toBe(4);
    expect(store.getState().practice).toBeNull();
  });

  it("'Zurück zum Start' forgets the session, also on the device", () => {
    const { store, storage } = setup();
    store.getState().startTest(USER);
    store.getState().advance();
    store.getState().markResultQueued(store.getState().submissionId ?? '');
    store.getState().endSession();
    const s = store.getState();
    expect(s).toMatchObject({
      screen: 'access',
      user: DEFAULT_USER,
      answers: [],
      queue: [],
      currentId: null,
      submissionId: null,
      resultQueued: false,
      pdfSaved: false,
    });
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(createAppStore(QUESTIONS, () => storage).getState().screen).toBe('access');
  });
});

describe('the stored session, encrypted at rest', () => {
  function runningTest() {
    const { store, storage } = setup();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    store.getState().startTest(USER);
    store.getState().advance();
    return { store, storage };
  }

  it('holds neither the name nor the birth date readable, only the facts the first screen needs', () => {
    const { storage } = runningTest();
    const raw = storage.getItem(SESSION_STORAGE_KEY) ?? '';
    expect(raw).not.toContain(USER.name);
    expect(raw).not.toContain(USER.birthdate);
    expect(JSON.parse(raw).meta).toMatchObject({ screen: 'count-and-forgotten' });
    expect(JSON.parse(openSession(raw) ?? '{}').state.user).toEqual(USER);
  });

  it('is read only after the passphrase: a reload shows nothing before, the test after', async () => {
    const { storage } = runningTest();
    lockForTests();
    const afterReload = createAppStore(QUESTIONS, () => storage);
    expect(afterReload.getState().user.name).toBe('');
    // A write while locked (nothing to seal it with) leaves the stored session alone.
    afterReload.getState().goTo('userdata');
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '{}').meta.screen).toBe('count-and-forgotten');
    expect(await unlock('zaehltest')).toBe('unlocked');
    expect(afterReload.getState().user).toEqual(USER);
    expect(afterReload.getState().screen).toBe('count-and-forgotten');
  });

  it('takes over a session stored in plain text by the release before, and stores it sealed', async () => {
    const storage = new MemoryStorage();
    const plain = { state: { screen: 'startscreen', user: USER, answers: [], queue: [1, 2] }, version: 1 };
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(plain));
    lockForTests();
    const store = createAppStore(QUESTIONS, () => storage);
    expect(await unlock('zaehltest')).toBe('unlocked');
    expect(store.getState().user).toEqual(USER);
    expect(store.getState().screen).toBe('startscreen');
    const raw = storage.getItem(SESSION_STORAGE_KEY) ?? '';
    expect(raw).not.toContain(USER.name);
    expect(JSON.parse(openSession(raw) ?? '{}').state.queue).toEqual([1, 2]);
  });
});

describe('makeUuid', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('makes v4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    expect(makeUuid()).toMatch(V4);
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => makeUuid()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(V4);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('the Einrichtung of a test (docs/product.md §51)', () => {
  afterEach(() => {
    pageStorage.removeItem('zaehltest-tablet');
  });

  it('notes the Einrichtung the tablet is enrolled to when the test begins; a later move does not change it', () => {
    const enrolTo = (code: string) =>
      pageStorage.setItem(
        'zaehltest-tablet',
        JSON.stringify({
          format: 1,
          tabletId: 't_1',
          site: { code, name: `Kita ${code}` },
          passphrase: null,
          enrolledAt: '2026-11-01T08:00:00.000Z',
        }),
      );
    enrolTo('KITA-017');
    const { store, storage } = setup();
    store.getState().startTest(USER);
    expect(store.getState().site).toBe('KITA-017');
    enrolTo('KITA-042');
    expect(store.getState().site).toBe('KITA-017');
    // Kept through a reload: the stored session carries it.
    const reloaded = createAppStore(QUESTIONS, () => storage);
    expect(reloaded.getState().site).toBe('KITA-017');
  });
});
