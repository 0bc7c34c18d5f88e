import type { EnginePage } from './driver/types.ts';

/**
 * Every byte the app left in the browser: all of localStorage and every record of every IndexedDB
 * database, binary values as their bytes (one char per byte), so that a test can search it. Any
 * page with `evaluate` will do: a driver page of tests/engines/ or a Playwright page.
 */
export function storedBytes(
  page: Pick<EnginePage, 'evaluate'>,
): Promise<{ text: string; records: Record<string, number> }> {
  return page.evaluate(async () => {
    const asBytes = (value: ArrayBuffer | ArrayBufferView) => {
      const bytes =
        value instanceof ArrayBuffer
          ? new Uint8Array(value)
          : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      let out = '';
      for (const byte of bytes) out += String.fromCharCode(byte);
      return out;
    };
    const dump = (value: unknown) =>
      JSON.stringify(value, (_key, item) =>
        item instanceof ArrayBuffer || ArrayBuffer.isView(item) ? asBytes(item as ArrayBuffer) : item,
      );
    const parts: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      parts.push(key, localStorage.getItem(key) ?? '');
    }
    const records: Record<string, number> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        records[`${name}/${store}`] = values.length;
        parts.push(name, store, ...values.map(dump));
      }
      db.close();
    }
    return { text: parts.join('\n'), records };
  });
}

/** The ways a name or a birth date (YYYY-MM-DD) could be written down, in UTF-8 bytes as stored. */
export function readableForms(name: string, birthDate: string): string[] {
  const [y, m, d] = birthDate.split('-') as [string, string, string];
  const dates = [
    birthDate,
    `${d}.${m}.${y}`,
    `${Number(d)}.${Number(m)}.${y}`,
    `${m}/${d}/${y}`,
    `${y}/${m}/${d}`,
    `${y}${m}${d}`,
    `${d}${m}${y}`,
  ];
  const utf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
  return [...new Set([name, ...name.split(' '), ...dates].flatMap((form) => [form, utf8(form)]))];
}
