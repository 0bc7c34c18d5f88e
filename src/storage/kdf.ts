import { hmac } from '@noble/hashes/hmac.js';
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The slow, salted key derivation behind the passphrase (docs/product.md, encrypted at rest):
 * PBKDF2-SHA256 with the iteration count built in. `crypto.subtle` where the page is a secure
 * context (HTTPS, localhost); the audited @noble/hashes where it is missing (plain http on a LAN).
 * Both give the same bytes. Everything else (the access check, the key that wraps the device's
 * data key, a backup file's key) is derived from its 32-byte output with a cheap HMAC, so one slow
 * derivation per unlock is enough.
 */
export interface KdfParams {
  /** Base64 of the random salt made at build time. */
  readonly salt: string;
  readonly iterations: number;
}

/** The build's access check: the salt, the cost and HMAC(master, 'verifier') in hex. */
export interface AccessVerifier extends KdfParams {
  readonly verifier: string;
}

export async function deriveMaster(passphrase: string, params: KdfParams): Promise<Uint8Array> {
  const salt = fromBase64(params.salt);
  const password = utf8ToBytes(passphrase.normalize('NFC'));
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const key = await subtle.importKey('raw', password as BufferSource, 'PBKDF2', false, ['deriveBits']);
      const bits = await subtle.deriveBits(
        { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: params.iterations },
        key,
        256,
      );
      return new Uint8Array(bits);
    } catch (error) {
      console.warn('PBKDF2 through crypto.subtle failed, using the JavaScript implementation', error);
    }
  }
  try {
    return await deriveInWorker(password, salt, params.iterations);
  } catch (error) {
    console.warn('PBKDF2 in a worker failed, deriving on the page', error);
  }
  // asyncTick: hands the main thread back every few ms, so the screen stays responsive.
  return pbkdf2Async(sha256, password, salt, { c: params.iterations, dkLen: 32, asyncTick: 20 });
}

/** The JavaScript PBKDF2 in a Web Worker (kdf-worker.ts); rejects where workers are missing. */
function deriveInWorker(password: Uint8Array, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (typeof Worker === 'undefined') {
      reject(new Error('No Web Worker here'));
      return;
    }
    const worker = new Worker(new URL('./kdf-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<Uint8Array>) => {
      worker.terminate();
      resolve(data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'KDF worker failed'));
    };
    worker.postMessage({ password, salt, iterations });
  });
}

/** A 32-byte key for one purpose (`label`), derived from the master. */
export function subkey(master: Uint8Array, label: string): Uint8Array {
  return hmac(sha256, master, utf8ToBytes(`zaehltest/${label}`));
}

export function verifierOf(master: Uint8Array): string {
  return toHex(subkey(master, 'verifier'));
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Compares two hex strings without an early exit. */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
