import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The tablet's credential (docs/product.md §51): an ECDSA P-256 key pair made on the
 * tablet. The private key is non-extractable and kept as a CryptoKey in IndexedDB
 * ('zaehltest-tablet'): the page can sign with it but no script can read it out, so it cannot be
 * copied off the tablet. It is not sealed under the passphrase: uploads and status reports are
 * signed before anyone types it.
 *
 * Every engine we support stores a CryptoKey in IndexedDB (Chromium, WebKit, Firefox; checked by
 * tests/engines/tablet-enrolment.test.ts). Where one refuses (a DataCloneError), the fallback is an
 * extractable key kept as JWK in the same database: it still never leaves the tablet through the
 * app, but a script on the page could read it (docs/product.md names the trade-off).
 */
export const TABLET_DB_NAME = 'zaehltest-tablet';
const STORE = 'keys';
const CURRENT = 'current';
/** A key pair made for an enrolment the server has not answered yet; the current one stays meanwhile. */
const PENDING = 'pending';

const ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };

export interface Credential {
  /** Set once the server accepted the enrolment. */
  tabletId?: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** A credential as stored: the CryptoKeys themselves, or (fallback) the key as JWK. */
type StoredCredential =
  | { id: string; tabletId?: string; privateKey: CryptoKey; publicKey: CryptoKey }
  | { id: string; tabletId?: string; privateJwk: JsonWebKey; publicJwk: JsonWebKey };

interface TabletDb extends DBSchema {
  keys: { key: string; value: StoredCredential };
}

let db: Promise<IDBPDatabase<TabletDb>> | undefined;

function open(): Promise<IDBPDatabase<TabletDb>> {
  db ??= openDB<TabletDb>(TABLET_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'id' });
    },
  }).catch((error: unknown) => {
    db = undefined;
    throw error;
  });
  return db;
}

/** Whether this page can make and use a credential at all (WebCrypto needs a secure context). */
export function credentialsPossible(): boolean {
  return globalThis.isSecureContext !== false && globalThis.crypto?.subtle !== undefined;
}

/** Makes a new, non-extractable key pair (not stored yet). */
export async function newKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
}

/** The public key as base64 SPKI, as the enrolment sends it. */
export async function publicKeySpki(publicKey: CryptoKey): Promise<string> {
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', publicKey));
  let binary = '';
  for (const byte of spki) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Stores a new key pair beside the current credential, for the enrolment under way (the current one
 * signs its `previous`). Returns the pair actually stored: the same, or (where the engine cannot
 * store a CryptoKey) an extractable one made for the fallback, whose public key is then sent.
 */
export async function storePendingCredential(pair: CryptoKeyPair): Promise<CryptoKeyPair> {
  const database = await open();
  try {
    await database.put(STORE, { id: PENDING, privateKey: pair.privateKey, publicKey: pair.publicKey });
    return pair;
  } catch (error) {
    if (!(error instanceof DOMException) || error.name !== 'DataCloneError') throw error;
    console.warn('This browser cannot store a CryptoKey in IndexedDB; the tablet key is kept as JWK', error);
    const extractable = await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
    await database.put(STORE, {
      id: PENDING,
      privateJwk: await crypto.subtle.exportKey('jwk', extractable.privateKey),
      publicJwk: await crypto.subtle.exportKey('jwk', extractable.publicKey),
    });
    return extractable;
  }
}

/** The server accepted the enrolment: the pending key pair becomes the current one, with its id. */
export async function promotePendingCredential(tabletId: string): Promise<void> {
  const database = await open();
  const tx = database.transaction(STORE, 'readwrite');
  const pending = await tx.store.get(PENDING);
  if (!pending) throw new Error('No pending tablet key is stored');
  await tx.store.put({ ...pending, id: CURRENT, tabletId });
  await tx.store.delete(PENDING);
  await tx.done;
}

/** The current credential, or undefined when the tablet has none (or IndexedDB is not there). */
export async function readCredential(slot: 'current' | 'pending' = CURRENT): Promise<Credential | undefined> {
  let stored: StoredCredential | undefined;
  try {
    stored = await (await open()).get(STORE, slot);
  } catch (error) {
    console.warn('Tablet key not readable', error);
    return undefined;
  }
  if (!stored) return undefined;
  if ('privateKey' in stored) return stored;
  return {
    tabletId: stored.tabletId,
    privateKey: await crypto.subtle.importKey('jwk', stored.privateJwk, ALGORITHM, false, ['sign']),
    publicKey: await crypto.subtle.importKey('jwk', stored.publicJwk, ALGORITHM, true, ['verify']),
  };
}

/** Tests only: closes the database, so that it can be deleted between cases. */
export async function closeCredentialStoreForTests(): Promise<void> {
  const open = db;
  db = undefined;
  (await open)?.close();
}
