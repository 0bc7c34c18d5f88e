import { createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { ACCESS_KDF_ITERATIONS, MIN_PASSPHRASE_LENGTH } from '../schemas/access-passphrase.ts';
import { positiveIntegerFromEnv } from '../server/settings.ts';

export { ACCESS_KDF_ITERATIONS, MIN_PASSPHRASE_LENGTH };

/**
 * The passphrase everyone can read in this repository: only the development server (`npm run dev`)
 * falls back to it. A build refuses it (docs/product.md, the access passphrase).
 */
export const PUBLIC_PASSPHRASE = 'zaehltest';
export const DEFAULT_RESULT_ENDPOINT = '/api/results';

/**
 * What the bundle holds to check the passphrase: a random salt, the cost, and an HMAC of the slow
 * KDF's output (the same computation as src/storage/kdf.ts). No fast hash of the passphrase.
 */
export interface AccessVerifier {
  salt: string;
  iterations: number;
  verifier: string;
}

/**
 * The server's retention period when RETENTION_MONTHS is unset: server/retention.ts
 * DEFAULT_RETENTION_MONTHS (build-config.test.ts keeps the two equal; the server module is not
 * imported here, so the Vite config loader stays free of the server's database code).
 */
export const DEFAULT_SERVER_RETENTION_MONTHS = 60;

/**
 * The deployment's facts the letters to the parents print (docs/product.md, "Elternbrief und
 * Ergebnisbrief"; docs/deploy.md): a setting left unset stays undefined, and the letter shows a
 * blank line to fill in by hand instead of invented data.
 */
export interface LetterSettings {
  /** LETTER_CONTROLLER: who is responsible (Träger, name and address). */
  controller?: string;
  /** LETTER_PRIVACY_CONTACT: whom to ask about data protection (the data-protection officer). */
  privacyContact?: string;
  /** LETTER_SERVER_PLACE: where the results server stands (operator and place). */
  serverPlace?: string;
  /** RETENTION_MONTHS, as the server reads it: months after a child's latest test until deletion. */
  serverRetentionMonths: number;
}

export interface BuildConfig {
  /** Only the verifier reaches the bundle, never the passphrase. */
  accessVerifier: AccessVerifier;
  resultEndpoint: string;
  /**
   * CONSENT_REQUIRED: 'Test beginnen' needs a recorded screening consent of the parents
   * (docs/product.md §48, docs/deploy.md); default off.
   */
  consentRequired: boolean;
  letter: LetterSettings;
}

/**
 * Reads CONSENT_REQUIRED: unset, empty, 'false', '0' or 'nein' is off; 'true', '1' or 'ja' is on.
 * Anything else stops the build with a German and English message, rather than build a tablet that
 * tests without the consent the deployment asked for.
 */
export function consentRequired(raw: string | undefined): boolean {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'false', '0', 'nein', 'no'].includes(value)) return false;
  if (['true', '1', 'ja', 'yes'].includes(value)) return true;
  throw new Error(
    `CONSENT_REQUIRED muss true oder false sein, nicht „${raw}“: Die App wird nicht gebaut (docs/deploy.md).\n` +
      `CONSENT_REQUIRED must be true or false, not "${raw}": the app is not built (docs/deploy.md).`,
  );
}

/** A text setting: trimmed, at most 300 characters; unset or blank is undefined. */
function textSetting(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name]?.replace(/\s+/g, ' ').trim();
  if (!value) return undefined;
  if (value.length > 300) {
    throw new Error(
      `${name} ist länger als 300 Zeichen: Bitte kürzer fassen (docs/deploy.md).\n${name} is longer than 300 characters: shorten it (docs/deploy.md).`,
    );
  }
  return value;
}

/** The letters' settings from the environment; a RETENTION_MONTHS the server would refuse stops the build. */
export function letterSettings(env: Record<string, string | undefined>): LetterSettings {
  const controller = textSetting(env, 'LETTER_CONTROLLER');
  const privacyContact = textSetting(env, 'LETTER_PRIVACY_CONTACT');
  const serverPlace = textSetting(env, 'LETTER_SERVER_PLACE');
  return {
    ...(controller ? { controller } : {}),
    ...(privacyContact ? { privacyContact } : {}),
    ...(serverPlace ? { serverPlace } : {}),
    serverRetentionMonths: positiveIntegerFromEnv('RETENTION_MONTHS', DEFAULT_SERVER_RETENTION_MONTHS, env),
  };
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
 * Why `password` may not be built into the app, in German and English, naming ACCESS_PASSWORD; or
 * undefined when it may: it must be set, not the public one, and at least 12 characters long.
 */
export function passphraseProblem(password: string | undefined): string | undefined {
  const why = !password
    ? ['ACCESS_PASSWORD ist nicht gesetzt', 'ACCESS_PASSWORD is not set']
    : password === PUBLIC_PASSPHRASE
      ? [
          `ACCESS_PASSWORD ist das öffentliche Passwort „${PUBLIC_PASSPHRASE}“`,
          `ACCESS_PASSWORD is the public passphrase "${PUBLIC_PASSPHRASE}"`,
        ]
      : [...password.normalize('NFC')].length < MIN_PASSPHRASE_LENGTH
        ? [
            `ACCESS_PASSWORD ist kürzer als ${MIN_PASSPHRASE_LENGTH} Zeichen`,
            `ACCESS_PASSWORD is shorter than ${MIN_PASSPHRASE_LENGTH} characters`,
          ]
        : undefined;
  if (!why) return undefined;
  return (
    `${why[0]}: Die App wird nicht gebaut. Bitte ein eigenes Passwort mit mindestens ${MIN_PASSPHRASE_LENGTH} Zeichen in ACCESS_PASSWORD setzen (docs/deploy.md).\n` +
    `${why[1]}: the app is not built. Set a passphrase of your own, at least ${MIN_PASSPHRASE_LENGTH} characters, in ACCESS_PASSWORD (docs/deploy.md).`
  );
}

/**
 * Build-time configuration read from the environment (ACCESS_PASSWORD, ACCESS_PASSWORD_SALT,
 * RESULT_ENDPOINT, CONSENT_REQUIRED, and the letters' LETTER_CONTROLLER, LETTER_PRIVACY_CONTACT,
 * LETTER_SERVER_PLACE, RETENTION_MONTHS). A build (`command` 'build') refuses a missing, public or short passphrase
 * (passphraseProblem); the development server falls back to the public one. The salt is random per
 * build unless ACCESS_PASSWORD_SALT (base64) pins it; a new salt costs one extra derivation on each
 * device's first unlock after the update.
 */
export function buildConfig(
  env: Record<string, string | undefined>,
  command: 'build' | 'serve' = 'build',
): BuildConfig {
  const problem = command === 'build' ? passphraseProblem(env.ACCESS_PASSWORD) : undefined;
  if (problem) throw new Error(problem);
  const password = env.ACCESS_PASSWORD || PUBLIC_PASSPHRASE;
  const salt = env.ACCESS_PASSWORD_SALT ? Buffer.from(env.ACCESS_PASSWORD_SALT, 'base64') : undefined;
  if (salt && salt.length < 16) throw new Error('ACCESS_PASSWORD_SALT must be at least 16 bytes (base64)');
  return {
    accessVerifier: makeAccessVerifier(password, ACCESS_KDF_ITERATIONS, salt),
    resultEndpoint: env.RESULT_ENDPOINT || DEFAULT_RESULT_ENDPOINT,
    consentRequired: consentRequired(env.CONSENT_REQUIRED),
    letter: letterSettings(env),
  };
}
