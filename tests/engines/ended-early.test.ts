import { describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD } from '../support/build-app.ts';
import {
  jumpTo,
  reloadAndUnlock,
  shot,
  storedSession,
  textOf,
  waitForScreen,
} from '../support/engine-flow.ts';
import { openEnginePage } from '../support/engine-test.ts';

/**
 * 'Test beenden' (docs/product.md §38) in every engine: from question 9, with a reason behind the
 * passphrase, to the results page that says so, and kept over a reload. The details of the page,
 * the PDF and the upload are checked in Chromium (tests/ended-early.test.ts).
 */

const baseURL = inject('baseURL');

describe("'Test beenden'", () => {
  it('ends the test at question 9 with its reason and keeps it over a reload', async () => {
    const page = await openEnginePage();
    await jumpTo(
      page,
      baseURL,
      Array.from({ length: 15 }, (_, index) => index + 9),
    );
    await waitForScreen(page, 'examples/timer');
    await page.click({ role: 'button', name: 'Test beenden' });
    await page.click({ role: 'radio', name: 'Störung von außen' });
    await page.fill({ label: 'Passwort eingeben, um den Test zu beenden:' }, TEST_PASSWORD);
    await shot(page, 'ended-early-dialog');
    await page.click({ css: '.dialog-educator button[type="submit"]' });
    await waitForScreen(page, 'result');
    const notice = 'Vorzeitig beendet nach Frage 9 von 23: Störung von außen';
    expect(await textOf(page, '[data-testid="ended-early"]')).toContain(notice);
    expect(await textOf(page, '[data-testid="assigned-level"]')).toBe('keines (Test vorzeitig beendet)');
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');
    expect(await textOf(page, '[data-testid="ended-early"]')).toContain(notice);
    expect((await storedSession(page))?.endedEarly).toMatchObject({ reason: 'disturbance', lastQuestion: 9 });
  }, 60_000);
});
