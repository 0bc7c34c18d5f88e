import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The researchers' export token: the constant-time comparison and a limit on failed attempts per
 * client address, in one place for every way the token is presented (the export's Bearer header
 * today, a login form for the results pages later).
 */

/** Wrong tokens per client address within the window before every attempt from it is refused. */
export const DEFAULT_MAX_FAILURES = 10;
export const DEFAULT_FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_TRACKED_ADDRESSES = 10_000;
/** Failed attempts from one address are logged at these counts (and every time it is blocked). */
const LOG_AT = new Set([3, 10, 100, 1000]);

export type TokenCheck =
  | { outcome: 'accepted' }
  | { outcome: 'refused' }
  /** Too many failures from this address: refused without looking at the token. */
  | { outcome: 'blocked'; retryAfterSeconds: number };

export interface TokenGuardOptions {
  token: string;
  maxFailures?: number;
  windowMs?: number;
  /** Told about repeated failures; never receives the token that was tried. */
  onRepeatedFailures?(report: { address: string; failures: number; blocked: boolean }): void;
  now?: () => number;
}

export interface TokenGuard {
  /** Checks `presented` (undefined when none was given) for a request from `address`. */
  check(address: string, presented: string | undefined): TokenCheck;
}

/** Compares SHA-256 digests, so neither the length nor the content of the token leaks through timing. */
export function tokenEquals(presented: string, token: string): boolean {
  const given = createHash('sha256').update(presented).digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected);
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
}

export function createTokenGuard(options: TokenGuardOptions): TokenGuard {
  const maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
  const windowMs = options.windowMs ?? DEFAULT_FAILURE_WINDOW_MS;
  const now = options.now ?? Date.now;
  /** Failures per address in its current window; a window starts with the first failure. */
  const failures = new Map<string, { count: number; windowEndsAt: number }>();

  const forget = (time: number) => {
    for (const [address, entry] of failures) if (entry.windowEndsAt <= time) failures.delete(address);
  };

  return {
    check(address, presented) {
      const time = now();
      let entry = failures.get(address);
      if (entry && entry.windowEndsAt <= time) {
        failures.delete(address);
        entry = undefined;
      }
      if (entry && entry.count >= maxFailures) {
        // Blocked attempts count too, so a guesser who keeps going is logged and never gets an answer.
        entry.count += 1;
        if (LOG_AT.has(entry.count) || entry.count === maxFailures + 1)
          options.onRepeatedFailures?.({ address, failures: entry.count, blocked: true });
        return { outcome: 'blocked', retryAfterSeconds: Math.ceil((entry.windowEndsAt - time) / 1000) };
      }
      if (presented !== undefined && tokenEquals(presented, options.token)) {
        failures.delete(address);
        return { outcome: 'accepted' };
      }
      if (!entry) {
        // Bounded memory under a spray from many addresses: expired windows are dropped first.
        if (failures.size >= MAX_TRACKED_ADDRESSES) forget(time);
        if (failures.size >= MAX_TRACKED_ADDRESSES) failures.delete(failures.keys().next().value as string);
        entry = { count: 0, windowEndsAt: time + windowMs };
        failures.set(address, entry);
      }
      entry.count += 1;
      if (LOG_AT.has(entry.count))
        options.onRepeatedFailures?.({ address, failures: entry.count, blocked: entry.count >= maxFailures });
      return { outcome: 'refused' };
    },
  };
}
