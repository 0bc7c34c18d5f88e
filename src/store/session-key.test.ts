import { describe, expect, it } from 'vitest';
import {
  clearExpiredSession,
  finishedSessionExpired,
  SESSION_STORAGE_KEY,
  storedSessionRunning,
} from './session-key';

const storageWith =
  (value: string | null, fails = false) =>
  () =>
    ({
      getItem: (key: string) => {
        if (fails) throw new DOMException('denied', 'SecurityError');
        return key === SESSION_STORAGE_KEY ? value : null;
      },
    }) as Storage;

describe('storedSessionRunning', () => {
  it('is true only for a stored session past the access screen', () => {
    const session = (screen: string) => JSON.stringify({ state: { screen }, version: 1 });
    expect(storedSessionRunning(storageWith(session('question')))).toBe(true);
    expect(storedSessionRunning(storageWith(session('userdata')))).toBe(true);
    expect(storedSessionRunning(storageWith(session('access')))).toBe(false);
    expect(storedSessionRunning(storageWith(null))).toBe(false);
    expect(storedSessionRunning(storageWith('{not json'))).toBe(false);
    expect(storedSessionRunning(storageWith('null'))).toBe(false);
    expect(storedSessionRunning(storageWith(null, true))).toBe(false);
  });
});

describe('clearExpiredSession', () => {
  const HOUR = 60 * 60 * 1000;
  const finishedAt = Date.parse('2026-03-02T10:00:00Z');
  function device(state: object) {
    const items = new Map([[SESSION_STORAGE_KEY, JSON.stringify({ state, version: 1 })]]);
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      removeItem: (key: string) => items.delete(key),
    } as unknown as Storage;
    return { storage: () => storage, stored: () => items.has(SESSION_STORAGE_KEY) };
  }
  const finished = (overrides: object = {}) => ({
    screen: 'result',
    resultQueued: true,
    answers: [{ answeredAt: '2026-03-02T09:00:00Z' }, { answeredAt: '2026-03-02T10:00:00Z' }],
    ...overrides,
  });

  it('clears a finished test 12 hours after its last answer, not before', () => {
    const early = device(finished());
    expect(clearExpiredSession(early.storage, finishedAt + 12 * HOUR - 1)).toBe(false);
    expect(early.stored()).toBe(true);
    const late = device(finished());
    expect(clearExpiredSession(late.storage, finishedAt + 12 * HOUR)).toBe(true);
    expect(late.stored()).toBe(false);
  });

  it('keeps a running test, and a finished one whose result is not yet stored for upload', () => {
    const running = device(finished({ screen: 'question' }));
    expect(clearExpiredSession(running.storage, finishedAt + 48 * HOUR)).toBe(false);
    const unqueued = device(finished({ resultQueued: false }));
    expect(clearExpiredSession(unqueued.storage, finishedAt + 48 * HOUR)).toBe(false);
    expect([running.stored(), unqueued.stored()]).toEqual([true, true]);
    expect(finishedSessionExpired({ screen: 'result', resultQueued: true, answers: [] })).toBe(false);
  });
});
