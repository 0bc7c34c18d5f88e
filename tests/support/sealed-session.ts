import { createDecipheriv, createHmac, pbkdf2Sync } from 'node:crypto';
import { KEYRING_STORAGE_KEY } from '../../src/storage/sealed.ts';
import { parseSessionEnvelope, SESSION_STORAGE_KEY } from '../../src/store/session-key.ts';
import type { SavedSession } from '../../src/store/types.ts';
import { TEST_PASSWORD } from './build-app.ts';

/**
 * The running session as the app stores it since the encryption at rest: sealed under the
 * device's data key, which is wrapped under the passphrase (src/storage/sealed.ts). Tests open it
 * as the educator would, with the passphrase, here with Node's own crypto (an independent reading
 * of the stored format).
 */
const masters = new Map<string, Buffer>();

function master(passphrase: string, salt: string, iterations: number): Buffer {
  const id = `${passphrase}\u0000${salt}\u0000${iterations}`;
  let derived = masters.get(id);
  if (!derived) {
    derived = pbkdf2Sync(passphrase.normalize('NFC'), Buffer.from(salt, 'base64'), iterations, 32, 'sha256');
    masters.set(id, derived);
  }
  return derived;
}

/** AES-256-GCM: 12-byte IV, ciphertext, 16-byte tag; `aad` is the associated data it was sealed with. */
function open(key: Buffer, sealed: Buffer, aad?: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
}

/** The device's data key, opened from the stored keyring with the passphrase. */
export function dataKey(keyringJson: string, passphrase = TEST_PASSWORD): Buffer {
  const keyring = JSON.parse(keyringJson) as {
    salt: string;
    iterations: number;
    wrapped: string;
    bound?: true;
  };
  const wrapKey = createHmac('sha256', master(passphrase, keyring.salt, keyring.iterations))
    .update('zaehltest/wrap')
    .digest();
  // Once every stored value is bound to its place, the wrapped key says so as associated data.
  return open(
    wrapKey,
    Buffer.from(keyring.wrapped, 'base64'),
    keyring.bound ? 'zaehltest/keyring/bound' : undefined,
  );
}

/** The session from the two stored items (the session and the keyring), or null when none is stored. */
export function openStoredSession(raw: string | null, keyring: string | null): SavedSession | null {
  if (!raw) return null;
  const envelope = parseSessionEnvelope(raw);
  if (!envelope) return (JSON.parse(raw) as { state: SavedSession }).state;
  if (!keyring) throw new Error('A sealed session is stored, but no keyring');
  const json = open(dataKey(keyring), Buffer.from(envelope.sealed, 'base64')).toString('utf8');
  return (JSON.parse(json) as { state: SavedSession }).state;
}

/** The keys to read from the page's localStorage for `openStoredSession`. */
export const SEALED_SESSION_KEYS = [SESSION_STORAGE_KEY, KEYRING_STORAGE_KEY] as const;
