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
