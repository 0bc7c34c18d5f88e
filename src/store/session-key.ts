/** Where the running session is kept in localStorage ('zaehltest-session'). */
export const SESSION_STORAGE_KEY = 'zaehltest-session';
/** Format version of the saved session (zustand persist `version`). */
export const SESSION_FORMAT_VERSION = 1;

/** A finished test's session (the child's name, answers) is cleared after this (docs/product.md §20). */
export const FINISHED_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The parts of the stored session read before the store has loaded. */
interface StoredState {
  screen?: unknown;
  resultQueued?: unknown;
  answers?: Array<{ answeredAt?: unknown }>;
}

/**
 * How the session is stored since the encryption at rest (format 2): the zustand state sealed
 * (src/storage/sealed.ts), beside the three facts the first screen needs before the passphrase,
 * none of them about the child. Format 1 was zustand's plain `{ state, version }`; it is read
 * once and stored sealed (create-store.ts).
 */
export const SESSION_ENVELOPE_FORMAT = 2;
export interface SessionEnvelope {
  format: typeof SESSION_ENVELOPE_FORMAT;
  meta: { screen?: unknown; resultQueued?: unknown; finishedAt?: unknown };
  /** The zustand value `{ state, version }` as JSON, sealed with `sealTextNow`. */
  sealed: string;
}

export function parseSessionEnvelope(raw: string | null): SessionEnvelope | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw);
    return parsed?.format === SESSION_ENVELOPE_FORMAT && typeof parsed.sealed === 'string'
      ? (parsed as SessionEnvelope)
      : undefined;
  } catch {
    return undefined;
  }
}

function readStoredState(storage: () => Storage): StoredState | undefined {
  try {
    const raw = storage().getItem(SESSION_STORAGE_KEY);
    const envelope = parseSessionEnvelope(raw);
    if (envelope) {
      const { screen, resultQueued, finishedAt } = envelope.meta;
      return { screen, resultQueued, answers: finishedAt ? [{ answeredAt: finishedAt }] : [] };
    }
    const state: unknown = raw ? JSON.parse(raw)?.state : undefined;
    return state && typeof state === 'object' ? (state as StoredState) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the stored session is past the access screen, read without the store (which loads after
 * the first screen, see app/boot.tsx). Unreadable or missing: no session.
 */
export function storedSessionRunning(storage: () => Storage = () => localStorage): boolean {
  const screen = readStoredState(storage)?.screen;
  return typeof screen === 'string' && screen !== 'access';
}

/** Whether the stored session is a finished test: after the passphrase its results open. */
export function storedSessionFinished(storage: () => Storage = () => localStorage): boolean {
  return readStoredState(storage)?.screen === 'result';
}

/**
 * Whether a session is a finished test older than 12 hours whose result is in the outbox. A result
 * not yet stored for upload keeps its session, so that the results page can still store it.
 */
export function finishedSessionExpired(
  state: {
    screen?: unknown;
    resultQueued?: unknown;
    answers: ReadonlyArray<{ answeredAt?: unknown }>;
    /** A test ended early before its first answer counts from 'Test beenden' (docs/product.md §38). */
    endedEarly?: { endedAt?: unknown } | null;
  },
  now: number = Date.now(),
): boolean {
  if (state.screen !== 'result' || state.resultQueued !== true) return false;
  const finishedAt = Date.parse(String(state.answers.at(-1)?.answeredAt ?? state.endedEarly?.endedAt ?? ''));
  return !Number.isNaN(finishedAt) && now - finishedAt >= FINISHED_SESSION_TTL_MS;
}

/** Removes a finished session older than 12 hours from the device (its result stays in the outbox). */
export function clearExpiredSession(storage: () => Storage = () => localStorage, now = Date.now()): boolean {
  const state = readStoredState(storage);
  if (!state || !finishedSessionExpired({ ...state, answers: state.answers ?? [] }, now)) return false;
  try {
    storage().removeItem(SESSION_STORAGE_KEY);
    console.info('Abgeschlossener Test nach 12 Stunden von diesem Gerät gelöscht');
    return true;
  } catch (error) {
    console.error('Session storage: removing an expired session failed', error);
    return false;
  }
}

/**
 * Where sessions sealed under an earlier passphrase of the Einrichtung wait (docs/product.md §51):
 * after 'Später' the key they are sealed under is locked, so the running test is moved here instead
 * of being overwritten by the next session; it comes back once that passphrase is typed
 * (earlier-session.ts). A JSON array of stored sessions (envelopes as under SESSION_STORAGE_KEY).
 */
export const EARLIER_SESSIONS_STORAGE_KEY = 'zaehltest-session-earlier';

/** The waiting sessions, oldest first (none when unreadable). */
export function readEarlierSessions(storage: () => Storage = () => localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage().getItem(EARLIER_SESSIONS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** Stores the waiting sessions (removes the key when none is left). Throws when storage refuses. */
export function writeEarlierSessions(
  sessions: readonly string[],
  storage: () => Storage = () => localStorage,
) {
  if (sessions.length === 0) storage().removeItem(EARLIER_SESSIONS_STORAGE_KEY);
  else storage().setItem(EARLIER_SESSIONS_STORAGE_KEY, JSON.stringify(sessions));
}

/**
 * Moves the stored session (a sealed one: a plain one of the release before the encryption opens
 * without a key) to the waiting sessions, so that nothing overwrites it while its key is locked.
 * The session's place is only freed once the copy is stored. True when a session was moved.
 */
export function setStoredSessionAside(storage: () => Storage = () => localStorage): boolean {
  try {
    const raw = storage().getItem(SESSION_STORAGE_KEY);
    if (!parseSessionEnvelope(raw)) return false;
    writeEarlierSessions([...readEarlierSessions(storage), raw as string], storage);
    storage().removeItem(SESSION_STORAGE_KEY);
    console.info('Laufender Test bis zur Eingabe des vorherigen Passworts beiseitegelegt');
    return true;
  } catch (error) {
    // Left where it is: the store's reader sets it aside again before anything is written there.
    console.error('Session storage: setting the earlier session aside failed', error);
    return false;
  }
}
