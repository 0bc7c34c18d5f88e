import { unsealTextNow } from '../storage/sealed';
import {
  finishedSessionExpired,
  parseSessionEnvelope,
  readEarlierSessions,
  SESSION_STORAGE_KEY,
  type SessionEnvelope,
  writeEarlierSessions,
} from './session-key';

/**
 * A test that was running when the Einrichtung's passphrase changed (docs/product.md §51): after
 * 'Später' its session, sealed under the earlier passphrase's key, waits under its own storage key
 * (session-key.ts, setStoredSessionAside) and is never overwritten. Once that passphrase has been
 * typed, the session opens again and the access screen offers to continue it.
 */

/** Screens of a stored session that hold no test yet: a waiting test may take their place. */
const IDLE_SCREENS: readonly unknown[] = [undefined, 'access', 'userdata', 'overview'];

export interface EarlierSession {
  /** The test was finished (its results page); otherwise it goes on at the question it stood at. */
  finished: boolean;
  /** Another test runs on the tablet now: the earlier one waits until that one has ended. */
  waitsForRunningTest: boolean;
}

function opens(envelope: SessionEnvelope): boolean {
  try {
    unsealTextNow(envelope.sealed);
    return true;
  } catch {
    return false;
  }
}

/** Whether a session is stored that is a test (begun or finished), not only the child's details. */
function testStored(storage: () => Storage): boolean {
  try {
    const envelope = parseSessionEnvelope(storage().getItem(SESSION_STORAGE_KEY));
    return envelope !== undefined && !IDLE_SCREENS.includes(envelope.meta.screen);
  } catch {
    return false;
  }
}

/**
 * The waiting sessions that open now, newest last. A finished test older than 12 hours whose result
 * is in the outbox is removed, as a stored one is (docs/product.md §20); one still sealed under a
 * locked key stays.
 */
function openableSessions(storage: () => Storage): { raw: string; envelope: SessionEnvelope }[] {
  const waiting = readEarlierSessions(storage);
  const kept = waiting.filter((raw) => {
    const envelope = parseSessionEnvelope(raw);
    if (!envelope) return false;
    const { screen, resultQueued, finishedAt } = envelope.meta;
    return !finishedSessionExpired({ screen, resultQueued, answers: [{ answeredAt: finishedAt }] });
  });
  if (kept.length !== waiting.length) {
    try {
      writeEarlierSessions(kept, storage);
    } catch (error) {
      console.error('Session storage: removing an expired earlier session failed', error);
    }
  }
  return kept.flatMap((raw) => {
    const envelope = parseSessionEnvelope(raw) as SessionEnvelope;
    return opens(envelope) ? [{ raw, envelope }] : [];
  });
}

/** The earlier test that opens now and waits to be continued, if any (newest first). */
export function findEarlierSession(storage: () => Storage = () => localStorage): EarlierSession | undefined {
  const newest = openableSessions(storage).at(-1);
  if (!newest) return undefined;
  return { finished: newest.envelope.meta.screen === 'result', waitsForRunningTest: testStored(storage) };
}

type Listener = () => void | Promise<void>;
const listeners = new Set<Listener>();

/** The store follows a continued earlier session (create-store.ts): it reads the stored session again. */
export function onEarlierSessionResumed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Puts the newest earlier test that opens back as the stored session and lets the store read it.
 * It stays sealed under the earlier key, which now opens (sealed.ts); the next save seals it under
 * the current one. False while another test runs (nothing is replaced) or when none opens.
 */
export async function resumeEarlierSession(storage: () => Storage = () => localStorage): Promise<boolean> {
  if (testStored(storage)) return false;
  const newest = openableSessions(storage).at(-1);
  if (!newest) return false;
  try {
    storage().setItem(SESSION_STORAGE_KEY, newest.raw);
    const waiting = readEarlierSessions(storage);
    writeEarlierSessions(
      waiting.filter((raw) => raw !== newest.raw),
      storage,
    );
  } catch (error) {
    console.error('Session storage: continuing the earlier session failed', error);
    return false;
  }
  console.info('Test von vor der Passwortänderung wird fortgesetzt');
  for (const listener of listeners) await listener();
  return true;
}
