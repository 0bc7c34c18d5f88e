import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { ResultPayload } from '../../schemas/result-payload';

/**
 * The upload outbox (docs/product.md §10): a finished result is written to IndexedDB before the
 * first attempt and removed only when the server acknowledges it: a 2xx whose JSON body names the
 * stored row (`{ "id": … }`; a Wi-Fi login page answering 200 is no acknowledgement). Until then
 * it is retried with growing delays: on a timer while the app is open, at every app start, when the
 * device comes back online and when the page becomes visible again. Every attempt carries the same
 * `submissionId`, so the server stores a result once however often it arrives.
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
 * again once a day (a server that is fixed or reconfigured then still receives it).
 */

export type UploadStatus = 'saved' | 'sending' | 'sent' | 'rejected';

/** What the outbox keeps per result in IndexedDB. */
export interface OutboxEntry {
  submissionId: string;
  payload: ResultPayload;
  createdAt: number;
  /** Attempts that did not end in a 2xx. */
  failedAttempts: number;
  /** Epoch ms before which the entry is not retried by the timer. */
  nextAttemptAt: number;
  rejected: boolean;
  /** Why the last attempt failed (HTTP status or error message), for diagnosis. */
  lastError?: string;
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The subset of `fetch` the outbox uses, so tests can answer with plain objects. */
export type PostFn = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; headers?: { get(name: string): string | null }; json(): Promise<unknown> }>;

export interface OutboxOptions {
  endpoint: string;
  fetch: PostFn;
  clock: Clock;
  /** IndexedDB database name; tests use one per case. */
  dbName?: string;
  /** 0..1, spreads retries of many devices after an outage; tests pass a constant. */
  random?: () => number;
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

export const FIRST_RETRY_DELAY_MS = 2_000;
export const MAX_RETRY_DELAY_MS = 5 * 60_000;
export const REJECTED_RETRY_DELAY_MS = 24 * 60 * 60_000;
export const REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_DB_NAME = 'zaehltest-outbox';
const STORE = 'results';

interface OutboxDb extends DBSchema {
  results: { key: string; value: OutboxEntry };
}

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
 * Where entries are kept: IndexedDB, and page memory for what IndexedDB refuses (the browser has
 * no IndexedDB, private mode, the disk is full). A result in memory is still sent; it is lost with
 * the page, which is why the results page says so and the session keeps it to enqueue again.
 */
class EntryStorage {
  private readonly memory = new Map<string, OutboxEntry>();

  constructor(private readonly db: IDBPDatabase<OutboxDb> | undefined) {}

  /** False when IndexedDB could not be opened at all. */
  get available(): boolean {
    return this.db !== undefined;
  }

  isDurable(submissionId: string): boolean {
    return this.db !== undefined && !this.memory.has(submissionId);
  }

  async all(): Promise<OutboxEntry[]> {
    const stored = this.db ? await this.db.getAll(STORE) : [];
    return [...stored, ...this.memory.values()];
  }

  /** Adds the entry unless one with its submissionId exists; true when added. */
  async addIfAbsent(entry: OutboxEntry): Promise<boolean> {
    if (this.memory.has(entry.submissionId)) return false;
    if (this.db) {
      try {
        const tx = this.db.transaction(STORE, 'readwrite');
        const exists = (await tx.store.getKey(entry.submissionId)) !== undefined;
        if (!exists) await tx.store.add(entry);
        await tx.done;
        return !exists;
      } catch (error) {
        console.error('Outbox: IndexedDB refused the result, it is kept in memory', error);
      }
    }
    this.memory.set(entry.submissionId, entry);
    return true;
  }

  /** Replaces an entry only if it is still there (another tab may have delivered it meanwhile). */
  async updateIfPresent(entry: OutboxEntry): Promise<void> {
    if (this.memory.has(entry.submissionId)) {
      this.memory.set(entry.submissionId, entry);
    } else if (this.db) {
      const tx = this.db.transaction(STORE, 'readwrite');
      if ((await tx.store.getKey(entry.submissionId)) !== undefined) await tx.store.put(entry);
      await tx.done;
    }
  }

