import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { openBrowser, SCREEN_SIZES, type Session, screenshot, TABLET } from './support/browser.ts';
import { TEST_PASSWORD } from './support/build-app.ts';
import { reloadAndUnlock, storedSession, waitForScreen } from './support/flow.ts';
import { downloadedPdfText } from './support/pdf.ts';
import { finishedSession, openSeeded } from './support/seed.ts';
import { listStoredResults } from './support/server.ts';

/**
 * 'Test beenden' (docs/product.md §38) in Chromium: a test seeded at question 9 (the answers to 1–8
 * given), ended with a reason behind the passphrase; the results page, a reload, the PDF and what
 * the results server stored. The five reasons are looped over in the unit tests only.
 */

const baseURL = inject('baseURL');
/** Answered wrongly before the end: one of level 1 (6 of 7 right, level 1 complete). */
const WRONG = new Set([6]);

let session: Session | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** The device's session, running, in the pause before question 9 with the answers to 1–8 given. */
async function openAtQuestion9(page: Page, language: string, submissionId: string, childCode?: string) {
  const finished = finishedSession({
    language,
    submissionId,
    wrong: WRONG,
    answeredAt: new Date().toISOString(),
    ...(childCode ? { user: { childCode } } : {}),
  });
  await openSeeded(page, baseURL, {
    ...finished,
    screen: 'transition',
    answers: finished.answers.filter((answer) => answer.question.id < 9),
    queue: Array.from({ length: 15 }, (_, index) => index + 9),
    currentId: 8,
  });
  await waitForScreen(page, 'examples/timer');
}

async function endTest(page: Page, reason: string, shots: string) {
  await page.getByRole('button', { name: 'Test beenden' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Test vorzeitig beenden' });
  await dialog.waitFor();
  for (const [name, size] of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `${shots}-dialog-${name}`, { fullPage: false });
  }
  await page.setViewportSize(TABLET);
  await dialog.getByLabel(reason).check();
  await dialog.getByLabel('Passwort eingeben, um den Test zu beenden:').fill(TEST_PASSWORD);
  await dialog.getByRole('button', { name: 'Test beenden', exact: true }).click();
  await waitForScreen(page, 'result');
}

describe("'Test beenden'", () => {
  it('ends at question 9 with its reason, keeps it over a reload, says so on the page and in the PDF, and sends it marked', async () => {
    session = await openBrowser();
    const { page } = session;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const submissionId = crypto.randomUUID();
    // A saved child: the ended test goes into its Verlauf too.
    await openAtQuestion9(page, 'tr', submissionId, 'K7M3QX');

    // The dialog: the five reasons by keyboard, nothing without a reason, the passphrase as for 'Test abbrechen'.
    await page.getByRole('button', { name: 'Test beenden' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Test vorzeitig beenden' });
    await dialog.waitFor();
    expect(
      await dialog
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent?.trim())),
    ).toEqual([
      'Kind möchte nicht mehr',
      'Kind ist müde oder unwohl',
      'Kind versteht die Sprache nicht',
      'Störung von außen',
      'Anderer Grund',
    ]);
    expect(await axeFindings(page)).toEqual([]);
    // Focus starts on the first reason; the arrow keys choose another.
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel('Kind ist müde oder unwohl').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('falsch');
    await page.keyboard.press('Enter');
    await dialog.getByText('Falsches Passwort').waitFor();
    await dialog.getByRole('button', { name: 'Test fortsetzen' }).click();
    expect(await dialog.count()).toBe(0);
    expect((await storedSession(page))?.screen).toBe('examples/timer');

    await endTest(page, 'Kind ist müde oder unwohl', 'ended-early-tr');
    const notice = 'Vorzeitig beendet nach Frage 9 von 23: Kind ist müde oder unwohl';
    const check = async () => {
      expect(await page.getByTestId('ended-early').textContent()).toContain(notice);
      expect(await page.getByTestId('assigned-level').textContent()).toBe('keines (Test vorzeitig beendet)');
      const levels = await page.locator('.result-levels tbody tr').allTextContents();
      expect(levels).toEqual([
        '16 von 7✓ja',
        '2nicht vollständig bearbeitet–',
        '3nicht vollständig bearbeitet–',
        'Gesamt6 von 7',
      ]);
      expect(await page.locator('.result-questions tr.is-not-reached').count()).toBe(15);
      expect(await page.locator('.result-questions tr.is-incorrect').count()).toBe(1);
    };
    await check();
    await page.getByText('vorzeitig beendet: müde').waitFor();
    expect(await page.locator('.result-verlauf').textContent()).toContain(
      'kein Vergleich (vorzeitig beendet)',
    );
    for (const [name, size] of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `ended-early-tr-result-${name}`);
    }
    await page.setViewportSize(TABLET);
    await page.getByText('Ergebnis gesendet.').waitFor({ timeout: 30_000 });

    // Sent like any result, marked; the questions not reached are null.
    const stored = (await listStoredResults(baseURL)).find((result) => result.submissionId === submissionId);
    expect(stored).toMatchObject({
      endedEarly: { reason: 'unwell', lastQuestion: 9 },
      question1: true,
      question6: false,
      question8: true,
      question10: null,
      question23: null,
      childCode: 'K7M3QX',
    });
    expect(stored?.answers?.map((detail) => detail.question)).toEqual([1, 2, 3, 4, 5, 6, 8]);

    // A reload keeps the ended test.
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');
    await check();
    expect((await storedSession(page))?.endedEarly).toMatchObject({ reason: 'unwell', lastQuestion: 9 });

    const { text } = await downloadedPdfText(page);
    expect(text).toContain(notice);
    expect(text).toContain('Zugeordnetes Niveau keines (Test vorzeitig beendet)');
    expect(text).toContain('nicht vollständig bearbeitet');
    expect(text.split('nicht bearbeitet').length - 1).toBeGreaterThanOrEqual(15);
    expect(errors).toEqual([]);
  }, 60_000);

  it('fits and reads well in Arabic as the child language', async () => {
    session = await openBrowser();
    const { page } = session;
    await openAtQuestion9(page, 'ar', crypto.randomUUID());
    await endTest(page, 'Störung von außen', 'ended-early-ar');
    expect(await page.getByTestId('ended-early').textContent()).toContain(
      'Vorzeitig beendet nach Frage 9 von 23: Störung von außen',
    );
    for (const [name, size] of SCREEN_SIZES) {
      await page.setViewportSize(size);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), name).toBe(
        true,
      );
      await screenshot(page, `ended-early-ar-result-${name}`);
    }
  }, 45_000);
});
