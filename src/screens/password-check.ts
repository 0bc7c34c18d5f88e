import type { UnlockResult } from '../storage/sealed';

let passwordCheck: Promise<typeof import('./access-password')> | undefined;

/**
 * The passphrase check (its own chunk), loaded once; screens start it before it is needed. A load
 * that failed (offline before the chunk was cached) is not kept: the next call tries again.
 */
export function loadPasswordCheck(): Promise<typeof import('./access-password')> {
  passwordCheck ??= import('./access-password').catch((error: unknown) => {
    passwordCheck = undefined;
    throw error;
  });
  return passwordCheck;
}

/** Whether `input` is the passphrase of the access screen. */
export async function isPassphrase(input: string): Promise<boolean> {
  const { isAccessPassword } = await loadPasswordCheck();
  return isAccessPassword(input);
}

/** Checks the passphrase and opens the device's encrypted data with it. */
export async function unlockWith(input: string): Promise<UnlockResult> {
  const { unlockDevice } = await loadPasswordCheck();
  return unlockDevice(input);
}
