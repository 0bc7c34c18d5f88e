import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { CHILDREN_DB_NAME } from './device-status';
import type { Sealed } from './sealed';

/**
 * The children of the device and their local results, as the contract with the children's screens
 * (src/children/db.ts, which owns this database) describes them: only these plain fields sit
 * outside `sealed`; the name and the birth date only ever inside it.
 */
export interface ChildRecord {
  code: string;
  /** ISO time of the last change; the newer one wins when a backup is merged. */
  updatedAt: string;
  sealed: Sealed;
}

export interface ChildResultRecord {
  submissionId: string;
  childCode: string;
  /** YYYY-MM-DD */
  testDate: string;
  sealed: Sealed;
}

export interface ChildrenDb extends DBSchema {
  children: { key: string; value: ChildRecord };
  results: { key: string; value: ChildResultRecord; indexes: { childCode: string } };
}

/**
 * Opens the children's database with the schema of version 1 (the same upgrade as
 * src/children/db.ts, so whichever opens it first creates the same stores).
 */
export function openChildrenStores(name: string = CHILDREN_DB_NAME): Promise<IDBPDatabase<ChildrenDb>> {
  return openDB<ChildrenDb>(name, 1, {
    upgrade(db) {
      db.createObjectStore('children', { keyPath: 'code' });
      db.createObjectStore('results', { keyPath: 'submissionId' }).createIndex('childCode', 'childCode');
    },
  });
}
