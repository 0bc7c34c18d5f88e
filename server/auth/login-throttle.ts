/**
 * Growing delays after failed logins (docs/product.md §47), per client address and per account
 * name: the first few failures cost nothing, then each further one doubles the wait before the next
 * attempt, up to a cap. A capped delay, not a lock: whoever guesses at an account slows its logins
 * to one per `maxDelayMs`, but cannot lock the Verwaltung out.
 */

export interface LoginThrottleOptions {
  /** Failures without a delay. */
  freeFailures?: number;
  /** The delay after the first failure beyond the free ones; doubled for each further one. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs?: number;
  now?: () => number;
}

export interface LoginThrottle {
  /** Milliseconds until any of `keys` may try again; 0: now. */
  waitMs(keys: readonly string[]): number;
  failed(keys: readonly string[]): void;
  succeeded(keys: readonly string[]): void;
}

const MAX_TRACKED = 10_000;

export const throttleKeys = (address: string, name: string | undefined) =>
  name === undefined ? [`address ${address}`] : [`address ${address}`, `account ${name.toLowerCase()}`];

export function createLoginThrottle(options: LoginThrottleOptions = {}): LoginThrottle {
  const free = options.freeFailures ?? 3;
  const first = options.firstDelayMs ?? 1_000;
  const max = options.maxDelayMs ?? 30_000;
  const forgetAfter = options.forgetAfterMs ?? 60 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { failures: number; last: number; until: number }>();

  const live = (key: string, time: number) => {
    const entry = entries.get(key);
    if (entry && time - entry.last > forgetAfter) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    waitMs(keys) {
      const time = now();
      return Math.max(0, ...keys.map((key) => (live(key, time)?.until ?? 0) - time));
    },
    failed(keys) {
      const time = now();
      for (const key of keys) {
        let entry = live(key, time);
        if (!entry) {
          if (entries.size >= MAX_TRACKED) entries.delete(entries.keys().next().value as string);
          entry = { failures: 0, last: time, until: 0 };
          entries.set(key, entry);
        }
        entry.failures += 1;
        entry.last = time;
        const beyond = entry.failures - free;
        entry.until = beyond > 0 ? time + Math.min(max, first * 2 ** (beyond - 1)) : 0;
      }
    },
    succeeded(keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}
