import { seal, unseal } from '../storage/sealed';
import { type ChildrenDatabase, openChildrenDb, type ResultRecord } from './db';
import type { Child, LocalResult } from './types';

/** Format of a child's and a result's sealed content; a newer format migrates older ones here. */
const CONTENT_VERSION = 1;

type SealedChild = Omit<Child, 'code' | 'updatedAt'> & { version: number };
type SealedResult = Omit<LocalResult, 'submissionId' | 'childCode' | 'testDate'> & { version: number };

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
    return Promise.all(
      records.map(async (record) => {
        const { version: _version, ...content } = await unseal<SealedChild>(record.sealed);
        return { ...content, code: record.code, updatedAt: record.updatedAt };
      }),
    );
  }

  async getChild(code: string): Promise<Child | undefined> {
    const record = await (await this.open()).get('children', code);
    if (!record) return undefined;
    const { version: _version, ...content } = await unseal<SealedChild>(record.sealed);
    return { ...content, code: record.code, updatedAt: record.updatedAt };
  }

  /** Adds the child or replaces the one with its code. */
  async saveChild(child: Child): Promise<void> {
    const { code, updatedAt, ...content } = child;
    const sealed = await seal({ ...content, version: CONTENT_VERSION } satisfies SealedChild);
    await (await this.open()).put('children', { code, updatedAt, sealed });
  }

  /** Deletes the child and its local results (never the outbox: unsent results are still sent). */
  async deleteChild(code: string): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(['children', 'results'], 'readwrite');
    await tx.objectStore('children').delete(code);
    const results = tx.objectStore('results');
    for (const key of await results.index('childCode').getAllKeys(code)) await results.delete(key);
    await tx.done;
  }

  /** Stores a finished test once: a second call with the same submissionId changes nothing. */
  async addResult(result: LocalResult): Promise<boolean> {
    const { submissionId, childCode, testDate, ...content } = result;
    const sealed = await seal({ ...content, version: CONTENT_VERSION } satisfies SealedResult);
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
    return sortByTime(await Promise.all(records.map(openResult)));
  }

  /** Every local result, oldest first. */
  async allResults(): Promise<LocalResult[]> {
    return sortByTime(await Promise.all((await (await this.open()).getAll('results')).map(openResult)));
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

async function openResult(record: ResultRecord): Promise<LocalResult> {
  const { version: _version, ...content } = await unseal<SealedResult>(record.sealed);
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
