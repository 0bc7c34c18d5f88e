let passwordCheck: Promise<typeof import('./access-password')> | undefined;

/** The passphrase check (its own chunk), loaded once; screens start it before it is needed. */
export function loadPasswordCheck(): Promise<typeof import('./access-password')> {
  passwordCheck ??= import('./access-password');
  return passwordCheck;
}

/** Whether `input` is the passphrase of the access screen. */
export async function isPassphrase(input: string): Promise<boolean> {
  const { isAccessPassword } = await loadPasswordCheck();
  return isAccessPassword(input);
}
