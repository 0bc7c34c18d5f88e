import { createHash } from 'node:crypto';

/** The passphrase used when ACCESS_PASSWORD is not set (local use only; documented in the README). */
export const DEFAULT_ACCESS_PASSWORD = 'zaehltest';
export const DEFAULT_RESULT_ENDPOINT = '/api/results';

export interface BuildConfig {
  /** Only the hash reaches the bundle, never the passphrase. */
  accessPasswordSha256: string;
  resultEndpoint: string;
}

/** Build-time configuration read from the environment (ACCESS_PASSWORD, RESULT_ENDPOINT). */
export function buildConfig(env: Record<string, string | undefined>): BuildConfig {
  const password = env.ACCESS_PASSWORD || DEFAULT_ACCESS_PASSWORD;
  return {
    accessPasswordSha256: createHash('sha256').update(password, 'utf8').digest('hex'),
    resultEndpoint: env.RESULT_ENDPOINT || DEFAULT_RESULT_ENDPOINT,
  };
}
