import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, storedSessionRunning } from './session-key';

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
