/**
 * Enrolled tablets (docs/product.md §51): the enrolment code, the answers of /api/tablets/* and of
 * the tablets' part of /api/verwaltung, as the server sends them and /verwaltung reads them. Types,
 * constants and one pure function (the code's normalisation) only: both sides import them.
 */

/** The code's alphabet: no 0/O, 1/I/L, so that nothing typed is a look-alike. */
export const ENROLMENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ENROLMENT_CODE_LENGTH = 12;
/** Days an enrolment code is valid. */
export const ENROLMENT_CODE_DAYS = 7;
/** Codes one request of 'Tablet hinzufügen' makes at most (one A4 page). */
export const MAX_CODES_PER_REQUEST = 60;
/** A tablet's name, as the educator or the Verwaltung labels it. */
export const MAX_TABLET_NAME_LENGTH = 60;
/** A tablet silent for longer than this with unsent results is flagged. */
export const SILENT_TABLET_DAYS = 14;
/** /verwaltung counts the results of tablets that are not enrolled over this many days. */
export const UNENROLLED_WINDOW_DAYS = 30;
/** The header of a signed request: `<tabletId>.<base64url signature>`. */
export const TABLET_HEADER = 'x-zaehltest-tablet';
/** The link a code's QR code carries: `<origin>/#einrichten=<code>`. */
export const ENROL_LINK_PREFIX = '/#einrichten=';

/**
 * A typed or scanned code normalised to its 12 characters (upper case, spaces and dashes removed),
 * or the German reason it is not one. A letter outside the alphabet (O, I, L, 0, 1) is refused, not
 * silently replaced.
 */
export function normaliseEnrolmentCode(input: string): { code: string } | { error: string } {
  const code = input.toUpperCase().replace(/[\s-]+/g, '');
  const wrong = [...new Set([...code].filter((char) => !ENROLMENT_CODE_ALPHABET.includes(char)))];
  if (wrong.length > 0)
    return {
      error: `Der Code enthält ${wrong.map((char) => `„${char}“`).join(', ')}; erlaubt sind die Ziffern 2–9 und die Buchstaben außer I, L und O.`,
    };
  if (code.length !== ENROLMENT_CODE_LENGTH)
    return {
      error: `Der Code hat ${ENROLMENT_CODE_LENGTH} Zeichen (drei Gruppen zu vier), hier sind es ${code.length}.`,
    };
  return { code };
}

/** A code as printed and shown: `7KQ2-M4XP-9TRC`. */
export const formatEnrolmentCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** What a tablet needs to check the Einrichtung's passphrase; never the passphrase itself. */
export interface PassphraseRecord {
  /** base64 of 16 random bytes. */
  salt: string;
  iterations: number;
  /** hex HMAC (src/storage/kdf.ts verifierOf). */
  verifier: string;
  /** Grows by one with every change. */
  version: number;
}

export interface TabletSite {
  code: string;
  name: string;
}

/** 201 of POST /api/tablets/enrol. */
export interface EnrolAnswer {
  tabletId: string;
  site: TabletSite;
  passphrase: PassphraseRecord | null;
  /** Whether a `previous` enrolment was proven and linked (its results are accepted). */
  previousLinked: boolean;
}

/** 200 of POST /api/tablets/status. */
export interface StatusAnswer {
  site: TabletSite;
  passphrase: PassphraseRecord | null;
}

/** Why a request of a tablet was refused (the JSON's `reason`). */
export type TabletRefusal =
  | 'code-unknown'
  | 'code-used'
  | 'code-expired'
  | 'tablet-revoked'
  | 'tablet-unknown'
  | 'not-enrolled'
  | 'other-site';

/** One tablet in /verwaltung's list (GET /api/verwaltung/tablets). */
export interface TabletRow {
  id: string;
  name: string;
  enrolledAt: string;
  lastContactAt: string | null;
  appVersion: string | null;
  contentVersion: string | null;
  /** Results waiting in its outbox, as last reported. */
  unsent: number | null;
  lastBackupAt: string | null;
  revokedAt: string | null;
  /** The enrolment that replaced this one (the same device set up again), if any. */
  replacedBy: string | null;
  /** Silent for more than SILENT_TABLET_DAYS with unsent results. */
  silent: boolean;
  /** Reported an app or content version other than the server's build (dist/version.json). */
  oldVersion: boolean;
}

/** An Einrichtung's tablets, its passphrase's state and its open codes. */
export interface SiteTablets {
  code: string;
  name: string;
  active: boolean;
  tablets: TabletRow[];
  /** The Einrichtung's own passphrase: its version and when it was set; null: the build's applies. */
  passphrase: { version: number; changedAt: string } | null;
  /** Codes made and neither used nor expired. */
  openCodes: number;
}

/** GET /api/verwaltung/tablets: the Einrichtungen the account may manage. */
export interface TabletsOverview {
  sites: SiteTablets[];
  /**
   * Per site code, the results tested in the last UNENROLLED_WINDOW_DAYS days that came from
   * tablets that are not enrolled (site null: sent without a code).
   */
  unenrolled: { site: string | null; results: number }[];
  /** The server's build (dist/version.json), or null when it has none. */
  currentVersion: { app: string; content: string } | null;
}

/** POST /api/verwaltung/tablets/codes {site, count, names?}: the codes, shown once. */
export interface NewEnrolmentCodes {
  site: TabletSite;
  expiresAt: string;
  codes: { code: string; link: string; name: string; qrSvg: string }[];
}
