import type { KeyObject } from 'node:crypto';
import type { ChildTest, Levels, Overview } from '../../schemas/auswertung-api.ts';
import type { ConsentWithdrawal } from '../../schemas/consent-withdrawal.ts';
import type { ResultPayload } from '../../schemas/result-payload.ts';
import type { PassphraseRecord, TabletRow, TabletSite } from '../../schemas/tablets-api.ts';
import type { AccountRow, ApiTokenRow, Role, SiteRow, UnassignedCode } from '../../schemas/verwaltung-api.ts';
import type { Understanding } from '../../src/domain/facts.ts';

export type BackendKind = 'pglite' | 'postgres';

/** A stored result: the payload as sent plus the server's row id and time of receipt. */
export type StoredResult = Omit<ResultPayload, 'born'> & {
  id: number;
  /** Server time of the first successful upload. */
  receivedAt: Date;
  /** YYYY-MM-DD, or '' when the operator left it empty (as in the payload). */
  born: string;
  /** Whole months from birth date to test date; null when either is missing. */
  ageMonths: number | null;
  /** Points on levels 1, 2 and 3 (correct answers per level). */
  pointsPerLevel: [number, number, number];
  /** The assigned level 1..3, or 4 for 'größer 3' (src/results/levels.ts). */
  assignedLevel: number;
  /**
   * With a child code: the result's place among the stored results of that code by test day
   * (1 = the child's first test); absent without a code.
   */
  childTestNumber?: number;
  /**
   * The submission id of the result's bilingual partner (docs/product.md §44): the child's test in
   * German when this one is not, or in another language when it is, run to its end and at most
   * PAIR_DAYS away (server/db/rows.ts bilingualPartner); absent without one.
   */
  bilingualPartner?: string;
};

/**
 * The enrolled tablet that sent a result, and the Einrichtung of its enrolment then (docs/product.md
 * §51); null for a result without a site (taken before the tablet's first enrolment).
 */
export interface ResultOrigin {
  tabletId: string;
  enrolledSite: string | null;
}

export interface InsertOutcome {
  id: number;
  /** false when a result with this submissionId was already stored (an idempotent repeat). */
  created: boolean;
}

/** Where results live. Both backends (PGlite, PostgreSQL) run the same SQL. */
export interface ResultStore {
  readonly kind: BackendKind;
  /**
   * Stores the result once per submissionId; a repeat returns the stored row's id. `origin`: the
   * enrolled tablet that sent it (absent: a tablet that is not enrolled).
   */
  insertResult(payload: ResultPayload, origin?: ResultOrigin): Promise<InsertOutcome>;
  getById(id: number): Promise<StoredResult | undefined>;
  /**
   * The results stored when the call began, in id order, read in batches so that memory stays
   * flat for any table size.
   */
  iterateResults(batchSize?: number): AsyncGenerator<StoredResult>;
  count(): Promise<number>;
  /**
   * Records a withdrawn research consent (docs/product.md §48, migration 015) and sets that child
   * code's results of that site up to the withdrawal day to 'no'; later uploads of results tested up
   * to that day are stored as 'no' too. Idempotent; the number of results it changed.
   */
  withdrawResearchConsent(withdrawal: ConsentWithdrawal): Promise<number>;
  /**
   * Throws when the database does not answer or an upload's write would likely fail: a probe write fails, or the last upload's
   * write failed for a reason other than its data (and none has succeeded since).
   */
  checkWrites(): Promise<void>;
  /** Accounts, Einrichtungen and API tokens (docs/product.md §47); absent in test doubles that need none. */
  accounts?: AccountStore;
  /** Enrolled tablets, their codes and the passphrases of the Einrichtungen (docs/product.md §51). */
  tablets?: TabletStore;
  /** The researchers' queries (/auswertung); absent in test doubles that need none. */
  readonly research?: ResearchStore;
  /** Native review and recordings (docs/product.md §50); absent in test doubles that need none. */
  readonly sprachen?: SprachenStore;
  close(): Promise<void>;
}

