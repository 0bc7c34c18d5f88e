// A test running when the Einrichtung's passphrase changed (docs/product.md §51): 'Später' sets it
// aside, new tests do not overwrite it, and typing the earlier passphrase brings it back with its
// answers. The real store, the real sealing (low KDF cost) and a storage in memory.
import { createHmac, pbkdf2Sync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../content/types';
import type { AccessVerifier } from '../storage/kdf';
import { continueWithoutEarlierData, lockForTests, openEarlierData, unlock } from '../storage/sealed';
import { createAppSession, openSession } from './create-store';
import { findEarlierSession, resumeEarlierSession } from './earlier-session';
import {
  EARLIER_SESSIONS_STORAGE_KEY,
  readEarlierSessions,
  SESSION_STORAGE_KEY,
  setStoredSessionAside,
} from './session-key';
import type { UserData } from './types';

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

const storage = new MemoryStorage();
vi.stubGlobal('localStorage', storage);
const page = () => storage;

function verifierFor(passphrase: string, salt: string): AccessVerifier {
  const master = pbkdf2Sync(passphrase, Buffer.from(salt, 'base64'), 1000, 32, 'sha256');
  return {
    salt,
    iterations: 1000,
    verifier: createHmac('sha256', master).update('zaehltest/verifier').digest('hex'),
  };
}
const SALT_A = Buffer.from('salt-of-site-1!!').toString('base64');
const SALT_B = Buffer.from('salt-of-site-2!!').toString('base64');

/** The tablet's enrolment with the Einrichtung's passphrase record (as a status report brings it). */
function enrolWith(passphrase: string, salt: string, version: number) {
  storage.setItem(
    'zaehltest-tablet',
    JSON.stringify({
      format: 1,
      tabletId: 't_1',
      site: { code: 'KITA-017', name: 'Kita Sonnenschein' },
      passphrase: { ...verifierFor(passphrase, salt), version },
      enrolledAt: '2026-11-01T08:00:00.000Z',
    }),
  );
}

const texts = { de: { situationText: 'situation', questionText: 'question' } };
const QUESTIONS = [
  { id: 2, level: 1, answerType: 'TextInput', correctAnswer: 8, texts },
  { id: 1, level: 1, answerType: 'CountAndForgotten', correctAnswer: 4, texts },
  { id: 4, level: 2, answerType: 'TextInput', correctAnswer: 3, texts },
] as unknown as Question[];

const EARLIER_CHILD: UserData = {
  name: 'Ayşe Yılmaz',
  birthdate: '2020-03-14',
  school: 'Kita',
  schoolLevel: '',
  language: 'de',
};
const NEW_CHILD: UserData = { ...EARLIER_CHILD, name: 'Omar Ünal' };

/** The page opens (a reload): a new store on the same storage, locked until the passphrase. */
function openPage() {
  lockForTests();
  return createAppSession(QUESTIONS, page, undefined).useStore;
}

/** A test with one answer given, on the second question. */
function answerOne(store: ReturnType<typeof openPage>, user: UserData, given: string) {
  store.getState().grantAccess();
  store.getState().startTest(user);
  store.getState().advance();
  store.getState().submitAnswer(store.getState().currentQuestion(), {
    givenAnswer: given,
    correct: given === '4',
    responseTimeMs: 1200,
    entry: { kind: 'number', value: given },
  });
  store.getState().advance();
}

beforeEach(() => {
  storage.clear();
  lockForTests();
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a test running when the passphrase changed (docs/product.md §51)', () => {
  it("survives 'Später' and a new test, and comes back with its answers once the earlier passphrase is typed", async () => {
    enrolWith('kita-passwort-eins', SALT_A, 1);
    let store = openPage();
    expect(await unlock('kita-passwort-eins')).toBe('unlocked');
    answerOne(store, EARLIER_CHILD, '4');
    const earlierSubmission = store.getState().submissionId;
    expect(store.getState().answers).toHaveLength(1);

    // The Einrichtung changed its passphrase; the tablet reloads and only the new one is known.
    enrolWith('kita-passwort-zwei', SALT_B, 2);
    store = openPage();
    expect(await unlock('kita-passwort-zwei')).toBe('old-passphrase-needed');
    // 'Später' as the access screen does it (access-password.ts): set aside, then a new key.
    setStoredSessionAside(page);
    continueWithoutEarlierData();
    expect(store.getState().answers).toHaveLength(0);
    expect(readEarlierSessions(page)).toHaveLength(1);
    // Locked still: nothing to offer.
    expect(findEarlierSession(page)).toBeUndefined();

    // A new child is tested under the new passphrase; its saves go to the session's own place.
    answerOne(store, NEW_CHILD, '7');
    const newSubmission = store.getState().submissionId;
    expect(JSON.parse(openSession(storage.getItem(SESSION_STORAGE_KEY)) ?? '{}').state.user).toEqual(
      NEW_CHILD,
    );
    expect(readEarlierSessions(page)).toHaveLength(1);
    store.getState().endSession();

    // Later, after a reload, someone types the earlier passphrase once.
    store = openPage();
    expect(await unlock('kita-passwort-zwei')).toBe('unlocked');
    expect(await openEarlierData('kita-passwort-eins')).toBe(true);
    expect(findEarlierSession(page)).toEqual({ finished: false, waitsForRunningTest: false });
    expect(await resumeEarlierSession(page)).toBe(true);
    const resumed = store.getState();
    expect(resumed.submissionId).toBe(earlierSubmission);
    expect(resumed.submissionId).not.toBe(newSubmission);
    expect(resumed.user).toEqual(EARLIER_CHILD);
    expect(resumed.answers.map((a) => [a.question.id, a.givenAnswer])).toEqual([[1, '4']]);
    expect(resumed.screen).not.toBe('access');
    expect(storage.getItem(EARLIER_SESSIONS_STORAGE_KEY)).toBeNull();

    // From now on it is saved under the current key and resumes with the new passphrase alone.
    resumed.submitAnswer(resumed.currentQuestion(), {
      givenAnswer: '8',
      correct: true,
      responseTimeMs: 900,
      entry: { kind: 'number', value: '8' },
    });
    store = openPage();
    expect(await unlock('kita-passwort-zwei')).toBe('unlocked');
    expect(store.getState().answers.map((a) => a.givenAnswer)).toEqual(['4', '8']);
    expect(store.getState().user).toEqual(EARLIER_CHILD);
  });

  it('waits while another test runs, and never replaces it', async () => {
    enrolWith('kita-passwort-eins', SALT_A, 1);
    let store = openPage();
    await unlock('kita-passwort-eins');
    answerOne(store, EARLIER_CHILD, '4');
    enrolWith('kita-passwort-zwei', SALT_B, 2);
    store = openPage();
    expect(await unlock('kita-passwort-zwei')).toBe('old-passphrase-needed');
    setStoredSessionAside(page);
    continueWithoutEarlierData();
    answerOne(store, NEW_CHILD, '7');

    expect(await openEarlierData('kita-passwort-eins')).toBe(true);
    expect(findEarlierSession(page)).toEqual({ finished: false, waitsForRunningTest: true });
    expect(await resumeEarlierSession(page)).toBe(false);
    expect(store.getState().user).toEqual(NEW_CHILD);
    expect(readEarlierSessions(page)).toHaveLength(1);

    // Once that test has ended, the earlier one is offered and continues.
    store.getState().endSession();
    expect(findEarlierSession(page)).toEqual({ finished: false, waitsForRunningTest: false });
    expect(await resumeEarlierSession(page)).toBe(true);
    expect(store.getState().user).toEqual(EARLIER_CHILD);
  });

  it('sets a session that does not open aside when the store reads it while an earlier key is locked', async () => {
    enrolWith('kita-passwort-eins', SALT_A, 1);
    let store = openPage();
    await unlock('kita-passwort-eins');
    answerOne(store, EARLIER_CHILD, '4');
    const stored = storage.getItem(SESSION_STORAGE_KEY);
    enrolWith('kita-passwort-zwei', SALT_B, 2);
    store = openPage();
    expect(await unlock('kita-passwort-zwei')).toBe('old-passphrase-needed');
    // Without the access screen's step (e.g. the session written again by another tab meanwhile).
    continueWithoutEarlierData();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(readEarlierSessions(page)).toEqual([stored]);
    store.getState().grantAccess();
    expect(readEarlierSessions(page)).toEqual([stored]);
  });
});
