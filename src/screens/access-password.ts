import {
  checkPassphrase,
  continueWithoutEarlierData,
  earlierDataLocked,
  openEarlierData,
  startWithNewKey,
  type UnlockResult,
  unlock,
  unlockWithOldPassphrase,
} from '../storage/sealed';

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

export {
  continueWithoutEarlierData,
  earlierDataLocked,
  openEarlierData,
  startWithNewKey,
  type UnlockResult,
  unlockWithOldPassphrase,
};
