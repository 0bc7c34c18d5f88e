import { createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/** The passphrase used when ACCESS_PASSWORD is not set (local use only; documented in the README). */
export const DEFAULT_ACCESS_PASSWORD = 'zaehltest';
export const DEFAULT_RESULT_ENDPOINT = '/api/results';
/** PBKDF2-SHA256 iterations (OWASP 2023; the reasoning is in docs/product.md, encrypted at rest). */
export const ACCESS_KDF_ITERATIONS = 600_000;

/**
 * What the bundle holds to check the passphrase: a random salt, the cost, and an HMAC of the slow
 * KDF's output (the same computation as src/storage/kdf.ts). No fast hash of the passphrase.
 */
export interface AccessVerifier {
  salt: string;
  iterations: number;
  verifier: string;
}

export interface BuildConfig {
  /** Only the verifier reaches the bundle, never the passphrase. */
  accessVerifier: AccessVerifier;
  resultEndpoint: string;
}

export function makeAccessVerifier(
  password: string,
  iterations: number = ACCESS_KDF_ITERATIONS,
  salt: Buffer = randomBytes(16),
): AccessVerifier {
  const master = pbkdf2Sync(password.normalize('NFC'), salt, iterations, 32, 'sha256');
  return {
    salt: salt.toString('base64'),
    iterations,
    verifier: createHmac('sha256', master).update('zaehltest/verifier').digest('hex'),
  };
}

/**
 * Build-time configuration read from the environment (ACCESS_PASSWORD, ACCESS_PASSWORD_SALT,
 * RESULT_ENDPOINT). The salt is random per build unless ACCESS_PASSWORD_SALT (base64) pins it; a
 * new salt costs one extra derivation on each device's first unlock after the update.
 */
export function buildConfig(env: Record<string, string | undefined>): BuildConfig {
  const password = env.ACCESS_PASSWORD || DEFAULT_ACCESS_PASSWORD;
  const salt = env.ACCESS_PASSWORD_SALT ? Buffer.from(env.ACCESS_PASSWORD_SALT, 'base64') : undefined;
  if (salt && salt.length < 16) throw new Error('ACCESS_PASSWORD_SALT must be at least 16 bytes (base64)');
  return {
    accessVerifier: makeAccessVerifier(password, ACCESS_KDF_ITERATIONS, salt),
    resultEndpoint: env.RESULT_ENDPOINT || DEFAULT_RESULT_ENDPOINT,
  };
}
