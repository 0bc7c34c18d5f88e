import type { PassphraseRecord, TabletSite } from '../../schemas/tablets-api';

/**
 * What an enrolled tablet knows of its enrolment (docs/product.md §51): its id, the
 * Einrichtung (code and name) and the Einrichtung's passphrase record, kept in plain localStorage
 * because the access screen shows and uses them before the passphrase. Nothing of a child; the
 * credential itself is in IndexedDB (credential.ts). Small and synchronous: the first screen and
 * `readSite` read it.
 */
export const ENROLMENT_STORAGE_KEY = 'zaehltest-tablet';
/** Sent on `window` when the enrolment or its state changed (enrolled, refused, passphrase). */
export const ENROLMENT_CHANGED_EVENT = 'zaehltest:tablet-changed';
const FORMAT = 1;

export type { PassphraseRecord };
export type Site = TabletSite;

/** Why the server refused the tablet's credential (protocol: 401 reasons). */
export type TabletRefusal = 'tablet-revoked' | 'tablet-unknown' | 'not-enrolled';

export const TABLET_REFUSALS: readonly TabletRefusal[] = ['tablet-revoked', 'tablet-unknown', 'not-enrolled'];

export interface Enrolment {
  format: number;
  tabletId: string;
  site: Site;
  passphrase: PassphraseRecord | null;
  /** The educator's label for the tablet, as given at enrolment. */
  name?: string;
  enrolledAt: string;
  /** Set when the server refused this credential; cleared by a new enrolment. */
  refused?: TabletRefusal;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function changed(): void {
  globalThis.window?.dispatchEvent(new Event(ENROLMENT_CHANGED_EVENT));
}

function isPassphraseRecord(value: unknown): value is PassphraseRecord {
  const v = value as Partial<PassphraseRecord> | null;
  return (
    typeof v?.salt === 'string' &&
    typeof v.verifier === 'string' &&
    Number.isInteger(v.iterations) &&
    Number.isInteger(v.version)
  );
}

/** The tablet's enrolment, or undefined when it is not enrolled (or the record is unreadable). */
export function readEnrolment(): Enrolment | undefined {
  try {
    const raw = storage()?.getItem(ENROLMENT_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<Enrolment>;
    if (
      parsed.format !== FORMAT ||
      typeof parsed.tabletId !== 'string' ||
      typeof parsed.site?.code !== 'string' ||
      typeof parsed.site.name !== 'string' ||
      !(parsed.passphrase === null || isPassphraseRecord(parsed.passphrase))
    ) {
      return undefined;
    }
    return parsed as Enrolment;
  } catch {
    return undefined;
  }
}

export function writeEnrolment(enrolment: Omit<Enrolment, 'format'>): void {
  storage()?.setItem(ENROLMENT_STORAGE_KEY, JSON.stringify({ ...enrolment, format: FORMAT }));
  changed();
}

/** Applies what the server said of the enrolment (a status answer): site and passphrase record. */
export function updateEnrolment(update: Partial<Pick<Enrolment, 'site' | 'passphrase' | 'refused'>>): void {
  const current = readEnrolment();
  if (!current) return;
  const next: Enrolment = { ...current, ...update };
  if (update.refused === undefined && 'refused' in update) delete next.refused;
  storage()?.setItem(ENROLMENT_STORAGE_KEY, JSON.stringify(next));
  changed();
}

/**
 * Why uploads are refused while the tablet is not enrolled (UPLOAD_ACCESS=enrolled): kept beside
 * the enrolment, since there is none to note it in.
 */
export const NOT_ENROLLED_STORAGE_KEY = 'zaehltest-tablet-refused';

/** Notes that the server refused the tablet's uploads, so the access screen says how to go on. */
export function noteRefusal(reason: TabletRefusal): void {
  if (readEnrolment()) updateEnrolment({ refused: reason });
  else {
    storage()?.setItem(NOT_ENROLLED_STORAGE_KEY, reason);
    changed();
  }
}

/** Why the server refuses this tablet's uploads, if it does. */
export function readRefusal(): TabletRefusal | undefined {
  const enrolment = readEnrolment();
  if (enrolment) return enrolment.refused;
  try {
    const noted = storage()?.getItem(NOT_ENROLLED_STORAGE_KEY);
    return TABLET_REFUSALS.find((reason) => reason === noted);
  } catch {
    return undefined;
  }
}

export function clearNotEnrolledRefusal(): void {
  storage()?.removeItem(NOT_ENROLLED_STORAGE_KEY);
}