  async remove(submissionId: string): Promise<void> {
    if (this.memory.delete(submissionId)) return;
    await this.db?.delete(STORE, submissionId);
  }
}

async function openStorage(dbName: string): Promise<EntryStorage> {
  try {
    const db = await openDB<OutboxDb>(dbName, 1, {
      upgrade(database) {
        database.createObjectStore(STORE, { keyPath: 'submissionId' });
      },
    });
    return new EntryStorage(db);
  } catch (error) {
    console.error('Outbox: IndexedDB is not available, results are kept in memory only', error);
    return new EntryStorage(undefined);
  }
}

/**
 * Whether an entry's retry time has come. A retry time further ahead than the longest delay the
 * outbox ever sets means the device clock was set back since: the entry is due now rather than
 * after the clock has caught up again.
 */
export function isDue(nextAttemptAt: number, now: number): boolean {
  return nextAttemptAt <= now || nextAttemptAt - now > REJECTED_RETRY_DELAY_MS;
}

export class Outbox {
  private readonly options: Required<OutboxOptions>;
  private readonly storage: Promise<EntryStorage>;
  private readonly statuses = new Map<string, UploadStatus>();
  /** nextAttemptAt of every stored entry that is not being sent right now. */
  private readonly due = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly work = new Set<Promise<unknown>>();
  private snapshotCache: OutboxSnapshot;
  private loaded = false;
  private durable = true;
  private readonly volatile = new Set<string>();
  private timer: { handle: unknown; at: number } | undefined;

  constructor(options: OutboxOptions) {
    this.options = { dbName: DEFAULT_DB_NAME, random: Math.random, ...options };
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
    if (this.statuses.get(id) === 'sent') return true;
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
    if (!durable) this.volatile.add(id);
    if (added) {
      this.due.set(id, now);
      this.setStatus(id, 'saved');
    }
    this.track(this.flush());
    return durable;
  }

  /** Reads the stored entries (after a reload or restart) and sends those that are due. */
  async resume(): Promise<void> {
    const storage = await this.storage;
    for (const entry of await storage.all()) {
      if (this.inFlight.has(entry.submissionId)) continue;
      this.due.set(entry.submissionId, entry.nextAttemptAt);
      this.statuses.set(entry.submissionId, entry.rejected ? 'rejected' : 'saved');
    }
    this.loaded = true;
    this.notify();
    await this.flush();
  }

  /** Sends every waiting result now, ignoring its back-off (the device just came back online). */
  async retryNow(): Promise<void> {
    const storage = await this.storage;
    for (const entry of await storage.all()) {
      if (!entry.rejected && !this.inFlight.has(entry.submissionId)) {
        this.due.set(entry.submissionId, this.options.clock.now());
      }
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
      this.scheduleTimer();
    }
  }

  private async sendDue(): Promise<void> {
    const storage = await this.storage;
    // Ids are put into `due` only after their entry is committed, so one known before the read
    // and missing from it was delivered meanwhile by another tab of the app.
    const knownBefore = [...this.due.keys()];
    const stored = await storage.all();
    const now = this.options.clock.now();
    const storedIds = new Set(stored.map((entry) => entry.submissionId));
    for (const id of knownBefore) {
      if (!storedIds.has(id) && !this.inFlight.has(id)) {
        this.due.delete(id);
        this.setStatus(id, 'sent');
      }
    }
    const attempts = stored
      .filter((entry) => !this.inFlight.has(entry.submissionId))
      .filter((entry) =>
        isDue(Math.min(entry.nextAttemptAt, this.due.get(entry.submissionId) ?? Infinity), now),
      )
      .map((entry) => this.attempt(storage, entry));
    const failed = (await Promise.allSettled(attempts)).find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
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
    if (this.timer) this.options.clock.clearTimeout(this.timer.handle);
    this.timer = undefined;
  }

