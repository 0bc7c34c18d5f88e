import { CHILDREN_DB_NAME } from '../children/storage-names';

/**
 * What the access screen tells about the device before the passphrase (docs/product.md, nothing
 * lost when the browser clears the site): unsent results, the last backup, whether a backup is
 * overdue. Read from the plain fields beside the sealed data, so nothing is decrypted; plain
 * IndexedDB, so the first screen stays small.
 */
export const OUTBOX_DB_NAME = 'zaehltest-outbox';
export { CHILDREN_DB_NAME };
export const LAST_BACKUP_KEY = 'zaehltest-last-backup';
/** Results older than this without a backup make the access screen ask for one. */
export const BACKUP_DUE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export interface DeviceStatus {
  unsent: number;
  /** ISO time of the last backup saved or loaded on this device. */
  lastBackupAt?: string;
  /** Something (an unsent result, a local test) is older than 7 days and not in a backup. */
  backupDue: boolean;
}

export function readLastBackup(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(LAST_BACKUP_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function recordBackup(at: Date = new Date()): void {
  try {
    globalThis.localStorage?.setItem(LAST_BACKUP_KEY, at.toISOString());
  } catch (error) {
    console.error('Could not note the backup date', error);
  }
}

/** Whether a database exists, without creating it (opening one that is not there would). */
async function exists(name: string): Promise<boolean | undefined> {
  try {
    if (!indexedDB.databases) return undefined;
    return (await indexedDB.databases()).some((db) => db.name === name);
  } catch {
    return undefined;
  }
}

/** Every value of one store of an existing database, or [] when it is not there. */
async function readAll(dbName: string, storeName: string): Promise<Record<string, unknown>[]> {
  if (typeof indexedDB === 'undefined' || (await exists(dbName)) === false) return [];
  return new Promise((resolve) => {
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = () => {
      // It did not exist (a browser without databases()): do not create it here.
      request.transaction?.abort();
    };
    request.onerror = () => resolve([]);
    request.onblocked = () => resolve([]);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(storeName)) {
        db.close();
        resolve([]);
        return;
      }
      const all = db.transaction(storeName, 'readonly').objectStore(storeName).getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result as Record<string, unknown>[]);
      };
      all.onerror = () => {
        db.close();
        resolve([]);
      };
    };
  });
}

/** Times (epoch ms) of what a backup should hold: unsent results and the device's local tests. */
async function datedItems(): Promise<number[]> {
  const [outbox, results] = await Promise.all([
    readAll(OUTBOX_DB_NAME, 'results'),
    readAll(CHILDREN_DB_NAME, 'results'),
  ]);
  return [
    ...outbox.map((entry) => Number(entry.createdAt)),
    ...results.map((result) => Date.parse(String(result.testDate))),
  ].filter((time) => !Number.isNaN(time));
}

/** Something a backup should hold: a local result or an unsent one, by its submission id. */
export interface DatedItem {
  id: string;
  /** Epoch ms: the test day of a local result, the creation of an outbox entry. */
  time: number;
}

/**
 * After a restore: the moment to note as the device's last backup, or undefined to leave it. A
 * loaded file holds everything it restored, as of its `createdAt`; it stands for a backup of the
 * whole device only when everything else the device held before is in an earlier backup (dated
 * no later than `lastBackupAt`). Then the later of the two is the last backup.
 */
export function loadedBackupCovers(
  held: readonly DatedItem[],
  inFile: ReadonlySet<string>,
  lastBackupAt: string | undefined,
  fileCreatedAt: string,
): string | undefined {
  const created = Date.parse(fileCreatedAt);
  if (Number.isNaN(created)) return undefined;
  const last = lastBackupAt ? Date.parse(lastBackupAt) : Number.NEGATIVE_INFINITY;
  // A time that is none never asks for a backup (datedItems), so it does not stand in the way here.
  const onlyHere = held.some((item) => !Number.isNaN(item.time) && !inFile.has(item.id) && item.time > last);
  if (onlyHere) return undefined;
  return new Date(Math.max(created, last)).toISOString();
}

export function backupDue(items: readonly number[], lastBackupAt: string | undefined, now: number): boolean {
  const last = lastBackupAt ? Date.parse(lastBackupAt) : Number.NEGATIVE_INFINITY;
  return items.some((time) => time > last && now - time > BACKUP_DUE_AFTER_MS);
}

export async function readDeviceStatus(now: number = Date.now()): Promise<DeviceStatus> {
  const [outbox, items] = await Promise.all([readAll(OUTBOX_DB_NAME, 'results'), datedItems()]);
  const lastBackupAt = readLastBackup();
  return { unsent: outbox.length, lastBackupAt, backupDue: backupDue(items, lastBackupAt, now) };
}

/**
 * Asks the browser to keep the site's storage when space runs low (and Safari's 7-day rule for
 * sites; an installed web app is exempt anyway). Called after the passphrase: browsers grant it
 * more readily after an interaction. The answer is logged; nothing depends on it.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const storage = globalThis.navigator?.storage;
    if (!storage?.persist) return false;
    if (await storage.persisted?.()) return true;
    const granted = await storage.persist();
    console.info(granted ? 'Dauerhafter Speicher gewährt' : 'Dauerhafter Speicher nicht gewährt');
    return granted;
  } catch (error) {
    console.warn('navigator.storage.persist failed', error);
    return false;
  }
}

/**
 * iPad or iPhone Safari, not opened from the home screen: there the access screen explains how to
 * install Zähltest. iPadOS reports itself as a Mac; touch points tell them apart.
 */
export function needsHomeScreenHint(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  const ua = nav.userAgent;
  const appleMobile = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  if (!appleMobile) return false;
  const standalone =
    (nav as Navigator & { standalone?: boolean }).standalone === true ||
    globalThis.matchMedia?.('(display-mode: standalone)').matches === true;
  return !standalone;
}
