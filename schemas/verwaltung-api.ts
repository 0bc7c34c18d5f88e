/**
 * Accounts, roles and Einrichtungen (docs/product.md §47): the answers of the login, the account's
 * own routes (/api/konto/*) and the Verwaltung's routes (/api/verwaltung/*), as the server sends
 * them and the pages /auswertung and /verwaltung read them. Types and constants only: both sides
 * import them, neither imports the other.
 */

/**
 * 'verwaltung': everything; 'leitung' (Kita-Leitung): the results of her Einrichtungen, nothing
 * else; 'forschung': pseudonymous results of all Einrichtungen or of chosen ones; 'sprache'
 * (Sprachprüfung): reviews and records the texts of its languages, sees no results (docs/product.md §50).
 */
export const ROLES = ['verwaltung', 'leitung', 'forschung', 'sprache'] as const;
export type Role = (typeof ROLES)[number];

/** The roles as the pages and the Protokoll name them. */
export const ROLE_LABELS: Record<Role, string> = {
  verwaltung: 'Verwaltung',
  leitung: 'Kita-Leitung',
  forschung: 'Forschung',
  sprache: 'Sprachprüfung',
};

/** A password's minimum length (docs/product.md §47). */
export const MIN_PASSWORD_LENGTH = 12;
/** An account's name: letters, digits, '.', '_' and '-', 2 to 40 characters. */
export const ACCOUNT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$';

/**
 * Who is signed in (GET /api/auswertung/session, and the answer of a login): an account, or the
 * holder of EXPORT_TOKEN (Forschung on all Einrichtungen, `name` null).
 */
export interface Me {
  name: string | null;
  role: Role;
  /** The Einrichtungen (codes) whose results the account sees, or 'alle'. */
  sites: string[] | 'alle';
  /** Role Sprachprüfung only: the languages it reviews (docs/product.md §50). */
  languages?: string[];
  /** A one-time password: every route but the password change answers 403 until it is replaced. */
  mustChangePassword: boolean;
}

/** POST /api/auswertung/login: an account's name and password, or EXPORT_TOKEN as `token`. */
export type LoginBody = { name: string; password: string } | { token: string };

/** POST /api/konto/password. */
export interface PasswordChange {
  current: string;
  next: string;
}

/** GET /api/konto/tokens: the account's API tokens (never their values). */
export interface ApiTokenRow {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** POST /api/konto/tokens {name}: the token, shown once. */
export interface NewApiToken {
  id: number;
  token: string;
}

/** GET /api/verwaltung/sites: each Einrichtung with its number of results and the codes joined to it. */
export interface SiteRow {
  code: string;
  name: string;
  active: boolean;
  results: number;
  /** Codes uploads used that were assigned to this Einrichtung ('kita-17' → 'KITA-017'). */
  aliases: string[];
}

/** GET /api/verwaltung/unassigned: codes in results that are no Einrichtung (yet), with their count. */
export interface UnassignedCode {
  code: string;
  results: number;
}

/** GET /api/verwaltung/accounts. */
export interface AccountRow {
  id: number;
  name: string;
  role: Role;
  /** Codes of the account's Einrichtungen, or 'alle'. */
  sites: string[] | 'alle';
  /** Role Sprachprüfung: the languages it reviews (codes); [] for the other roles. */
  languages: string[];
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

/** POST /api/verwaltung/accounts and PATCH /api/verwaltung/accounts/:id. */
export interface AccountInput {
  name: string;
  role: Role;
  sites: string[] | 'alle';
  /** Role Sprachprüfung: its languages (codes of the child languages). */
  languages?: string[];
}

/** A new account, or a password reset: the one-time password, shown once. */
export interface OneTimePassword {
  id: number;
  oneTimePassword: string;
}

/**
 * The Datenschutz-Unterlagen (docs/privacy.md): their files, in order, as server/datenschutz/
 * documents.ts writes them and /verwaltung offers each for download; keyed by the page's label.
 */
export const DATENSCHUTZ_FILES = {
  verzeichnis: '01-verzeichnis-verarbeitungstaetigkeiten.md',
  massnahmen: '02-technische-organisatorische-massnahmen.md',
  loeschkonzept: '03-loeschkonzept.md',
  folgenabschaetzung: '04-hinweise-datenschutz-folgenabschaetzung.md',
  auftragsverarbeitung: '05-checkliste-auftragsverarbeitung.md',
} as const;
export type DatenschutzFileName = (typeof DATENSCHUTZ_FILES)[keyof typeof DATENSCHUTZ_FILES];

/** One of them as GET /api/verwaltung/datenschutz answers (Markdown). */
export interface DatenschutzFile {
  file: DatenschutzFileName;
  text: string;
}

/**
 * How long the nightly backup of docs/deploy.md stays on the server (its cron line deletes backups
 * after 30 days): the guide's rule, which the documents and 'Fristen' on /verwaltung state;
 * scripts/datenschutz/datenschutz.test.ts checks that the guide still says so.
 */
export const BACKUP_KEEP_DAYS = 30;