  private async attempt(storage: EntryStorage, entry: OutboxEntry): Promise<void> {
    const id = entry.submissionId;
    this.inFlight.add(id);
    this.due.delete(id);
    this.setStatus(id, 'sending');
    const { clock } = this.options;
    const abort = new AbortController();
    const timeout = clock.setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    let outcome: 'acknowledged' | 'retry' | 'rejected';
    let lastError: string;
    let retryAfterMs: number | undefined;
    try {
      const response = await this.options.fetch(this.options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entry.payload),
        signal: abort.signal,
      });
      outcome = classifyResponse(response.status);
      lastError = `HTTP ${response.status}`;
      retryAfterMs = parseRetryAfter(response.headers?.get('retry-after') ?? null);
      if (outcome === 'acknowledged' && !isAcknowledgement(await response.json().catch(() => undefined))) {
        // A Wi-Fi login page or a proxy answers 200 with HTML: the result has not reached the server.
        outcome = 'retry';
        lastError = `HTTP ${response.status} without the server's acknowledgement`;
      }
    } catch (error) {
      outcome = 'retry';
      lastError = error instanceof Error ? error.message : String(error);
    } finally {
      clock.clearTimeout(timeout);
    }
    try {
      // The state in memory is set before IndexedDB is written, so a failing write cannot stop the
      // retries (or leave 'sending' on screen). A copy whose delete failed is sent again later;
      // the server stores it once.
      if (outcome === 'acknowledged') {
        this.setStatus(id, 'sent');
        await storage.remove(id);
        return;
      }
      const failedAttempts = entry.failedAttempts + 1;
      const delay =
        outcome === 'rejected'
          ? REJECTED_RETRY_DELAY_MS
          : retryDelayMs(failedAttempts, this.options.random(), retryAfterMs);
      const nextAttemptAt = clock.now() + delay;
      this.due.set(id, nextAttemptAt);
      this.setStatus(id, outcome === 'rejected' ? 'rejected' : 'saved');
      await storage.updateIfPresent({
        ...entry,
        failedAttempts,
        nextAttemptAt,
        rejected: outcome === 'rejected',
        lastError,
      });
    } finally {
      this.inFlight.delete(id);
    }
  }

  private scheduleTimer(): void {
    const next = Math.min(...this.due.values());
    if (!Number.isFinite(next)) {
      this.stop();
      return;
    }
    if (this.timer && this.timer.at <= next) return;
    this.stop();
    const { clock } = this.options;
    // At most MAX_RETRY_DELAY_MS: a day-long wait is re-checked in steps, which keeps browsers'
    // 32-bit timer limit out of reach and notices a clock that was set back meanwhile.
    const delay = Math.min(MAX_RETRY_DELAY_MS, Math.max(0, next - clock.now()));
    const handle = clock.setTimeout(() => {
      this.timer = undefined;
      this.track(this.flush());
    }, delay);
    this.timer = { handle, at: clock.now() + delay };
  }

  private track(promise: Promise<unknown>): void {
    const tracked = promise.catch((error: unknown) => console.error('Outbox: upload step failed', error));
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
  }

  private setStatus(id: string, status: UploadStatus): void {
    this.statuses.set(id, status);
    this.notify();
  }

  private notify(): void {
    this.snapshotCache = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): OutboxSnapshot {
    return {
      loaded: this.loaded,
      durable: this.durable,
      volatile: new Set(this.volatile),
      statuses: new Map(this.statuses),
    };
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

const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

let shared: Outbox | undefined;

/**
 * The app's outbox: created on first call, resumes stored uploads and retries them when the device
 * comes back online or the page becomes visible. Safe to call any number of times (app start,
 * results page, offline support); every call returns the same outbox.
 */
export function startOutbox(): Outbox {
  if (shared) return shared;
  const outbox = new Outbox({
    endpoint: __RESULT_ENDPOINT__,
    fetch: (url, init) => globalThis.fetch(url, { ...init, credentials: 'same-origin' }),
    clock: browserClock,
  });
  shared = outbox;
  globalThis.addEventListener?.('online', () => void outbox.retryNow());
  globalThis.document?.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void outbox.flush();
  });
  void outbox.resume().catch((error: unknown) => console.error('Outbox: resume failed', error));
  return outbox;
}
