import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Sealed } from '../storage/sealed';
import { CHILDREN_DB_NAME, CHILDREN_DB_VERSION } from './storage-names';

/**
 * The children of this device in IndexedDB (docs/product.md, children of the device). Only the
 * code, the dates and the submission id sit outside `sealed`; the name and the birth date are only
 * ever inside it (src/storage/sealed.ts). The backup (src/screens/backup-panel.tsx) reads and
 * writes these two stores through `openChildrenDb`.
 */
export { CHILDREN_DB_NAME, CHILDREN_DB_VERSION };

export interface ChildRecord {
  code: string;
  /** ISO timestamp of the last change; a restore keeps the newer record. */
  updatedAt: string;
  sealed: Sealed;
}

export interface ResultRecord {
  submissionId: string;
  childCode: string;
  /** YYYY-MM-DD, the local day of the test. */
  testDate: string;
  sealed: Sealed;
}

export interface ChildrenDb extends DBSchema {
  children: { key: string; value: ChildRecord };
  results: { key: string; value: ResultRecord; indexes: { childCode: string } };
}

export type ChildrenDatabase = IDBPDatabase<ChildrenDb>;

/** Where a child's sealed value is stored: it opens only there (src/storage/sealed.ts, `seal`). */
export function childPlace(code: string): string {
  return `children/${code}`;
}

/** Where a result's sealed value is stored. */
export function resultPlace(submissionId: string): string {
  return `results/${submissionId}`;
}

/** Opens (and on first use creates) the children's database. */
export function openChildrenDb(name: string = CHILDREN_DB_NAME): Promise<ChildrenDatabase> {
  return openDB<ChildrenDb>(name, CHILDREN_DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('children', { keyPath: 'code' });
        db.createObjectStore('results', { keyPath: 'submissionId' }).createIndex('childCode', 'childCode');
      }
    },
  });
}
