/**
 * The tablet's side of the enrolment protocol (docs/product.md §51;
 * docs/product.md §51): POST /api/tablets/enrol with a new key pair, and the signed status
 * report POST /api/tablets/status. Loaded on demand: the access screen draws without it.
 */
import { type NormalizedCode, normalizeEnrolmentCode } from './code';
import {
  credentialsPossible,
  newKeyPair,
  promotePendingCredential,
  publicKeySpki,
  readCredential,
  storePendingCredential,
} from './credential';
import {
  clearNotEnrolledRefusal,
  type Enrolment,
  noteRefusal,
  type PassphraseRecord,
  readEnrolment,
  type Site,
  TABLET_REFUSALS,
  type TabletRefusal,
  updateEnrolment,
  writeEnrolment,
} from './enrolment';
import { signedPath, signRequest, TABLET_HEADER } from './sign';

/** The tablet routes beside the results' (RESULT_ENDPOINT): …/api/results → …/api/tablets/enrol. */
export function tabletEndpoint(resultEndpoint: string, route: 'enrol' | 'status'): string {
  return resultEndpoint.replace(/results\/?$/, `tablets/${route}`);
}

export type EnrolFailure =
  | { kind: 'code'; problem: Exclude<NormalizedCode, { code: string }> }
  | { kind: 'insecure' }
  | { kind: 'code-unknown' | 'code-used' | 'code-expired' | 'rate-limited' | 'offline' | 'storage' }
  /** Anything else the server refused: its German message, shown as it is. */
  | { kind: 'server'; message: string };

export type EnrolOutcome = { ok: true; enrolment: Enrolment } | { ok: false; failure: EnrolFailure };

interface EnrolResponse {
  tabletId: string;
  site: Site;
  passphrase: PassphraseRecord | null;
}

export interface EnrolOptions {
  code: string;
  name?: string;
  endpoint?: string;
  fetch?: typeof globalThis.fetch;
  versions?: Versions;
}

export interface Versions {
  appVersion: string;
  contentVersion?: string;
}

/**
 * Enrols the tablet with a code: a new key pair (non-extractable, credential.ts), the public key to
 * the server, and on success the tablet id, the Einrichtung and its passphrase record kept. A
 * tablet enrolled before proves with its old key that it is the same device (`previous`), so its
 * earlier results are still accepted. The old enrolment stays in force until the new one succeeds.
 */
export async function enrolTablet({
  code: typed,
  name,
  endpoint = tabletEndpoint(__RESULT_ENDPOINT__, 'enrol'),
  fetch = globalThis.fetch.bind(globalThis),
  versions,
}: EnrolOptions): Promise<EnrolOutcome> {
  const normalized = normalizeEnrolmentCode(typed);
  if (!('code' in normalized)) return { ok: false, failure: { kind: 'code', problem: normalized } };
  if (!credentialsPossible()) return { ok: false, failure: { kind: 'insecure' } };
  let pair: CryptoKeyPair;
  let previous: { tabletId: string; privateKey: CryptoKey } | undefined;
  try {
    const current = await readCredential();
    if (current?.tabletId) previous = { tabletId: current.tabletId, privateKey: current.privateKey };
    pair = await storePendingCredential(await newKeyPair());
  } catch (error) {
    console.error('Tablet key could not be made or stored', error);
    return { ok: false, failure: { kind: 'storage' } };
  }
  const label = name?.trim().slice(0, 60);
  const body = {
    code: normalized.code,
    publicKey: await publicKeySpki(pair.publicKey),
    ...(label ? { name: label } : {}),
    ...(versions ?? (await currentVersions())),
  };
  const text = JSON.stringify(body);
  // `previous` is signed over the body without it, then appended last (docs/product.md §51).
  const sent = previous
    ? JSON.stringify({
        ...body,
        previous: {
          tabletId: previous.tabletId,
          signature: await signRequest(previous.privateKey, 'POST', signedPath(endpoint), text),
        },
      })
    : text;
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: sent,
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, failure: { kind: 'offline' } };
  }
  const answer = (await response.json().catch(() => undefined)) as
    | (Partial<EnrolResponse> & { error?: string; reason?: string })
    | undefined;
  if (response.status === 201 && answer?.tabletId && answer.site) {
    try {
      await promotePendingCredential(answer.tabletId);
    } catch (error) {
      console.error('Tablet key could not be kept', error);
      return { ok: false, failure: { kind: 'storage' } };
    }
    const enrolment: Omit<Enrolment, 'format'> = {
      tabletId: answer.tabletId,
      site: answer.site,
      passphrase: answer.passphrase ?? null,
      ...(label ? { name: label } : {}),
      enrolledAt: new Date().toISOString(),
    };
    writeEnrolment(enrolment);
    clearNotEnrolledRefusal();
    return { ok: true, enrolment: { ...enrolment, format: 1 } };
  }
  const reason = answer?.reason;
  if (reason === 'code-unknown' || reason === 'code-used' || reason === 'code-expired') {
    return { ok: false, failure: { kind: reason } };
  }
  if (response.status === 429) return { ok: false, failure: { kind: 'rate-limited' } };
  // A Wi-Fi login page or a proxy answering instead of the server: as if offline.
  if (typeof answer?.error !== 'string') return { ok: false, failure: { kind: 'offline' } };
  return { ok: false, failure: { kind: 'server', message: answer.error } };
}

