import { EARLIER_SESSIONS_STORAGE_KEY, SESSION_STORAGE_KEY } from '../store/session-key';
import { CHILDREN_DB_NAME, OUTBOX_DB_NAME } from './device-status';

/** Empties every store of an existing database (kept, so open connections and versions stay valid). */
function clearDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve();
    request.onsuccess = () => {
      const db = request.result;
      const stores = [...db.objectStoreNames];
      if (stores.length === 0) {
        db.close();
        resolve();
        return;
      }
      const tx = db.transaction(stores, 'readwrite');
      for (const store of stores) tx.objectStore(store).clear();
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => {
        db.close();
        reject(tx.error);
      };
    };
  });
}

/**
 * After the educator confirmed that the earlier passphrase is lost (the access screen said what
 * goes): removes what was sealed under the old key — the children, their results, the outbox and
 * the stored session. Only then is a new key made (sealed.ts, startWithNewKey).
 */
export async function forgetDeviceData(): Promise<void> {
  await Promise.all([clearDatabase(CHILDREN_DB_NAME), clearDatabase(OUTBOX_DB_NAME)]);
  try {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    localStorage.removeItem(EARLIER_SESSIONS_STORAGE_KEY);
  } catch (error) {
    console.error('Could not remove the stored session', error);
  }
  console.info('Daten des bisherigen Passworts von diesem Gerät gelöscht');
}
