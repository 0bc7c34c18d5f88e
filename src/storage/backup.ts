import type { IDBPDatabase } from 'idb';
import { type ChildrenDb, childPlace, openChildrenDb, resultPlace } from '../children/db';
import { deletedSince, readDeletions } from '../children/deletions';
import { germanLocalDate } from '../domain/date';
import type { OutboxEntry } from '../results/outbox';
import { DEFAULT_DB_NAME, type EntryStorage, openStorage } from '../results/outbox/storage';
import { readSite, saveSite, siteProblem } from '../settings/site';
import { type DatedItem, loadedBackupCovers, readLastBackup, recordBackup } from './device-status';
import { seal, sealFile, unseal, unsealFile } from './sealed';

/**
 * Backups (docs/product.md, nothing lost when the browser clears the site): one file with the
 * children of the device, their local results, the unsent results and the device's
 * Einrichtungskennung, sealed with the passphrase (sealed.ts, sealFile), so any device with the same
 * passphrase restores it. Restoring merges: children by code (the newer `updatedAt` wins), results
 * by submission id (what is there stays), outbox entries by submission id (added when absent); the
 * Einrichtungskennung comes back where the device has none. The same file twice changes nothing.
 *
 * Format 2 added `site`; a file of format 1 is migrated step by step (MIGRATIONS) before it is read.
 */
export const BACKUP_FORMAT = 2;

export interface BackupContent {
  format: number;
  createdAt: string;
  /** The Einrichtungskennung of the device that saved it; absent when none was set (or format 1). */
  site?: string;
  children: Array<{ code: string; updatedAt: string; data: unknown }>;
  results: Array<{ submissionId: string; childCode: string; testDate: string; data: unknown }>;
  outbox: OutboxEntry[];
}

/**
 * What became of the Einrichtungskennung: `restored` from the file onto a device without one;
 * `kept` the device's own, which differs from the file's; `missing` on the device and in the file
 * (the educator is asked to set it); `unchanged` when the device has it already (or has one and
 * the file none); `not-saved` when the device refused to store the file's.
 */
export type SiteOutcome =
  | { kind: 'restored'; site: string }
  | { kind: 'kept'; site: string; inBackup: string }
  | { kind: 'missing' }
  | { kind: 'unchanged' }
  | { kind: 'not-saved'; inBackup: string };

