import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { ResultPayload } from '../../../schemas/result-payload';
import {
  MisplacedValueError,
  needsResealing,
  type Sealed,
  seal,
  unseal,
  valuesBound,
} from '../../storage/sealed';

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

export const DEFAULT_DB_NAME = 'zaehltest-outbox';
export const OUTBOX_STORE = 'results';
const STORE = OUTBOX_STORE;

/**
 * An entry as IndexedDB keeps it: the payload (it holds the birth date) sealed under the device's
 * key (src/storage/sealed.ts); the rest is plain, so that the access screen counts unsent results
 * and their age without the passphrase. Entries of the release before the encryption hold a
 * plain `payload`; they are sealed the first time the outbox reads them after the passphrase.
 */
export type StoredOutboxEntry = Omit<OutboxEntry, 'payload'> & { sealed?: Sealed; payload?: ResultPayload };

interface OutboxDb extends DBSchema {
  results: { key: string; value: StoredOutboxEntry };
}

/** Where an entry's sealed payload is stored: it opens only there (src/storage/sealed.ts, `seal`). */
export function outboxPlace(submissionId: string): string {
  return `outbox/${submissionId}`;
}

export async function toStored({ payload, ...rest }: OutboxEntry): Promise<StoredOutboxEntry> {
  return { ...rest, sealed: await seal(payload, outboxPlace(rest.submissionId)) };
}

export async function fromStored({ sealed, payload, ...rest }: StoredOutboxEntry): Promise<OutboxEntry> {
  if (payload) {
    // Once every value is bound to its place, a plain payload can only have been put there.
    if (valuesBound()) throw new MisplacedValueError(`A plain outbox entry ${rest.submissionId}`);
    return { ...rest, payload };
  }
  if (!sealed) throw new Error(`Outbox entry ${rest.submissionId} has no payload`);
  return { ...rest, payload: await unseal<ResultPayload>(sealed, outboxPlace(rest.submissionId)) };
}

/**
 * Where entries are kept: IndexedDB, and page memory for what IndexedDB refuses (the browser has
 * no IndexedDB, private mode, the disk is full). A result in memory is still sent; it is lost with
 * the page, which is why the results page says so and the session keeps it to enqueue again.
 */
export class EntryStorage {
  private readonly memory = new Map<string, OutboxEntry>();

  constructor(private readonly db: IDBPDatabase<OutboxDb> | undefined) {}

  /** False when IndexedDB could not be opened at all. */
  get available(): boolean {
    return this.db !== undefined;
  }

  isDurable(submissionId: string): boolean {
    return this.db !== undefined && !this.memory.has(submissionId);
  }

  /** Every entry with its payload opened (waits for the passphrase). */
  async all(): Promise<OutboxEntry[]> {
    const stored = this.db ? await this.db.getAll(STORE) : [];
    const entries: OutboxEntry[] = [];
    for (const record of stored) {
      try {
        const entry = await fromStored(record);
        entries.push(entry);
        if (record.payload || (record.sealed && needsResealing(record.sealed))) {
          await this.updateIfPresent(entry);
        }
      } catch (error) {
        // Sealed under a key this device no longer has: kept, never sent, reported.
        console.error(`Outbox: entry ${record.submissionId} cannot be opened`, error);
      }
    }
    return [...entries, ...this.memory.values()];
  }

  /**
   * Reads every entry, which seals those stored in an older format again with their place, and
   * tells whether every stored entry is now in the current format (src/storage/bind-values.ts).
   */
  async allInCurrentFormat(): Promise<boolean> {
    await this.all();
    const stored = this.db ? await this.db.getAll(STORE) : [];
    return stored.every((record) => !record.payload && record.sealed && !needsResealing(record.sealed));
  }

  /** Adds the entry unless one with its submissionId exists; true when added. */
  async addIfAbsent(entry: OutboxEntry): Promise<boolean> {
    if (this.memory.has(entry.submissionId)) return false;
    if (this.db) {
      try {
        // Sealed before the transaction: it would commit while waiting for anything but IndexedDB.
        const stored = await toStored(entry);
        const tx = this.db.transaction(STORE, 'readwrite');
        const exists = (await tx.store.getKey(entry.submissionId)) !== undefined;
        if (!exists) await tx.store.add(stored);
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
      const stored = await toStored(entry);
      const tx = this.db.transaction(STORE, 'readwrite');
      if ((await tx.store.getKey(entry.submissionId)) !== undefined) await tx.store.put(stored);
      await tx.done;
    }
  }

  async remove(submissionId: string): Promise<void> {
    if (this.memory.delete(submissionId)) return;
    await this.db?.delete(STORE, submissionId);
  }
}

export async function openStorage(dbName: string): Promise<EntryStorage> {
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
