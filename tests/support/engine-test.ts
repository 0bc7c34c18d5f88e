import { afterEach, expect, inject } from 'vitest';
import { type EnginePage, openPage } from './driver/index.ts';
import type { OpenOptions } from './driver/types.ts';

/** The engine of this vitest project (e2e: chromium, e2e-webkit, e2e-firefox). */
export const ENGINE = inject('engine');

/**
 * For a describe whose test WebKitGTK alone has lost under a loaded clean-clone run while it passed
 * alone and in the next runs (docs/testing.md names the files and why): one more try in WebKit, none
 * in the other engines. A test given this must start from a fresh state, so a second try repeats it whole.
 */
export const WEBKIT_SECOND_TRY = { retry: ENGINE === 'webkit' ? 1 : 0 };

let open: EnginePage[] = [];
/** Messages a test has declared as known and harmless for its page (see offline.test.ts). */
const tolerated = new WeakMap<EnginePage, RegExp>();

/**
 * Opens a page in this project's engine; it is closed after the test, and the test fails when the
 * page had an uncaught error.
 */
export async function openEnginePage(options: OpenOptions = {}, tolerate?: RegExp): Promise<EnginePage> {
  const page = await openPage(ENGINE, options);
  open.push(page);
  if (tolerate) tolerated.set(page, tolerate);
  return page;
}

afterEach(async () => {
  const pages = open;
  open = [];
  for (const page of pages) {
    const pattern = tolerated.get(page);
    const errors = (await page.errors().catch(() => [])).filter((error) => !pattern?.test(error));
    await page.close();
    expect(errors, `${page.engine}: uncaught errors in the page`).toEqual([]);
  }
});
