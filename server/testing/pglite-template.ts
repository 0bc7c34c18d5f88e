import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteStore } from '../db/index.ts';

/** Names the template folder for the test processes and the servers they start. */
export const TEMPLATE_ENV = 'ZAEHLTEST_PGLITE_TEMPLATE';

const shared = globalThis as { zaehltestPgliteTemplate?: { dir: Promise<string>; users: number } };

/**
 * Makes, once per test run, a DATA_DIR whose embedded database is set up and migrated, and names it in
 * ZAEHLTEST_PGLITE_TEMPLATE for the test processes vitest starts after it. A fresh embedded database
 * costs 7–9 s of CPU (PostgreSQL's initdb in WebAssembly, then the migrations); a copy of this one
 * opens in about 2 s (docs/testing.md). Run by the global set-up of the projects whose tests open
 * databases; returns how to remove it.
 */
export async function makePgliteTemplate(): Promise<() => void> {
  // Several projects share one: the first makes it, the last one's teardown removes it.
  shared.zaehltestPgliteTemplate ??= {
    dir: (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'zaehltest-pglite-template-'));
      const store = await openPgliteStore(dir);
      await store.close();
      return dir;
    })(),
    users: 0,
  };
  const template = shared.zaehltestPgliteTemplate;
  template.users++;
  const dir = await template.dir;
  process.env[TEMPLATE_ENV] = dir;
  return () => {
    if (--template.users > 0) return;
    shared.zaehltestPgliteTemplate = undefined;
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * A new DATA_DIR for a test: a copy of the run's migrated, empty database when there is one, an empty
 * folder otherwise (a file run outside its project). A test of what a first start does on an empty
 * folder makes its own with mkdtemp.
 */
export function freshDataDir(prefix = 'zaehltest-data-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const template = process.env[TEMPLATE_ENV];
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
