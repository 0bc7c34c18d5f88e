import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

export const ROOT = resolve(import.meta.dirname, '../..');
/**
 * The passphrase the e2e build is made with: a build refuses the public 'zaehltest' and anything
 * shorter than 12 characters (scripts/build-config.ts).
 */
export const TEST_PASSWORD = 'zaehltest-testlauf';
/** The responsible body the e2e build's letters name (scripts/build-config.ts LETTER_CONTROLLER). */
export const LETTER_CONTROLLER = 'Kita Sonnenschein, Musterweg 1, 12345 Musterstadt';

/**
 * Builds the app into a fresh temporary folder, so that parallel runs and a running `npm start`
 * never share an output folder.
 */
export async function buildApp(
  outDir = mkdtempSync(join(tmpdir(), 'zaehltest-dist-')),
  /** Build-time settings of this build (e.g. CONSENT_REQUIRED), restored afterwards. */
  settings: Record<string, string> = {},
): Promise<string> {
  const accessPassword = process.env.ACCESS_PASSWORD;
  process.env.ACCESS_PASSWORD = TEST_PASSWORD;
  // The letters to the parents print it (tests/letters.test.ts); the data-protection contact stays
  // unset, so the letter shows its blank line.
  const controller = process.env.LETTER_CONTROLLER;
  process.env.LETTER_CONTROLLER = LETTER_CONTROLLER;
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  // Vitest sets NODE_ENV=test, which would give a development React build; test what ships.
  // Restored afterwards: the jsdom tests spawned later need React's development build for act().
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    if (controller === undefined) delete process.env.LETTER_CONTROLLER;
    else process.env.LETTER_CONTROLLER = controller;
    if (accessPassword === undefined) delete process.env.ACCESS_PASSWORD;
    else process.env.ACCESS_PASSWORD = accessPassword;
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  return outDir;
}
