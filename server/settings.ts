/**
 * A setting that must be a whole number of at least 1 (MIN_CHILDREN_FOR_STATISTICS, RETENTION_MONTHS,
 * PROTOKOLL_MONTHS): unset or empty gives `fallback`; anything else stops the start with a German and
 * English message rather than run wrongly (a typo must neither keep results for ever nor delete all).
 */
export function positiveIntegerFromEnv(
  name: string,
  fallback: number,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} muss eine ganze Zahl ≥ 1 sein / must be a whole number ≥ 1, got "${raw}"`);
  }
  return value;
}

/**
 * A yes/no setting (UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH): unset or empty gives `fallback`; 'true',
 * 'false', '1', '0', 'ja', 'nein' (any case) are read; anything else stops the start with a German
 * and English message, so that a typo never widens what research sees.
 */
export function booleanFromEnv(
  name: string,
  fallback: boolean,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'ja', 'yes'].includes(value)) return true;
  if (['false', '0', 'nein', 'no'].includes(value)) return false;
  throw new Error(`${name} muss true oder false sein / must be true or false, got "${raw}"`);
}
