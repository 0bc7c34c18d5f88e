import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The passphrase the e2e build is made with (the documented default). */
export const TEST_PASSWORD = 'zaehltest';

/**
 * Builds the app into a fresh temporary folder, so that parallel runs and a running `npm start`
 * never share an output folder.
 */
export async function buildApp(outDir = mkdtempSync(join(tmpdir(), 'zaehltest-dist-'))): Promise<string> {
  delete process.env.ACCESS_PASSWORD;
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}
