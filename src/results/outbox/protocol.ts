import type { ResultPayload } from '../../../schemas/result-payload';
import { TABLET_REFUSALS, type TabletRefusal } from '../../tablet/enrolment';
import type { Clock } from './clock';
import { classifyResponse, REQUEST_TIMEOUT_MS } from './policy';

/** The subset of `fetch` the outbox uses, so tests can answer with plain objects. */
export type PostFn = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; headers?: { get(name: string): string | null }; json(): Promise<unknown> }>;

/**
 * The headers that sign a request of an enrolled tablet (src/tablet/api.ts, `tabletHeaders`), none
 * when it is not enrolled.
 */
export type SignFn = (method: 'POST', url: string, body: string) => Promise<Record<string, string>>;

export const unsigned: SignFn = async () => ({});

/**
 * The reason of a 401 that refuses the tablet, not the result (docs/product.md §51):
 * the result stays in the outbox and goes after a new enrolment.
 */
export async function tabletRefusalOf(response: {
  status: number;
  json(): Promise<unknown>;
}): Promise<TabletRefusal | undefined> {
  if (response.status !== 401) return undefined;
  const body = (await response.json().catch(() => undefined)) as { reason?: unknown } | undefined;
  return TABLET_REFUSALS.find((reason) => reason === body?.reason);
}

export interface AttemptOutcome {
  /** 'refused': the server refuses the tablet (revoked, unknown, not enrolled), not this result. */
  outcome: 'acknowledged' | 'retry' | 'rejected' | 'refused';
  refusal?: TabletRefusal;
  /** Why the attempt failed (HTTP status or error message), for diagnosis. */
  lastError: string;
  retryAfterMs?: number;
}

/**
 * One upload of one result. Delivered only when the server answers 2xx with a JSON body naming
 * the stored row (`{ "id": … }`): a Wi-Fi login page answering 200 is no acknowledgement.
 */
export async function postResult(
  fetch: PostFn,
  endpoint: string,
  payload: ResultPayload,
  clock: Clock,
  sign: SignFn = unsigned,
): Promise<AttemptOutcome> {
  const abort = new AbortController();
  const timeout = clock.setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
  try {
    const body = JSON.stringify(payload);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await sign('POST', endpoint, body)) },
      body,
      signal: abort.signal,
    });
    const refusal = await tabletRefusalOf(response);
    if (refusal) return { outcome: 'refused', refusal, lastError: `HTTP 401 ${refusal}` };
    const outcome = classifyResponse(response.status);
    const retryAfterMs = parseRetryAfter(response.headers?.get('retry-after') ?? null);
    if (outcome === 'acknowledged' && !isAcknowledgement(await response.json().catch(() => undefined))) {
      // A Wi-Fi login page or a proxy answers 200 with HTML: the result has not reached the server.
      return {
        outcome: 'retry',
        lastError: `HTTP ${response.status} without the server's acknowledgement`,
        retryAfterMs,
      };
    }
    return { outcome, lastError: `HTTP ${response.status}`, retryAfterMs };
  } catch (error) {
    return { outcome: 'retry', lastError: error instanceof Error ? error.message : String(error) };
  } finally {
    clock.clearTimeout(timeout);
  }
}

/** Our server answers an accepted result with its row id: `{ "id": … }`. */
function isAcknowledgement(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && 'id' in body && body.id !== null && body.id !== undefined
  );
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim()) * 1000;
}
