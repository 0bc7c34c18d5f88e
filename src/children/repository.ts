import { isUnlocked, MisplacedValueError, needsResealing, seal, unseal } from '../storage/sealed';
import { newChildCode, type RandomBytes } from './code';
import {
  type ChildRecord,
  type ChildrenDatabase,
  childPlace,
  openChildrenDb,
  type ResultRecord,
  resultPlace,
} from './db';
import { rememberDeletion } from './deletions';
import type { Child, LocalResult } from './types';

/**
 * Format of a child's sealed content; a newer format migrates older ones here, step by step
 * (CHILD_MIGRATIONS). 2: a child may carry the parents' consent (docs/product.md §48).
 */
const CHILD_VERSION = 2;
/** Format of a result's sealed content. */
const RESULT_VERSION = 1;
/**
 * How often a new child's code is drawn again while the device already has it: with 30^6 codes a
 * second draw is already rare, twenty taken codes in a row mean something else is wrong.
 */
const NEW_CODE_ATTEMPTS = 20;

export type SealedChild = Omit<Child, 'code' | 'updatedAt'> & { version: number };
type SealedResult = Omit<LocalResult, 'submissionId' | 'childCode' | 'testDate'> & { version: number };
type StoredRecords = { children: ChildRecord; results: ResultRecord };

/**
 * Reading and writing the children of the device and their local results, every personal value
 * through seal/unseal (docs/product.md, encrypted at rest). One repository per database name, so
 * tests and the bench use their own.
 */
export class ChildrenRepository {
  private db: Promise<ChildrenDatabase> | undefined;

  constructor(private readonly name?: string) {}

  private open(): Promise<ChildrenDatabase> {
    this.db ??= openChildrenDb(this.name).catch((error: unknown) => {
      this.db = undefined;
      throw error;
    });
    return this.db;
  }

  async listChildren(): Promise<Child[]> {
    const records = await (await this.open()).getAll('children');
    const children = await openEach(records, openChild);
    await this.resealChildren(records);
    return children;
  }

  async getChild(code: string): Promise<Child | undefined> {
    const record = await (await this.open()).get('children', code);
    if (!record) return undefined;
    const child = await openChild(record);
    await this.resealChildren([record]);
    return child;
  }

  /** Adds the child or replaces the one with its code (the child chosen from the device's list). */
  async saveChild(child: Child): Promise<void> {
    const { code, updatedAt, ...content } = child;
    const sealed = await seal({ ...content, version: CHILD_VERSION } satisfies SealedChild, childPlace(code));
    await (await this.open()).put('children', { code, updatedAt, sealed });
  }

  /**
   * Adds a new child under its code, or under a new one while the device already has a child with
   * that code, so that one code never names two children (docs/product.md, child code). Resolves to
   * the child as stored, with the code its test is uploaded with.
   */
  async addNewChild(child: Child, random?: RandomBytes): Promise<Child> {
    let code = child.code;
    for (let attempt = 1; attempt <= NEW_CODE_ATTEMPTS; attempt++) {
      if (!(await this.addUnlessTaken({ ...child, code }))) return { ...child, code };
      code = newChildCode(random);
    }
    throw new Error(`No free child code after ${NEW_CODE_ATTEMPTS} draws`);
  }

  /**
   * Adds a child taken over with its code from another device ('Kind mit Code übernehmen'). When the
   * device already has a child with that code, that child stays as it is and is the one the test
   * goes to: the code names one child, whichever details were typed. Resolves to the child as stored.
   */
  async adoptChild(child: Child): Promise<Child> {
    const stored = await this.addUnlessTaken(child);
    return stored ? openChild(stored) : child;
  }

  /**
   * Adds the child unless its code is taken, checked and added in one transaction (never a
   * replace); resolves to the record of the child that has the code already, if one has.
   */
  private async addUnlessTaken(child: Child): Promise<ChildRecord | undefined> {
    const { code, updatedAt, ...content } = child;
    const sealed = await seal({ ...content, version: CHILD_VERSION } satisfies SealedChild, childPlace(code));
    const tx = (await this.open()).transaction('children', 'readwrite');
    const stored = await tx.store.get(code);
    if (!stored) await tx.store.add({ code, updatedAt, sealed });
    await tx.done;
    return stored;
  }

  /**
   * Writes children read in an older format (plain, or sealed without their place) back sealed
   * with their place (src/storage/sealed.ts), unless they changed since they were read. Only once the passphrase was
   * typed: a read before it is not held up, and the next read after it seals them.
   */
  private async resealChildren(records: readonly ChildRecord[]): Promise<void> {
    await this.reseal(
      'children',
      records.filter((record) => needsResealing(record.sealed)),
      (record) => record.code,
      childPlace,
    );
  }

  private async resealResults(records: readonly ResultRecord[]): Promise<void> {
    await this.reseal(
      'results',
      records.filter((record) => needsResealing(record.sealed)),
      (record) => record.submissionId,
      resultPlace,
    );
  }

