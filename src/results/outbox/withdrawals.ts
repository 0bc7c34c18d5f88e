import type { ConsentWithdrawal } from '../../../schemas/consent-withdrawal';
import type { TabletRefusal } from '../../tablet/enrolment';
import type { Clock } from './clock';
import { classifyResponse, REQUEST_TIMEOUT_MS } from './policy';
import { type PostFn, type SignFn, tabletRefusalOf, unsigned } from './protocol';

/**
 * Withdrawn research consents waiting for the server (docs/product.md §48): each is sent with the
 * tablet's next contact (the outbox's flush) and kept until the server has it. Only the child code,
 * the Einrichtungskennung and the day, never a name: kept in localStorage beside the deletions.
 */
export const WITHDRAWALS_STORAGE_KEY = 'zaehltest-consent-withdrawals';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The withdrawals not yet acknowledged by the server. */
export function pendingWithdrawals(): ConsentWithdrawal[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(WITHDRAWALS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is ConsentWithdrawal =>
            typeof entry?.childCode === 'string' && typeof entry?.withdrawnOn === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function write(withdrawals: readonly ConsentWithdrawal[]): void {
  if (withdrawals.length === 0) storage()?.removeItem(WITHDRAWALS_STORAGE_KEY);
  else storage()?.setItem(WITHDRAWALS_STORAGE_KEY, JSON.stringify(withdrawals));
}

const same = (a: ConsentWithdrawal, b: ConsentWithdrawal) =>
  a.childCode === b.childCode && (a.site ?? '') === (b.site ?? '') && a.withdrawnOn === b.withdrawnOn;

/** Keeps a withdrawal until it is sent; the same one twice is kept once. */
export function queueWithdrawal(withdrawal: ConsentWithdrawal): void {
  const pending = pendingWithdrawals();
  if (!pending.some((entry) => same(entry, withdrawal))) write([...pending, withdrawal]);
}

/** The withdrawals' address beside the results' (RESULT_ENDPOINT): …/api/results → …/api/consent-withdrawals. */
export function withdrawalsEndpoint(resultEndpoint: string): string {
  return resultEndpoint.replace(/results\/?$/, 'consent-withdrawals');
}

/**
 * Sends every waiting withdrawal, one after the other. One the server took (2xx) is removed; one it
 * refused as malformed (4xx but 404, 408 and 429) is removed and reported, since sending it again cannot help;
 * on a network failure, 429 or 5xx the rest wait for the next contact.
 */
export async function sendWithdrawals(
  fetch: PostFn,
  endpoint: string,
  clock: Clock,
  sign: SignFn = unsigned,
  onRefused: (reason: TabletRefusal) => void = () => undefined,
): Promise<void> {
  for (const withdrawal of pendingWithdrawals()) {
    const abort = new AbortController();
    const timeout = clock.setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    let outcome: ReturnType<typeof classifyResponse>;
    try {
      const body = JSON.stringify(withdrawal);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await sign('POST', endpoint, body)) },
        body,
        signal: abort.signal,
      });
      // A refused tablet (revoked, not enrolled) keeps the withdrawal until it is enrolled again.
      const refusal = await tabletRefusalOf(response);
      if (refusal) onRefused(refusal);
      outcome = refusal ? 'retry' : classifyResponse(response.status);
      // A server not yet updated has no such route: the withdrawal waits for the update.
      if (response.status === 404) outcome = 'retry';
      if (outcome === 'rejected') console.error(`Consent withdrawal refused: HTTP ${response.status}`);
    } catch {
      outcome = 'retry';
    } finally {
      clock.clearTimeout(timeout);
    }
    if (outcome === 'retry') return;
    write(pendingWithdrawals().filter((entry) => !same(entry, withdrawal)));
  }
}
