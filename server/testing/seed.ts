import type { ResultStore } from '../db/index.ts';
import { makePayload } from './payload.ts';

/** Stores fresh results until the store holds `total`, many at a time (the store batches them). */
export async function seedResults(store: ResultStore, total: number): Promise<void> {
  for (let count = await store.count(); count < total; count += 2000) {
    const size = Math.min(2000, total - count);
    await Promise.all(Array.from({ length: size }, () => store.insertResult(makePayload())));
  }
}
