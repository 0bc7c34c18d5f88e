import type { IDBPDatabase } from 'idb';
import { type ChildrenDb, openChildrenDb } from '../children/db';
import { germanLocalDate } from '../domain/date';
import type { OutboxEntry } from '../results/outbox';
import { DEFAULT_DB_NAME, type EntryStorage, openStorage } from '../results/outbox/storage';
import { recordBackup } from './device-status';
import { seal, sealFile, unseal, unsealFile } from './sealed';

/**
 * Backups (docs/product.md, nothing lost when the browser clears the site): one file with the
 * children of the device, their local results and the unsent results, sealed with the passphrase
 * (sealed.ts, sealFile), so any device with the same passphrase restores it. Restoring merges:
 * children by code (the newer `updatedAt` wins), results by submission id (what is there stays),
 * outbox entries by submission id (added when absent). The same file twice changes nothing.
 */
export const BACKUP_FORMAT = 1;

export interface BackupContent {
  format: number;
  createdAt: string;
  children: Array<{ code: string; updatedAt: string; data: unknown }>;
  results: Array<{ submissionId: string; childCode: string; testDate: string; data: unknown }>;
  outbox: OutboxEntry[];
}

export interface RestoreReport {
  children: number;
  results: number;
  unsent: number;
}

export interface BackupStores {
  children: () => Promise<IDBPDatabase<ChildrenDb>>;
  outbox: () => Promise<EntryStorage>;
}

const DEVICE_STORES: BackupStores = {
  children: () => openChildrenDb(),
  outbox: () => openStorage(DEFAULT_DB_NAME),
};

/** Everything a backup holds, opened (the device must be unlocked). */
export async function collectBackup(
  stores: BackupStores = DEVICE_STORES,
  now = new Date(),
): Promise<BackupContent> {
  const db = await stores.children();
  try {
    const [children, results] = await Promise.all([db.getAll('children'), db.getAll('results')]);
    return {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      children: await Promise.all(
        children.map(async ({ code, updatedAt, sealed }) => ({
          code,
          updatedAt,
          data: await unseal(sealed),
        })),
      ),
      results: await Promise.all(
        results.map(async ({ submissionId, childCode, testDate, sealed }) => ({
          submissionId,
          childCode,
          testDate,
          data: await unseal(sealed),
        })),
      ),
      outbox: await (await stores.outbox()).all(),
    };
  } finally {
    db.close();
  }
}

/** 'zaehltest-sicherung-TT.MM.JJJJ.zts' */
export function backupFileName(now = new Date()): string {
  return `zaehltest-sicherung-${germanLocalDate(now)}.zts`;
}

/** The backup file of this device; notes the date for the access screen. */
export async function makeBackupFile(
  stores: BackupStores = DEVICE_STORES,
  now = new Date(),
): Promise<{ name: string; bytes: Uint8Array }> {
  const bytes = await sealFile(await collectBackup(stores, now));
  recordBackup(now);
  return { name: backupFileName(now), bytes };
}

/** What a restore reads must have this shape; anything else is a damaged file. */
function isBackupContent(value: unknown): value is BackupContent {
  const content = value as BackupContent;
  const list = (items: unknown, fields: string[]) =>
    Array.isArray(items) &&
    items.every(
      (item) => item && typeof item === 'object' && fields.every((f) => typeof item[f] === 'string'),
    );
  return (
    !!content &&
    content.format === BACKUP_FORMAT &&
    list(content.children, ['code', 'updatedAt']) &&
    list(content.results, ['submissionId', 'childCode', 'testDate']) &&
    list(content.outbox, ['submissionId']) &&
    content.outbox.every((entry) => entry.payload && typeof entry.payload === 'object')
  );
}

/** Thrown for a file that opened but is no Zähltest backup (of a format this release reads). */
export class BackupContentError extends Error {}

/**
 * Restores a backup file into this device, merging (see above). Throws `SealedFileError` for a
 * wrong passphrase or a damaged file, and `BackupContentError` for a file of an unknown shape;
 * in each case before anything is written.
 */
export async function restoreBackup(
  bytes: Uint8Array,
  passphrase: string,
  stores: BackupStores = DEVICE_STORES,
): Promise<RestoreReport> {
  const content = await unsealFile<unknown>(bytes, passphrase);
  if (!isBackupContent(content)) throw new BackupContentError('The file holds no Zähltest backup');
  const db = await stores.children();
  try {
    // Decide first, seal next, write last: an IndexedDB transaction ends while awaiting anything else.
    const existingChildren = new Map((await db.getAll('children')).map((c) => [c.code, c.updatedAt]));
    const existingResults = new Set(await db.getAllKeys('results'));
    const newerChildren = content.children.filter((child) => {
      const existing = existingChildren.get(child.code);
      return existing === undefined || Date.parse(child.updatedAt) > Date.parse(existing);
    });
    const newResults = content.results.filter((result) => !existingResults.has(result.submissionId));
    const childRecords = await Promise.all(
      newerChildren.map(async ({ code, updatedAt, data }) => ({ code, updatedAt, sealed: await seal(data) })),
    );
    const resultRecords = await Promise.all(
      newResults.map(async ({ submissionId, childCode, testDate, data }) => ({
        submissionId,
        childCode,
        testDate,
        sealed: await seal(data),
      })),
    );
    const tx = db.transaction(['children', 'results'], 'readwrite');
    for (const record of childRecords) void tx.objectStore('children').put(record);
    for (const record of resultRecords) void tx.objectStore('results').put(record);
    await tx.done;
    const outbox = await stores.outbox();
    let unsent = 0;
    for (const entry of content.outbox) if (await outbox.addIfAbsent(entry)) unsent++;
    return { children: childRecords.length, results: resultRecords.length, unsent };
  } finally {
    db.close();
  }
}
