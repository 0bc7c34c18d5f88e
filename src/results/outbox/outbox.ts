import type { ResultPayload } from '../../../schemas/result-payload';
import type { TabletRefusal } from '../../tablet/enrolment';
import type { Clock } from './clock';
import { isDue, MAX_RETRY_DELAY_MS, REJECTED_RETRY_DELAY_MS, retryDelayMs } from './policy';
import { type PostFn, postResult, type SignFn, unsigned } from './protocol';
import { DEFAULT_DB_NAME, type EntryStorage, openStorage } from './storage';
import { RetryTimer } from './timer';
import { pendingWithdrawals, sendWithdrawals, withdrawalsEndpoint } from './withdrawals';

/**
 * The upload outbox (docs/product.md §10): a finished result is written to IndexedDB before the
 * first attempt and removed only when the server acknowledges it (see protocol.ts). Until then it
 * is retried with growing delays (policy.ts): on a timer while the app is open, at every app start,
 * when the device comes back online and when the page becomes visible again. Every attempt carries
 * the same `submissionId`, so the server stores a result once however often it arrives.
 *
 * Per result the outbox is a small state machine:
 *
 *   enqueue ──► saved ──attempt──► sending ──2xx + { id }─────► sent (entry deleted)
 *                 ▲                   │
 *                 └── network error, ─┤
 *                 5xx, 408, 429,      └──other 4xx──► rejected (entry kept)
 *                 2xx without { id }
 *
 * A rejected result (400, 401, 403, 404, 413, 422 …) is one the server will not accept as it is:
 * retrying it every few seconds would only hammer the server. It stays on the device and is tried
 * again once a day (a server that is fixed or reconfigured then still receives it). A 401 that
 * refuses the tablet, not the result (revoked, unknown, not enrolled; docs/product.md §51), leaves
 * the result 'saved': it is tried every 5 minutes, and at once after the tablet is enrolled again.
 */

export type UploadStatus = 'saved' | 'sending' | 'sent' | 'rejected';

export interface OutboxOptions {
  endpoint: string;
  fetch: PostFn;
  clock: Clock;
  /** IndexedDB database name; tests use one per case. */
  dbName?: string;
  /** 0..1, spreads retries of many devices after an outage; tests pass a constant. */
  random?: () => number;
  /** Where withdrawn research consents go (withdrawals.ts); default: beside `endpoint`. */
  withdrawalsEndpoint?: string;
  /** Signs uploads and withdrawals of an enrolled tablet (docs/product.md §51). */
  sign?: SignFn;
  /** The server refused the tablet (401 revoked / unknown / not enrolled): the results wait. */
  onRefused?: (reason: TabletRefusal) => void;
  /** A flush delivered at least one result (the tablet then reports its status). */
  onDelivered?: () => void;
}

export interface OutboxSnapshot {
  /** True once the stored entries have been read (before that, an unknown id says nothing). */
  loaded: boolean;
  /** False when IndexedDB could not be opened and entries live only as long as the page. */
  durable: boolean;
  /** Results IndexedDB refused to store: they are sent, but lost if the page goes first. */
  volatile: ReadonlySet<string>;
  statuses: ReadonlyMap<string, UploadStatus>;
}

/** What the outbox knows in memory of one result: one object per result. */
interface ResultState {
  status?: UploadStatus;
  /** The retry time of a stored result that is not being sent right now. */
  dueAt?: number;
  /** An attempt is under way. */
  inFlight: boolean;
  /** Held in page memory only (IndexedDB refused it). */
  volatile: boolean;
}

export class Outbox {
  private readonly options: Required<OutboxOptions>;
  private readonly storage: Promise<EntryStorage>;
  private readonly results = new Map<string, ResultState>();
  private readonly listeners = new Set<() => void>();
  private readonly work = new Set<Promise<unknown>>();
  private readonly timer: RetryTimer;
  private snapshotCache: OutboxSnapshot;
  private loaded = false;
  private durable = true;
  private withdrawing: Promise<void> | undefined;