export interface RestoreReport {
  children: number;
  results: number;
  unsent: number;
  site: SiteOutcome;
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
    const site = readSite();
    return {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      ...(site ? { site } : {}),
      children: await Promise.all(
        children.map(async ({ code, updatedAt, sealed }) => ({
          code,
          updatedAt,
          data: await unseal(sealed, childPlace(code)),
        })),
      ),
      results: await Promise.all(
        results.map(async ({ submissionId, childCode, testDate, sealed }) => ({
          submissionId,
          childCode,
          testDate,
          data: await unseal(sealed, resultPlace(submissionId)),
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

/** Each step takes a file's content of one format to the next; a new format adds its step here. */
const MIGRATIONS: Record<number, (content: Record<string, unknown>) => Record<string, unknown>> = {
  // Format 1 had no Einrichtungskennung: it stays unknown, and the restore asks for it.
  1: (content) => ({ ...content, format: 2 }),
};

/** The content of a file of any format this release reads, in the current format. */
export function migrateBackup(value: unknown): unknown {
  let content = value as Record<string, unknown> | null;
  while (content && typeof content === 'object' && typeof content.format === 'number') {
    const step = MIGRATIONS[content.format];
    if (!step) break;
    content = step(content);
  }
  return content;
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
    typeof content.createdAt === 'string' &&
    (content.site === undefined || typeof content.site === 'string') &&
    list(content.children, ['code', 'updatedAt']) &&
    list(content.results, ['submissionId', 'childCode', 'testDate']) &&
    list(content.outbox, ['submissionId']) &&
    content.outbox.every((entry) => entry.payload && typeof entry.payload === 'object')
  );
}

/**
 * Thrown for a file that opened but is no Zähltest backup of a format this release reads
 * ('not-a-backup'), or that holds a child or a result dated after now ('future'): a date after now
 * would win every later merge by `updatedAt`, so such a file is refused as a whole.
 */
export class BackupContentError extends Error {
  constructor(readonly reason: 'not-a-backup' | 'future' = 'not-a-backup') {
    super(reason === 'future' ? 'The backup holds dates after now' : 'The file holds no Zähltest backup');
  }
}

/** How far a device's clock may be ahead of this one's before its dates count as in the future. */
export const CLOCK_TOLERANCE_MS = 60 * 60 * 1000;

/** Whether a backup holds a date after now (beyond the tolerance), or a date that is no date. */
export function holdsFutureDates(content: BackupContent, now = new Date()): boolean {
  const latest = now.getTime() + CLOCK_TOLERANCE_MS;
  // A test day is a local day: up to 14 hours ahead of UTC, so the next UTC day is still today somewhere.
  const latestDay = new Date(latest + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const late = (time: string) => !(Date.parse(time) <= latest);
  const dataTimes = (data: unknown, fields: string[]) =>
    fields.some((field) => {
      const value = (data as Record<string, unknown> | null)?.[field];
      return typeof value === 'string' && late(value);
    });
  return (
    late(content.createdAt) ||
    content.children.some((child) => late(child.updatedAt) || dataTimes(child.data, ['createdAt'])) ||
    content.results.some(
      (result) =>
        !/^\d{4}-\d{2}-\d{2}$/.test(result.testDate) ||
        result.testDate > latestDay ||
        dataTimes(result.data, ['finishedAt']),
    )
  );
}

/**
 * Restores a backup file into this device, merging (see above). Throws `SealedFileError` for a
 * wrong passphrase, a damaged, plain or cheaply sealed file, and `BackupContentError` for a file of
 * an unknown shape or with dates after now; in each case before anything is written.
 */
export async function restoreBackup(
  bytes: Uint8Array,
  passphrase: string,
  stores: BackupStores = DEVICE_STORES,
  now = new Date(),
): Promise<RestoreReport> {
  const content = migrateBackup(await unsealFile<unknown>(bytes, passphrase));
  if (!isBackupContent(content)) throw new BackupContentError('not-a-backup');
  if (holdsFutureDates(content, now)) throw new BackupContentError('future');
  const db = await stores.children();
  try {
    // Decide first, seal next, write last: an IndexedDB transaction ends while awaiting anything else.
    const existingChildren = new Map((await db.getAll('children')).map((c) => [c.code, c.updatedAt]));
    const deviceResults = await db.getAll('results');
    const existingResults = new Set(deviceResults.map((result) => result.submissionId));
    const outbox = await stores.outbox();
    // What the device held before, for the access screen's backup reminder (below).
    const held: DatedItem[] = [
      ...deviceResults.map((result) => ({ id: result.submissionId, time: Date.parse(result.testDate) })),
      ...(await outbox.all()).map((entry) => ({ id: entry.submissionId, time: entry.createdAt })),
    ];
    // A child deleted on this device after the backup was made stays deleted, with its results.
    const deletions = readDeletions(db.name);
    const deleted = (code: string) => deletedSince(deletions, code, content.createdAt);
    const newerChildren = content.children.filter((child) => {
      if (deleted(child.code)) return false;
      const existing = existingChildren.get(child.code);
      return existing === undefined || Date.parse(child.updatedAt) > Date.parse(existing);
    });
    const newResults = content.results.filter(
      (result) => !existingResults.has(result.submissionId) && !deleted(result.childCode),
    );
    const childRecords = await Promise.all(
      newerChildren.map(async ({ code, updatedAt, data }) => ({
        code,
        updatedAt,
        sealed: await seal(data, childPlace(code)),
      })),
    );
    const resultRecords = await Promise.all(
      newResults.map(async ({ submissionId, childCode, testDate, data }) => ({
        submissionId,
        childCode,
        testDate,
        sealed: await seal(data, resultPlace(submissionId)),
      })),
    );
    const tx = db.transaction(['children', 'results'], 'readwrite');
    for (const record of childRecords) void tx.objectStore('children').put(record);
    for (const record of resultRecords) void tx.objectStore('results').put(record);
    await tx.done;
    let unsent = 0;
    for (const entry of content.outbox) if (await outbox.addIfAbsent(entry)) unsent++;
    // The file holds what it restored: when it holds everything else the device had that no
    // earlier backup holds, it counts as the device's last backup, and the access screen stops
    // saying that results lie only on this device (docs/product.md, nothing lost …).
    const inFile = new Set([
      ...content.results.map((result) => result.submissionId),
      ...content.outbox.map((entry) => entry.submissionId),
    ]);
    const covered = loadedBackupCovers(held, inFile, readLastBackup(), content.createdAt);
    if (covered) recordBackup(new Date(covered));
    return {
      children: childRecords.length,
      results: resultRecords.length,
      unsent,
      site: restoreSite(content.site),
    };
  } finally {
    db.close();
  }
}

/** The file's Einrichtungskennung onto a device that has none; a device's own is never replaced. */
function restoreSite(inBackup: string | undefined): SiteOutcome {
  const current = readSite();
  const fromFile = inBackup && !siteProblem(inBackup) ? inBackup : undefined;
  if (current) {
    return fromFile && fromFile !== current
      ? { kind: 'kept', site: current, inBackup: fromFile }
      : { kind: 'unchanged' };
  }
  if (!fromFile) return { kind: 'missing' };
  return saveSite(fromFile)
    ? { kind: 'restored', site: fromFile }
    : { kind: 'not-saved', inBackup: fromFile };
}
