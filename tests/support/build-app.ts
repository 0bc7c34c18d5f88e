import { resolve } from 'node:path';
import { build } from 'vite';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The e2e build goes to its own folder so a running `npm start` is not disturbed. */
export const E2E_DIST = resolve(ROOT, 'dist-e2e');
/** The passphrase the e2e build is made with (the documented default). */
export const TEST_PASSWORD = 'zaehltest';

export async function buildApp(outDir = E2E_DIST): Promise<string> {
  delete process.env.ACCESS_PASSWORD;
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}