  constructor(options: OutboxOptions) {
    this.options = {
      dbName: DEFAULT_DB_NAME,
      random: Math.random,
      withdrawalsEndpoint: withdrawalsEndpoint(options.endpoint),
      sign: unsigned,
      onRefused: () => undefined,
      onDelivered: () => undefined,
      ...options,
    };
    this.timer = new RetryTimer(this.options.clock, () => this.track(this.flush()));
    this.storage = openStorage(this.options.dbName).then((storage) => {
      this.durable = storage.available;
      return storage;
    });
    this.snapshotCache = this.makeSnapshot();
  }

  /**
   * Keeps the result on the device, then starts sending it. Resolves once it is stored, not when
   * it is sent. Enqueuing a result again (same submissionId) changes nothing. True when the result
   * survives the page (stored in IndexedDB, or already delivered); false when it is held in page
   * memory only, so the caller must keep its own copy to enqueue again after a reload.
   */
  async enqueue(payload: ResultPayload): Promise<boolean> {
    const id = payload.submissionId;
    if (this.results.get(id)?.status === 'sent') return true;
    const storage = await this.storage;
    const now = this.options.clock.now();
    const added = await storage.addIfAbsent({
      submissionId: id,
      payload,
      createdAt: now,
      failedAttempts: 0,
      nextAttemptAt: now,
      rejected: false,
    });
    const durable = storage.isDurable(id);
    if (!durable) this.state(id).volatile = true;
    if (added) {
      this.state(id).dueAt = now;
      this.setStatus(id, 'saved');
    }
    this.track(this.flush());
    return durable;
  }

  /** Reads the stored entries (after a reload or restart) and sends those that are due. */
  async resume(): Promise<void> {
    const storage = await this.storage;
    for (const entry of await storage.all()) {
      const state = this.state(entry.submissionId);
      if (state.inFlight) continue;
      // Never later than asked meanwhile: a `retryNow` (a new enrolment, back online) that read the
      // entries first has made them due now, and the stored back-off must not undo that.
      state.dueAt = Math.min(entry.nextAttemptAt, state.dueAt ?? Number.POSITIVE_INFINITY);
      state.status = entry.rejected ? 'rejected' : 'saved';
    }
    this.loaded = true;
    this.notify();
    await this.flush();
  }

  /** Sends every waiting result now, ignoring its back-off (the device just came back online). */
  async retryNow(): Promise<void> {
    const storage = await this.storage;
    for (const entry of await storage.all()) {
      const state = this.state(entry.submissionId);
      if (!entry.rejected && !state.inFlight) state.dueAt = this.options.clock.now();
    }
    await this.flush();
  }

  /**
   * Sends every stored result whose retry time has come; resolves when those attempts ended.
   * Whatever fails on the way (IndexedDB, one attempt), the retry timer is set again.
   */
  async flush(): Promise<void> {
    try {
      await this.sendDue();
    } finally {
      this.timer.scheduleFor(Math.min(...this.dueTimes()));
    }
    await this.sendWithdrawals();
  }

  /**
   * Withdrawn research consents go with the same contact, after the results waiting before them
   * (docs/product.md §48); one send at a time, the next flush sends what is left.
   */
  private sendWithdrawals(): Promise<void> {
    if (this.withdrawing || pendingWithdrawals().length === 0) return this.withdrawing ?? Promise.resolve();
    const { fetch, withdrawalsEndpoint: endpoint, clock, sign, onRefused } = this.options;
    this.withdrawing = sendWithdrawals(fetch, endpoint, clock, sign, onRefused).finally(() => {
      this.withdrawing = undefined;
    });
    return this.withdrawing;
  }

