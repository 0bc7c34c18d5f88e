import {
  checkPassphrase,
  continueWithoutEarlierData as continueWithNewKey,
  earlierDataLocked,
  openEarlierData,
  startWithNewKey,
  type UnlockResult,
  unlock,
  unlockWithOldPassphrase,
} from '../storage/sealed';
import { setStoredSessionAside } from '../store/session-key';

/**
 * The passphrase check, its own chunk: the access screen draws without it and loads it in the
 * background. It runs the slow, salted KDF (src/storage/kdf.ts) and compares with the verifier
 * made at build time: the bundle holds no fast hash to guess against (docs/product.md).
 */
export function isAccessPassword(input: string): Promise<boolean> {
  return checkPassphrase(input);
}

/** The access screen's check: the passphrase also opens the device's encrypted data. */
export function unlockDevice(input: string): Promise<UnlockResult> {
  return unlock(input);
}

/**
 * 'Später' after the Einrichtung's passphrase changed (docs/product.md §51): the new passphrase opens
 * the tablet for new work. A test running under the earlier passphrase is first set aside under its
 * own storage key, so that the next session does not overwrite it; it is offered again once the
 * earlier passphrase is typed (src/store/earlier-session.ts).
 */
export function continueWithoutEarlierData(): void {
  setStoredSessionAside();
  continueWithNewKey();
}

export { findEarlierSession, resumeEarlierSession } from '../store/earlier-session';

export { earlierDataLocked, openEarlierData, startWithNewKey, type UnlockResult, unlockWithOldPassphrase };
