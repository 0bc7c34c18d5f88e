import { gcm } from '@noble/ciphers/aes.js';

/**
 * AES-256-GCM, as one byte string: a random 12-byte IV followed by the ciphertext and its tag.
 * Synchronous through the audited @noble/ciphers, so that the running session is written in the
 * same task as today (a reload right after an answer loses nothing, see tests/reload.test.ts);
 * `crypto.subtle` for the bulk work (backups) where the page is a secure context. Both read what
 * the other wrote.
 */
const IV_BYTES = 12;

function randomIv(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
}

export function encryptSync(key: Uint8Array, plaintext: Uint8Array, aad?: Uint8Array): Uint8Array {
  const iv = randomIv();
  const sealed = gcm(key, iv, aad).encrypt(plaintext);
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** Throws when the key or the associated data is wrong or a byte was changed. */
export function decryptSync(key: Uint8Array, bytes: Uint8Array, aad?: Uint8Array): Uint8Array {
  if (bytes.length < IV_BYTES + 16) throw new Error('Sealed value too short');
  return gcm(key, bytes.subarray(0, IV_BYTES), aad).decrypt(bytes.subarray(IV_BYTES));
}

const subtle = () => globalThis.crypto?.subtle;

/** Imported once per key (a backup seals a thousand records under the same key). */
const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function subtleKey(key: Uint8Array): Promise<CryptoKey> {
  let cryptoKey = imported.get(key);
  if (!cryptoKey) {
    cryptoKey = subtle().importKey('raw', key as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt']);
    imported.set(key, cryptoKey);
  }
  return cryptoKey;
}

/** AES-GCM parameters; `aad`, the associated data, is authenticated but not stored. */
function params(iv: Uint8Array, aad: Uint8Array | undefined): AesGcmParams {
  return aad
    ? { name: 'AES-GCM', iv: iv as BufferSource, additionalData: aad as BufferSource }
    : { name: 'AES-GCM', iv: iv as BufferSource };
}

export async function encrypt(key: Uint8Array, plaintext: Uint8Array, aad?: Uint8Array): Promise<Uint8Array> {
  if (!subtle()) return encryptSync(key, plaintext, aad);
  const iv = randomIv();
  const sealed = new Uint8Array(
    await subtle().encrypt(params(iv, aad), await subtleKey(key), plaintext as BufferSource),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

export async function decrypt(key: Uint8Array, bytes: Uint8Array, aad?: Uint8Array): Promise<Uint8Array> {
  if (!subtle()) return decryptSync(key, bytes, aad);
  if (bytes.length < IV_BYTES + 16) throw new Error('Sealed value too short');
  return new Uint8Array(
    await subtle().decrypt(
      params(bytes.subarray(0, IV_BYTES), aad),
      await subtleKey(key),
      bytes.subarray(IV_BYTES) as BufferSource,
    ),
  );
}
