import type { ResultPayload } from '../../../schemas/result-payload';
import type { Clock } from './clock';
import { classifyResponse, REQUEST_TIMEOUT_MS } from './policy';

/** The subset of `fetch` the outbox uses, so tests can answer with plain objects. */
export type PostFn = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; headers?: { get(name: string): string | null }; json(): Promise<unknown> }>;

export interface AttemptOutcome {
  outcome: 'acknowledged' | 'retry' | 'rejected';
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
): Promise<AttemptOutcome> {
  const abort = new AbortController();
  const timeout = clock.setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: abort.signal,
    });
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
