import { childPlace, openChildrenDb, resultPlace } from '../children/db';
import { DEFAULT_DB_NAME, openStorage } from '../results/outbox/storage';
import type { BackupStores } from './backup';
import { markValuesBound, needsResealing, seal, unseal, valuesBound, whenUnlocked } from './sealed';

const DEVICE_STORES: BackupStores = {
  children: () => openChildrenDb(),
  outbox: () => openStorage(DEFAULT_DB_NAME),
};

/**
 * The migration to values bound to their place (docs/product.md, encrypted at rest): every child,
 * local result and outbox entry stored in an older format (plain, or sealed without its place) is
 * opened once and sealed again with its place; then the device notes it (`markValuesBound`) and
 * from then on refuses a value without its place. Nothing is deleted: a value that cannot be
 * opened stays as it is and the device stays unbound, so the next unlock tries again. Runs after
 * the passphrase; resolves to whether the device's values are bound.
 */
export async function bindValues(stores: BackupStores = DEVICE_STORES): Promise<boolean> {
  await whenUnlocked();
  if (valuesBound()) return true;
  try {
    const db = await stores.children();
    try {
      // Seal first (WebCrypto awaits), write after, each only where the value was not changed meanwhile.
      const children = (await db.getAll('children')).filter((record) => needsResealing(record.sealed));
      const results = (await db.getAll('results')).filter((record) => needsResealing(record.sealed));
      const childValues = await Promise.all(
        children.map(async ({ code, sealed }) => {
          const place = childPlace(code);
          return [code, await seal(await unseal(sealed, place), place)] as const;
        }),
      );
      const resultValues = await Promise.all(
        results.map(async ({ submissionId, sealed }) => {
          const place = resultPlace(submissionId);
          return [submissionId, await seal(await unseal(sealed, place), place)] as const;
        }),
      );
      const tx = db.transaction(['children', 'results'], 'readwrite');
      const childStore = tx.objectStore('children');
      for (const [code, sealed] of childValues) {
        const current = await childStore.get(code);
        if (current && needsResealing(current.sealed)) await childStore.put({ ...current, sealed });
      }
      const resultStore = tx.objectStore('results');
      for (const [submissionId, sealed] of resultValues) {
        const current = await resultStore.get(submissionId);
        if (current && needsResealing(current.sealed)) await resultStore.put({ ...current, sealed });
      }
      await tx.done;
    } finally {
      db.close();
    }
    // The outbox reseals what it reads in an older format (src/results/outbox/storage.ts).
    const outbox = await stores.outbox();
    if (!(await outbox.allInCurrentFormat())) return false;
    markValuesBound();
    return true;
  } catch (error) {
    // Everything is still readable as it was; the next unlock tries again.
    console.error('Stored values could not be bound to their place', error);
    return false;
  }
}