/** The one primitive both backends provide: a parameterised query returning rows. */
export interface Queryable {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

/** A single database session, used for migrations (advisory lock and DDL on one connection). */
export interface Session extends Queryable {
  /** Runs a script of several statements without parameters. */
  exec(script: string): Promise<void>;
}

/** What the researchers' page narrows every number and download to. All fields are optional. */
export interface ResultFilter {
  /** First test day, YYYY-MM-DD (inclusive). */
  from?: string;
  /** Last test day, YYYY-MM-DD (inclusive). */
  to?: string;
  language?: StoredResult['language'];
  school?: StoredResult['school'];
  /** A content version, or null for results sent without one (before versions existed). */
  contentVersion?: string | null;
  /** An 'Einrichtungskennung': results sent from that Kita's tablets. */
  site?: string;
  /**
   * 'ohne': results whose prompts were all unspoken (sound 'none'); 'mit': every other result,
   * including those without prompt details (sent before prompts were recorded). Absent: all.
   */
  sound?: 'mit' | 'ohne';
  /**
   * 'vorzeitig beendet' (docs/product.md §38): 'ohne' leaves out the tests ended with 'Test
   * beenden', 'nur' keeps only them. Absent: all.
   */
  ended?: 'ohne' | 'nur';
  /**
   * 'Sprachverständnis' (docs/product.md §39): only the results whose recorded understanding is
   * this. Absent: all, those without a recorded answer included.
   */
  understanding?: Understanding;
  /**
   * 'Profil' (docs/product.md §28): 'nur' keeps only the results with an unusual profile (the
   * column `unusual`, migration 011), 'ohne' leaves them out. Absent: all.
   */
  profile?: 'ohne' | 'nur';
  /**
   * The Einrichtungen the asking account may see (docs/product.md §47): set by the server from who
   * asks, never from the query string; absent: all.
   */
  scope?: string[];
  /** One child's results (the Auskunft, docs/product.md §46); not a filter of the page's form. */
  childCode?: string;
  /**
   * Research sees only results with the parents' consent (docs/product.md §48): 'consent' keeps
   * those sent with 'yes'; 'consent-or-unknown' also those without a recorded consent ('unknown',
   * and NULL from before), when UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH says so. Absent: all results.
   * Set by the server for every statistics and download request, never by the page's form.
   */
  researchConsent?: ResearchConsentRule;
}

/** Which results research may see (ResultFilter.researchConsent). */
export type ResearchConsentRule = 'consent' | 'consent-or-unknown';

/**
 * Sums from which item statistics and KR-20 follow without a second pass: per item the number
 * correct and the sum of total score over those who got it right; per level the sum and the sum
 * of squares of the level score. `language` null is the whole filtered set.
 */
export interface ItemSums {
  language: string | null;
  n: number;
  totalSum: number;
  totalSquares: number;
  /** `noAnswer`: children whose answer was recorded as 'keine Antwort' ('Weiß nicht'). */
  items: { question: number; correct: number; totalWhenCorrect: number; noAnswer: number }[];
  levels: { level: 1 | 2 | 3; sum: number; squares: number }[];
}

/** Per language and total score: how many children, and how many of them solved each item. */
export interface ScoreStratum {
  language: string;
  total: number;
  n: number;
  /** Correct answers per question id, in SCORED_QUESTION_IDS order. */
  correct: number[];
}

/**
 * Children with a child code among the filtered results, grouped by what the 'Verlauf' statistics
 * need: the first test's language and level, the latest test's level, and the change in points
 * per level from the first to the latest test. Children with one filtered test are only counted:
 * their group has language '', levels 0 and no change.
 */
export interface ProgressGroupRow {
  /** More than one filtered test of the child. */
  repeated: boolean;
  language: string;
  firstLevel: number;
  latestLevel: number;
  /** Latest minus first points on levels 1, 2 and 3. */
  change: [number, number, number];
  /** Children in this group. */
  n: number;
  /** Their filtered results together. */
  tests: number;
  /** Sum over the children of the days between the first and the latest test. */
  days: number;
}

/**
 * Children with a bilingual pair among the filtered results (docs/product.md §44), per home
 * language: their first pair by test day, and its two assigned levels compared and summed.
 */
export interface BilingualRow {
  /** The home language's result code. */
  language: string;
  n: number;
  higher: number;
  same: number;
  lower: number;
  /** Sums of the assigned levels (4 = 'größer 3') in the home language and in German. */
  homeLevels: number;
  germanLevels: number;
}

/** The level charts' counts of children (Levels without how they counted). */
export type ChildLevels = Pick<Levels, 'n' | 'byLanguage' | 'byAgeBand'>;

/** What the Protokoll records (server/db/protokoll.ts, docs/product.md §46). */
export type ProtokollKind =
  | 'login'
  | 'login-failed'
  | 'export'
  | 'deletion'
  | 'retention'
  | 'auskunft'
  /** An account added, changed (role, Einrichtungen, disabled), or its password set or reset (docs/product.md §47). */
  | 'account'
  /** An API token created or revoked. */
  | 'token'
  /** An Einrichtung added or changed, or a code assigned to one. */
  | 'site'
  /** A text confirmed or corrected, a recording made or approved (docs/product.md §50). */
  | 'sprache'
  /** Enrolment codes made, a tablet enrolled or revoked, an Einrichtung's passphrase set (docs/product.md §51). */
  | 'tablet';

export interface ProtokollEntry {
  kind: ProtokollKind;
  /** Who: an account's name and role, or the export key; never a token's value. */
  actor: string;
  /** How many results (deletions); absent where it does not apply. */
  count?: number;
  /** What, in German for the page and the CSV: the format and filter of an export, say. */
  detail?: string;
  /** A deletion by child code: the code, stored only as its keyed hash. */
  childCode?: string;
}

export interface ProtokollRow {
  id: number;
  at: string;
  kind: ProtokollKind;
  actor: string;
  count: number | null;
  detail: string;
}

export interface ProtokollFilter {
  kind?: ProtokollKind;
  /** First day, YYYY-MM-DD (inclusive), a day of `timeZone`. */
  from?: string;
  /** Last day, YYYY-MM-DD (inclusive). */
  to?: string;
  /** The zone whose days `from` and `to` mean (EXPORT_TIME_ZONE); default Europe/Berlin. */
  timeZone?: string;
}

export interface ProtokollStore {
  record(entry: ProtokollEntry): Promise<void>;
  /** Matching entries, newest first; at most `limit`. */
  protokoll(filter: ProtokollFilter, limit?: number): Promise<ProtokollRow[]>;
  /** How many entries match. */
  countProtokoll(filter: ProtokollFilter): Promise<number>;
  /** The deletions recorded for this child code (a parent's request carried out?), newest first. */
  deletionsOfChildCode(childCode: string): Promise<ProtokollRow[]>;
  /** Removes entries more than `months` before `now`; the number removed. */
  pruneProtokoll(months: number, now?: Date): Promise<number>;
}

/** What the deletion journal deletes again after a restore (server/deletion-journal.ts). */
export interface JournalledDeletions {
  /** A child code's results received at or before `at` (ISO time), on `site` (null: any site). */
  children: { childCode: string; at: string; site: string | null }[];
  /** The result of a submission id, if on `site` (null: any site). */
  submissions: { submissionId: string; site: string | null }[];
}

/** The queries of the deletion journal's pass at start (server/db/deletion-journal.ts). */
export interface JournalReplayStore {
  /** Every distinct child code among the results. */
  childCodes(): Promise<string[]>;
  /** Deletes what `deletions` names, in one statement; the number of results deleted. */
  deleteJournalled(deletions: JournalledDeletions): Promise<number>;
}

/** The researchers' queries, and the Protokoll of what was done with them (server/db/protokoll.ts). */
export interface ResearchStore extends ProtokollStore, JournalReplayStore {
  /** Counts of the filtered results. */
  overview(filter: ResultFilter): Promise<Overview>;
  /**
   * The statistics count children, each with one of its filtered tests (`test`): a child is its
   * site and child code together; a result without a code is a child of its own.
   */
  itemSums(filter: ResultFilter, test: ChildTest): Promise<ItemSums[]>;
  scoreStrata(filter: ResultFilter, test: ChildTest): Promise<ScoreStratum[]>;
  childLevels(filter: ResultFilter, test: ChildTest): Promise<ChildLevels>;
  progressGroups(filter: ResultFilter): Promise<ProgressGroupRow[]>;
  /** Children with a bilingual pair, per home language (BilingualRow). */
  bilingualPairs(filter: ResultFilter): Promise<BilingualRow[]>;
  /** The filtered results stored when the call began, in id order, read in batches (readResults). */
  iterateResults(filter: ResultFilter, batchSize?: number): AsyncGenerator<StoredResult>;
  /**
   * Deletes the result with this submission id (of an Einrichtung in `scope`, absent: any): its
   * child code (for the Protokoll), or undefined when there is none.
   */
  deleteBySubmissionId(
    submissionId: string,
    scope?: string[],
  ): Promise<{ childCode: string | null } | undefined>;
  /** How many results carry this child code (of the Einrichtungen in `scope`, absent: all). */
  countByChildCode(childCode: string, scope?: string[]): Promise<number>;
  /** Deletes every result of this child code (of the Einrichtungen in `scope`); the number deleted. */
  deleteByChildCode(childCode: string, scope?: string[]): Promise<number>;
  /**
   * Deletes the results past the retention period on `today` (YYYY-MM-DD): a child code's results
   * once its latest test day is `months` months ago, a result without a code once its own test day
   * is (server/db/retention.ts). The number deleted.
   */
  deleteExpired(months: number, today: string): Promise<number>;
  /** A session of the cookie hashed to `tokenHash`, opened with the key of `keyFingerprint`. */
  createSession(tokenHash: string, expiresAt: Date, keyFingerprint: string): Promise<void>;
  /** Whether that session lives and was opened with the key of `keyFingerprint` (the current one). */
  hasSession(tokenHash: string, keyFingerprint: string): Promise<boolean>;
  deleteSession(tokenHash: string): Promise<void>;
}

/* Accounts, Einrichtungen and API tokens (server/db/accounts.ts, docs/product.md §47). */

/** Who asks: an account (by session or API token), or the holder of EXPORT_TOKEN (`accountId` null). */
export interface Principal {
  accountId: number | null;
  name: string | null;
  role: Role;
  /** The Einrichtungen whose results it sees, or 'alle'. */
  sites: string[] | 'alle';
  /** Role Sprachprüfung: the languages whose texts it reviews (docs/product.md §50); [] otherwise. */
  languages: string[];
  mustChangePassword: boolean;
}

/** An account as the login needs it. */
export interface LoginAccount {
  id: number;
  name: string;
  role: Role;
  passwordHash: string;
  disabled: boolean;
  generation: number;
}

export interface AccountStore {
  listSites(): Promise<SiteRow[]>;
  /** Adds an Einrichtung; refuses a code that exists. */
  addSite(code: string, name: string): Promise<void>;
  /** Renames, deactivates or reactivates an Einrichtung; refuses an unknown code. */
  updateSite(code: string, change: { name?: string; active?: boolean }): Promise<void>;
  /** Codes in results that are neither an Einrichtung nor assigned to one. */
  unassignedCodes(): Promise<UnassignedCode[]>;
  /** Joins `code` to the Einrichtung `site`: its results move there, later uploads too. How many moved. */
  assignCode(code: string, site: string): Promise<number>;