/** The app's and the content's version, as the enrolment and the status report carry them. */
export async function currentVersions(): Promise<Versions> {
  try {
    const { contentVersion } = await import('virtual:zaehltest-content');
    return { appVersion: __APP_VERSION__, contentVersion };
  } catch {
    return { appVersion: __APP_VERSION__ };
  }
}

/** The header that signs a request of the enrolled tablet, or none when it is not enrolled. */
export async function tabletHeaders(
  method: string,
  url: string,
  body: string,
): Promise<Record<string, string>> {
  const enrolment = readEnrolment();
  if (!enrolment) return {};
  const credential = await readCredential();
  if (!credential || credential.tabletId !== enrolment.tabletId) return {};
  const signature = await signRequest(credential.privateKey, method, signedPath(url), body);
  return { [TABLET_HEADER]: `${enrolment.tabletId}.${signature}` };
}

/**
 * The reason of a 401 that refuses the tablet (revoked, unknown, not enrolled), noted for the
 * access screen; undefined for any other answer.
 */
export function tabletRefusal(status: number, body: unknown): TabletRefusal | undefined {
  if (status !== 401) return undefined;
  const reason = (body as { reason?: unknown } | null)?.reason;
  return TABLET_REFUSALS.find((known) => known === reason);
}

export { noteRefusal };

export interface StatusFacts {
  unsent: number;
  lastBackupAt: string | null;
}

/** At most one report in this many ms, unless the tablet was just unlocked or enrolled. */
export const STATUS_INTERVAL_MS = 3 * 60 * 1000;
let lastReportAt = Number.NEGATIVE_INFINITY;
let reporting: Promise<StatusOutcome> | undefined;

export type StatusOutcome = 'reported' | 'not-enrolled' | 'offline' | 'refused' | 'throttled';

/**
 * POST /api/tablets/status: the tablet's versions, unsent results and last backup; the answer
 * brings the Einrichtung's name and passphrase record, which is how the tablet learns a changed
 * passphrase. `force` skips the throttle (the tablet was unlocked or came online).
 */
export function reportStatus(
  facts: () => Promise<StatusFacts>,
  {
    force = false,
    endpoint = tabletEndpoint(__RESULT_ENDPOINT__, 'status'),
    fetch = globalThis.fetch.bind(globalThis),
    now = Date.now(),
  }: { force?: boolean; endpoint?: string; fetch?: typeof globalThis.fetch; now?: number } = {},
): Promise<StatusOutcome> {
  if (!readEnrolment()) return Promise.resolve('not-enrolled');
  if (reporting) return reporting;
  if (!force && now - lastReportAt < STATUS_INTERVAL_MS) return Promise.resolve('throttled');
  lastReportAt = now;
  reporting = (async (): Promise<StatusOutcome> => {
    const body = JSON.stringify({ ...(await currentVersions()), ...(await facts()) });
    const headers = await tabletHeaders('POST', endpoint, body);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        credentials: 'same-origin',
      });
    } catch {
      lastReportAt = Number.NEGATIVE_INFINITY;
      return 'offline';
    }
    const answer = (await response.json().catch(() => undefined)) as
      | { site?: Site; passphrase?: PassphraseRecord | null; reason?: string }
      | undefined;
    const refusal = tabletRefusal(response.status, answer);
    if (refusal) {
      noteRefusal(refusal);
      return 'refused';
    }
    if (response.ok && answer?.site && answer.passphrase !== undefined) {
      updateEnrolment({ site: answer.site, passphrase: answer.passphrase, refused: undefined });
      return 'reported';
    }
    lastReportAt = Number.NEGATIVE_INFINITY;
    return 'offline';
  })().finally(() => {
    reporting = undefined;
  });
  return reporting;
}

/** Tests only: forgets when the last report was sent. */
export function resetStatusThrottleForTests(): void {
  lastReportAt = Number.NEGATIVE_INFINITY;
}
