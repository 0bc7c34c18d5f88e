/** Where the running session is kept in localStorage ('zaehltest-session'). */
export const SESSION_STORAGE_KEY = 'zaehltest-session';
/** Format version of the saved session (zustand persist `version`). */
export const SESSION_FORMAT_VERSION = 1;

/**
 * Whether the stored session is past the access screen, read without the store (which loads after
 * the first screen, see app/boot.tsx). Unreadable or missing: no session.
 */
export function storedSessionRunning(storage: () => Storage = () => localStorage): boolean {
  try {
    const raw = storage().getItem(SESSION_STORAGE_KEY);
    const screen: unknown = raw ? JSON.parse(raw)?.state?.screen : undefined;
    return typeof screen === 'string' && screen !== 'access';
  } catch {
    return false;
  }
}