  listAccounts(): Promise<AccountRow[]>;
  /** A new account with a one-time password's hash; its id. Refuses a taken name or an unknown Einrichtung. */
  addAccount(
    input: { name: string; role: Role; sites: string[] | 'alle'; languages?: string[] | undefined },
    passwordHash: string,
  ): Promise<number>;
  /** A new role or new Einrichtungen, or disabled / enabled: every session of the account ends. */
  updateAccount(
    id: number,
    change: { role?: Role; sites?: string[] | 'alle'; languages?: string[]; disabled?: boolean },
  ): Promise<AccountRow>;
  /** A new password hash; every session ends except `keepSession` (the hash of the one that changed it). */
  setPassword(id: number, passwordHash: string, mustChange: boolean, keepSession?: string): Promise<void>;
  accountById(id: number): Promise<AccountRow | undefined>;
  accountForLogin(name: string): Promise<LoginAccount | undefined>;

  createAccountSession(tokenHash: string, expiresAt: Date, account: LoginAccount): Promise<void>;
  /**
   * The principal of a living session: an account's while its generation is the session's and it
   * is not disabled; EXPORT_TOKEN's while `keyFingerprint` is the session's.
   */
  sessionPrincipal(tokenHash: string, keyFingerprint: string): Promise<Principal | undefined>;

