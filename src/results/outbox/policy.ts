/**
 * When to try again (docs/product.md §10): growing delays after a failure, a day after a refusal,
 * and which answers count as which.
 */

export const FIRST_RETRY_DELAY_MS = 2_000;
export const MAX_RETRY_DELAY_MS = 5 * 60_000;
export const REJECTED_RETRY_DELAY_MS = 24 * 60 * 60_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/** Delay before retry number `failedAttempts` + 1: 2 s, 4 s, 8 s … at most 5 min, ±20 % jitter. */
export function retryDelayMs(failedAttempts: number, random: number, retryAfterMs?: number): number {
  const exponential = Math.min(
    MAX_RETRY_DELAY_MS,
    FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, failedAttempts - 1),
  );
  const jittered = Math.round(exponential * (0.8 + 0.4 * random));
  return retryAfterMs === undefined
    ? jittered
    : Math.max(jittered, Math.min(MAX_RETRY_DELAY_MS, retryAfterMs));
}

/** 2xx: done. 408, 429 and 5xx: try again later. Any other status: the server refuses this result. */
export function classifyResponse(status: number): 'acknowledged' | 'retry' | 'rejected' {
  if (status >= 200 && status < 300) return 'acknowledged';
  if (status === 408 || status === 429 || status >= 500 || status < 200) return 'retry';
  return 'rejected';
}

/**
 * Whether an entry's retry time has come. A retry time further ahead than the longest delay the
 * outbox ever sets means the device clock was set back since: the entry is due now rather than
 * after the clock has caught up again.
 */
export function isDue(nextAttemptAt: number, now: number): boolean {
  return nextAttemptAt <= now || nextAttemptAt - now > REJECTED_RETRY_DELAY_MS;
}