  private async reseal<S extends keyof StoredRecords>(
    store: S,
    plain: readonly StoredRecords[S][],
    keyOf: (record: StoredRecords[S]) => string,
    placeOf: (key: string) => string,
  ): Promise<void> {
    if (plain.length === 0 || !isUnlocked()) return;
    try {
      // The same content, sealed; sealing awaits WebCrypto, so it is done before the transaction.
      const sealed = await Promise.all(
        plain.map(async (record) => {
          const key = keyOf(record);
          return [key, await seal(await unseal(record.sealed, placeOf(key)), placeOf(key))] as const;
        }),
      );
      const tx = (await this.open()).transaction(store, 'readwrite');
      for (const [key, value] of sealed) {
        const current = await tx.store.get(key);
        if (current && needsResealing(current.sealed)) await tx.store.put({ ...current, sealed: value });
      }
      await tx.done;
    } catch (error) {
      // Still readable as it is; the next read tries again.
      console.error(`Plain ${store} records could not be sealed`, error);
    }
  }

  /**
   * Deletes the child and its local results (never the outbox: unsent results are still sent),
   * and remembers the deletion, so an older backup does not bring them back (deletions.ts).
   */
  async deleteChild(code: string, now = new Date()): Promise<void> {
    const db = await this.open();
    rememberDeletion(db.name, code, now);
    const tx = db.transaction(['children', 'results'], 'readwrite');
    await tx.objectStore('children').delete(code);
    const results = tx.objectStore('results');
    for (const key of await results.index('childCode').getAllKeys(code)) await results.delete(key);
    await tx.done;
  }

  /** Stores a finished test once: a second call with the same submissionId changes nothing. */
  async addResult(result: LocalResult): Promise<boolean> {
    const { submissionId, childCode, testDate, ...content } = result;
    const sealed = await seal(
      { ...content, version: RESULT_VERSION } satisfies SealedResult,
      resultPlace(submissionId),
    );
    const db = await this.open();
    const tx = db.transaction('results', 'readwrite');
    const exists = (await tx.store.getKey(submissionId)) !== undefined;
    if (!exists) await tx.store.add({ submissionId, childCode, testDate, sealed });
    await tx.done;
    return !exists;
  }

  /** The local results of one child, oldest first. */
  async resultsOf(code: string): Promise<LocalResult[]> {
    const records = await (await this.open()).getAllFromIndex('results', 'childCode', code);
    const results = await openEach(records, openResult);
    await this.resealResults(records);
    return sortByTime(results);
  }

  /** Every local result, oldest first. */
  async allResults(): Promise<LocalResult[]> {
    const records = await (await this.open()).getAll('results');
    const results = await openEach(records, openResult);
    await this.resealResults(records);
    return sortByTime(results);
  }

  /** The day of the last test per child code, from the plain fields (nothing is unsealed). */
  async lastTestDates(): Promise<Map<string, string>> {
    const last = new Map<string, string>();
    for (const { childCode, testDate } of await (await this.open()).getAll('results')) {
      if ((last.get(childCode) ?? '') < testDate) last.set(childCode, testDate);
    }
    return last;
  }
}

/**
 * Opens every record of a list; one that does not belong where it is stored (moved, copied or
 * forged, src/storage/sealed.ts) is left out and reported, never shown, and the rest still open.
 */
async function openEach<R, T>(records: readonly R[], open: (record: R) => Promise<T>): Promise<T[]> {
  const opened = await Promise.all(
    records.map((record) =>
      open(record).catch((error: unknown) => {
        if (!(error instanceof MisplacedValueError)) throw error;
        console.error('A stored value was refused', error);
        return undefined;
      }),
    ),
  );
  return opened.filter((value): value is Awaited<T> => value !== undefined) as T[];
}

/**
 * The steps from each older format of a child's sealed content to the next; the key is the format a
 * step reads. A child read in an older format is migrated when opened and written in the current
 * format with its next save.
 */
const CHILD_MIGRATIONS: Record<number, (content: SealedChild) => SealedChild> = {
  // Format 1 had no consent: such a child has none recorded ('unknown' for research).
  1: (content) => ({ ...content, version: 2 }),
};

/** A child's sealed content in the current format. */
export function migrateChild(content: SealedChild): SealedChild {
  let current = content;
  while (current.version < CHILD_VERSION) {
    const step = CHILD_MIGRATIONS[current.version];
    if (!step) throw new Error(`No migration from child format ${current.version}`);
    current = step(current);
  }
  return current;
}

async function openChild(record: ChildRecord): Promise<Child> {
  const { version: _version, ...content } = migrateChild(
    await unseal<SealedChild>(record.sealed, childPlace(record.code)),
  );
  return { ...content, code: record.code, updatedAt: record.updatedAt };
}

async function openResult(record: ResultRecord): Promise<LocalResult> {
  const { version: _version, ...content } = await unseal<SealedResult>(
    record.sealed,
    resultPlace(record.submissionId),
  );
  return {
    ...content,
    submissionId: record.submissionId,
    childCode: record.childCode,
    testDate: record.testDate,
  };
}

function sortByTime(results: LocalResult[]): LocalResult[] {
  return results.sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
}

let shared: ChildrenRepository | undefined;

/** The app's repository (the default database). */
export function childrenRepository(): ChildrenRepository {
  shared ??= new ChildrenRepository();
  return shared;
}