  listTokens(accountId: number): Promise<ApiTokenRow[]>;
  createToken(accountId: number, name: string, tokenHash: string): Promise<number>;
  /** Revokes the account's token; false when it has none of that id (or it is revoked already). */
  revokeToken(accountId: number, id: number): Promise<boolean>;
  /** The principal of an unrevoked token of an enabled account. */
  tokenPrincipal(tokenHash: string): Promise<Principal | undefined>;
}

/* Native review and recordings (server/db/sprachen.ts, docs/product.md §50). */

/** A row of text_reviews (migration 018) with its account's name. */
export interface ReviewRow {
  id: number;
  key: string;
  contentVersion: string;
  baseText: string;
  german: string;
  kind: 'confirm' | 'correct';
  text: string;
  note: string;
  accountId: number;
  by: string;
  at: string;
}

/** A row of recordings (migration 018), without its bytes. */
export interface RecordingRow {
  id: number;
  key: string;
  contentVersion: string;
  text: string;
  madeById: number;
  madeBy: string;
  madeAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
}

export interface NewReview {
  language: string;
  key: string;
  contentVersion: string;
  baseText: string;
  german: string;
  kind: 'confirm' | 'correct';
  text: string;
  note: string;
  accountId: number;
}

export interface NewRecording {
  language: string;
  key: string;
  contentVersion: string;
  text: string;
  audio: Uint8Array;
  accountId: number;
}

export interface SprachenStore {
  reviews(language: string): Promise<ReviewRow[]>;
  addReview(review: NewReview): Promise<void>;
  recordings(language: string): Promise<RecordingRow[]>;
  addRecording(recording: NewRecording): Promise<number>;
  /** Sets who approved a take not yet approved and not theirs; false when there is no such take. */
  approveRecording(id: number, accountId: number): Promise<boolean>;
  recording(id: number): Promise<(RecordingRow & { language: string }) | undefined>;
  audio(id: number): Promise<Uint8Array | undefined>;
}

/* Enrolled tablets (server/db/tablets.ts, docs/product.md §51). */

/** What a signature check needs of a tablet. */
export interface TabletCredential {
  id: string;
  site: string;
  publicKey: KeyObject;
  revoked: boolean;
  /** The Einrichtungen of this enrolment and of every earlier one of the same device, this one first. */
  chainSites: string[];
}

/** A tablet as /verwaltung lists it (schemas/tablets-api.ts), with its site, before the server's version flag. */
export type StoredTablet = Omit<TabletRow, 'oldVersion'> & { site: string };

export interface EnrolInput {
  codeHash: string;
  tabletId: string;
  /** base64 SPKI. */
  publicKey: string;
  name: string;
  appVersion: string | null;
  contentVersion: string | null;
  /** A proven earlier enrolment of the same device: linked, and revoked if it was not. */
  previousId: string | null;
}

export type EnrolOutcome =
  | { outcome: 'enrolled'; site: TabletSite; name: string }
  | { outcome: 'code-unknown' | 'code-used' | 'code-expired' };

export interface TabletStatus {
  appVersion: string | null;
  contentVersion: string | null;
  unsent: number;
  lastBackupAt: string | null;
}

export interface TabletStore {
  /** Stores the hashes of new codes of one request (`batch`) for `site`. */
  createCodes(input: {
    site: string;
    batch: string;
    codes: { hash: string; name: string }[];
    expiresAt: Date;
    createdBy: string;
  }): Promise<void>;
  /** Uses a code once and makes the tablet, in one statement; or why the code cannot be used. */
  enrol(input: EnrolInput): Promise<EnrolOutcome>;
  /** The cached credential of a tablet (read from the database at most every CREDENTIAL_TTL_MS). */
  credential(tabletId: string): Promise<TabletCredential | undefined>;
  /** What the tablet reported; its last contact is now. */
  reportStatus(tabletId: string, status: TabletStatus): Promise<void>;
  /** Revokes at once (memory too); the tablet's site and name, or undefined when unknown or revoked already. */
  revoke(tabletId: string): Promise<{ site: string; name: string } | undefined>;
  /** A tablet's Einrichtung and state, for the checks of the routes. */
  tabletById(
    tabletId: string,
  ): Promise<{ id: string; site: string; name: string; revoked: boolean } | undefined>;
  /** The tablets of the Einrichtungen in `sites` (undefined: all), newest enrolment first per site. */
  listTablets(sites: string[] | undefined, silentDays: number): Promise<StoredTablet[]>;
  /** Open codes (unused, unexpired) per Einrichtung. */
  openCodes(sites: string[] | undefined): Promise<Map<string, number>>;
  siteOf(code: string): Promise<(TabletSite & { active: boolean }) | undefined>;
  /** The Einrichtungen of `sites` (undefined: all), by code. */
  listSites(sites: string[] | undefined): Promise<(TabletSite & { active: boolean })[]>;
  passphrase(site: string): Promise<PassphraseRecord | null>;
  /** Every Einrichtung's passphrase state (version, when set), for the list. */
  passphraseStates(sites: string[] | undefined): Promise<Map<string, { version: number; changedAt: string }>>;
  /** Stores a new salt and verifier; the new version. */
  setPassphrase(site: string, record: Omit<PassphraseRecord, 'version'>): Promise<number>;
  /** The tablet and enrolled Einrichtung stored with each of these results (for checks: docs/testing.md). */
  resultOrigins(
    submissionIds: string[],
  ): Promise<Map<string, { tabletId: string | null; enrolledSite: string | null }>>;
  /** Results tested since `sinceDay` (YYYY-MM-DD) without a tablet, per site code (of `sites`, undefined: all). */
  unenrolledResults(
    sinceDay: string,
    sites: string[] | undefined,
  ): Promise<{ site: string | null; results: number }[]>;
}
