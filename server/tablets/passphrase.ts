import { createHmac, pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { ACCESS_KDF_ITERATIONS } from '../../schemas/access-passphrase.ts';
import type { PassphraseRecord } from '../../schemas/tablets-api.ts';

const pbkdf2Async = promisify(pbkdf2);

/**
 * The salt and verifier of an Einrichtung's passphrase (docs/product.md §51): the same PBKDF2-SHA256
 * and HMAC as the build's (scripts/build-config.ts makeAccessVerifier, src/storage/kdf.ts verifierOf),
 * so a tablet checks a typed passphrase against it as it checks the build's. Off the event loop: the
 * derivation takes about half a second.
 */
export async function passphraseVerifier(
  passphrase: string,
  iterations: number = ACCESS_KDF_ITERATIONS,
  salt: Buffer = randomBytes(16),
): Promise<Omit<PassphraseRecord, 'version'>> {
  const master = await pbkdf2Async(passphrase.normalize('NFC'), salt, iterations, 32, 'sha256');
  return {
    salt: salt.toString('base64'),
    iterations,
    verifier: createHmac('sha256', master).update('zaehltest/verifier').digest('hex'),
  };
}
