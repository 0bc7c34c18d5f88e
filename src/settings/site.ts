import { SITE_MAX_LENGTH, SITE_PATTERN } from '../domain/facts';
import { readEnrolment } from '../tablet/enrolment';

/**
 * The tablet's 'Einrichtungskennung' (docs/product.md, deployment): a code such as KITA-017 that
 * the association hands out per Kita, set once per device behind the passphrase and sent with each
 * result as `site`. It names the Kita, not a child, so it is a plain device setting in
 * localStorage (not sealed), and it survives the end of a session. An enrolled tablet takes it from
 * its enrolment instead (docs/product.md §51): nobody types it there.
 */
export const SITE_STORAGE_KEY = 'zaehltest-site';
/** Sent on `window` after the code was stored or removed (a restored backup may set it). */
export const SITE_CHANGED_EVENT = 'zaehltest:site-changed';

const pattern = new RegExp(SITE_PATTERN);

export type SiteProblem = 'characters' | 'length' | 'start';

/** Why a typed code cannot be used, or undefined when it can ('' clears the setting). */
export function siteProblem(value: string): SiteProblem | undefined {
  if (value === '' || pattern.test(value)) return undefined;
  if (value.length > SITE_MAX_LENGTH) return 'length';
  if (/[^A-Za-z0-9-]/.test(value)) return 'characters';
  return 'start';
}

/** What is stored for a typed code: trimmed and in capitals (KITA-017 and kita-017 are one Kita). */
export function normalizeSite(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * The enrolled Einrichtung's code on an enrolled tablet; else the stored code, or undefined when
 * none is set (or storage is unavailable or holds junk).
 */
export function readSite(storage: () => Storage = () => localStorage): string | undefined {
  const enrolled = readEnrolment()?.site.code;
  if (enrolled) return enrolled;
  try {
    const value = storage().getItem(SITE_STORAGE_KEY) ?? '';
    return value !== '' && pattern.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Stores a valid code ('' removes it); returns false when the device refused to store it. */
export function saveSite(value: string, storage: () => Storage = () => localStorage): boolean {
  if (siteProblem(value)) throw new Error(`not a site code: ${value}`);
  try {
    if (value === '') storage().removeItem(SITE_STORAGE_KEY);
    else storage().setItem(SITE_STORAGE_KEY, value);
    globalThis.window?.dispatchEvent(new Event(SITE_CHANGED_EVENT));
    return true;
  } catch (error) {
    console.error('Einrichtungskennung could not be stored', error);
    return false;
  }
}