  /** Resolves when every attempt started so far has ended (for tests and orderly shutdown). */
  async settled(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** An immutable view for `useSyncExternalStore`; a new object only when something changed. */
  getSnapshot = (): OutboxSnapshot => this.snapshotCache;

  /** Stops the retry timer (the stored entries stay and are picked up by the next start). */
  stop(): void {
    this.timer.stop();
  }

  private async sendDue(): Promise<void> {
    const storage = await this.storage;
    // A retry time is set only after its entry is committed, so an id known before the read and
    // missing from it was delivered meanwhile by another tab of the app.
    const knownBefore = [...this.results].filter(([, state]) => state.dueAt !== undefined);
    const stored = await storage.all();
    const now = this.options.clock.now();
    const storedIds = new Set(stored.map((entry) => entry.submissionId));
    for (const [id, state] of knownBefore) {
      if (!storedIds.has(id) && !state.inFlight) {
        state.dueAt = undefined;
        this.setStatus(id, 'sent');
      }
    }
    const attempts = stored
      .filter((entry) => !this.state(entry.submissionId).inFlight)
      // Delivered by this page while the entries were being read (and opened, which takes a moment).
      .filter((entry) => this.results.get(entry.submissionId)?.status !== 'sent')
      .filter((entry) =>
        isDue(Math.min(entry.nextAttemptAt, this.state(entry.submissionId).dueAt ?? Infinity), now),
      )
      .map((entry) => this.attempt(storage, entry));
    const settled = await Promise.allSettled(attempts);
    if (settled.some((outcome) => outcome.status === 'fulfilled' && outcome.value === 'acknowledged')) {
      this.options.onDelivered();
    }
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async attempt(storage: EntryStorage, entry: Parameters<EntryStorage['updateIfPresent']>[0]) {
    const id = entry.submissionId;
    const state = this.state(id);
    state.inFlight = true;
    state.dueAt = undefined;
    this.setStatus(id, 'sending');
    const { clock } = this.options;
    const { outcome, lastError, retryAfterMs, refusal } = await postResult(
      this.options.fetch,
      this.options.endpoint,
      entry.payload,
      clock,
      this.options.sign,
    );
    try {
      // The state in memory is set before IndexedDB is written, so a failing write cannot stop the
      // retries (or leave 'sending' on screen). A copy whose delete failed is sent again later;
      // the server stores it once.
      if (outcome === 'acknowledged') {
        this.setStatus(id, 'sent');
        await storage.remove(id);
        return outcome;
      }
      // A refused tablet is no refused result: it waits (saved) and goes after a new enrolment,
      // which retries at once (docs/product.md §51).
      if (refusal) this.options.onRefused(refusal);
      const failedAttempts = entry.failedAttempts + 1;
      const delay =
        outcome === 'rejected'
          ? REJECTED_RETRY_DELAY_MS
          : outcome === 'refused'
            ? MAX_RETRY_DELAY_MS
            : retryDelayMs(failedAttempts, this.options.random(), retryAfterMs);
      const nextAttemptAt = clock.now() + delay;
      state.dueAt = nextAttemptAt;
      this.setStatus(id, outcome === 'rejected' ? 'rejected' : 'saved');
      await storage.updateIfPresent({
        ...entry,
        failedAttempts,
        nextAttemptAt,
        rejected: outcome === 'rejected',
        lastError,
      });
      return outcome;
    } finally {
      state.inFlight = false;
    }
  }

  private state(id: string): ResultState {
    let state = this.results.get(id);
    if (!state) {
      state = { inFlight: false, volatile: false };
      this.results.set(id, state);
    }
    return state;
  }

  private dueTimes(): number[] {
    return [...this.results.values()].flatMap((state) => (state.dueAt === undefined ? [] : [state.dueAt]));
  }

  private track(promise: Promise<unknown>): void {
    const tracked = promise.catch((error: unknown) => console.error('Outbox: upload step failed', error));
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
  }

  private setStatus(id: string, status: UploadStatus): void {
    this.state(id).status = status;
    this.notify();
  }

  private notify(): void {
    this.snapshotCache = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): OutboxSnapshot {
    const statuses = new Map<string, UploadStatus>();
    const volatile = new Set<string>();
    for (const [id, state] of this.results) {
      if (state.status) statuses.set(id, state.status);
      if (state.volatile) volatile.add(id);
    }
    return { loaded: this.loaded, durable: this.durable, volatile, statuses };
  }
}
