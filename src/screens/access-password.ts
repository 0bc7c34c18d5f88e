import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Compares the passphrase's SHA-256 with the one built in. A small library rather than
 * crypto.subtle, which is missing on plain http (not a secure context). Its own chunk: the
 * access screen draws without it and loads it in the background.
 */
export function isAccessPassword(
  input: string,
  expectedSha256: string = __ACCESS_PASSWORD_SHA256__,
): boolean {
  return bytesToHex(sha256(utf8ToBytes(input))) === expectedSha256.toLowerCase();
}
