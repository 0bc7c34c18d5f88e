import type { ResearchStore } from './types.ts';

/**
 * Results deleted on time (docs/privacy.md, "On the server"; issue 42): a child code's results
 * RETENTION_MONTHS after that code's latest test, all together, so that a Verlauf stays whole; a
 * result without a code that long after its own test day. A pass runs at start and then daily,
 * through the store (ResearchStore.deleteExpired), so PGlite and PostgreSQL delete alike and the
 * Verlauf's summary follows in the same statement.
 */
export interface Retention {
  /** Runs a pass now, then one every `intervalMs`; resolves with the first pass's count. Never rejects. */
  start(): Promise<number | undefined>;
  /**
   * One pass; resolves with the number of results deleted (for the start log, the log and a later
   * Protokoll).
   */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

export interface RetentionOptions {
  months: number;
  /** Default: a day. */
  intervalMs?: number;
  /** The clock; tests set it. */
  now?: () => Date;
  /** Told after every pass that deleted something; the pass ends when what it returns settles. */
  onDeleted?: (deleted: number) => void | Promise<void>;
  /** More daily work of the same pass, after the deletion (the Protokoll's own period). */
  alsoDaily?: (now: Date) => Promise<void>;
  /** Told when a pass fails; the next pass tries again. */
  onError?: (error: unknown) => void;
}

export const DAY_MS = 86_400_000;

/**
 * The calendar day in Germany: the day the database gives a result received without a test date
 * (migration 003, test_day), and the day a Kita's tablets date their tests.
 */
export function berlinDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(date);
}

export function createRetention(
  store: Pick<ResearchStore, 'deleteExpired'>,
  options: RetentionOptions,
): Retention {
  const {
    months,
    intervalMs = DAY_MS,
    now = () => new Date(),
    onDeleted = () => {},
    alsoDaily = async () => {},
    onError = () => {},
  } = options;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> = Promise.resolve();

  /** One pass at a time: a slow pass is never overlapped by the next tick. */
  const pass = (): Promise<number> => {
    const next = running.then(async () => {
      const today = now();
      const deleted = await store.deleteExpired(months, berlinDay(today));
      if (deleted > 0) await onDeleted(deleted);
      await alsoDaily(today);
      return deleted;
    });
    running = next.catch(() => {});
    return next;
  };

  return {
    async start() {
      timer = setInterval(() => {
        pass().catch(onError);
      }, intervalMs);
      timer.unref();
      return pass().catch((error: unknown) => {
        onError(error);
        return undefined;
      });
    },
    runOnce: pass,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
