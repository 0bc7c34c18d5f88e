import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { openBrowser, SCREEN_SIZES, type Session, screenshot, TABLET } from './support/browser.ts';
import { storedChild as child, daysAgo, storedResult as result, seed } from './support/children-seed.ts';
import { login, waitForScreen } from './support/flow.ts';
import { downloadedPdfText } from './support/pdf.ts';

/**
 * The Gruppenübersicht as a plan (docs/product.md, Gruppenübersicht) in Chromium, with three
 * children written into the device's database (never a test run): per child the next step, its
 * last result and that result's PDF, 'Test beginnen' with the child filled in, the delete dialog,
 * and every column on screen at 1024×768, 768×1024 and 390×844.
 */

const baseURL = inject('baseURL');
const AMAL = 'أمل حداد';

let session: Session;
let page: Page;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  await login(page, baseURL);
  await seed(page, {
    children: [
      child('AMAL23', AMAL, 'ar', '2020-05-01'),
      child('ZEYNEP', 'Zeynep Kaya', 'tr', '2021-01-15'),
      child('IOANA7', 'Ioana Popescu', 'ro', ''),
    ],
    results: [
      // Level 1 not reached although 2 and 3 were: 'größer 3' beside 'Niveau 1', an unusual profile.
      result('AMAL23', daysAgo(10), 'ar', [2, 7, 6], {
        silentPrompts: { count: 23, total: 23 },
        understanding: 'partly',
      }),
      result('ZEYNEP', daysAgo(200), 'tr', [6, 2, 1]),
    ],
  });
  await page.getByRole('button', { name: 'Gruppenübersicht' }).click();
  await waitForScreen(page, 'overview');
  await page.getByRole('table', { name: 'Gruppenübersicht' }).waitFor();
});

afterAll(async () => {
  await session?.close();
});

const rowOf = (name: string) =>
  page.locator('.overview-table tbody tr[aria-rowindex]').filter({ hasText: name });

/**
 * Every cell of the child's row scrolled into view lies inside the window, the page never scrolls
 * sideways, and every button of the row is at least 44 px high.
 */
async function everyColumnOnScreen(name: string, size: { width: number; height: number }) {
  const row = rowOf(name);
  const cells = row.locator(':scope > th, :scope > td');
  expect(await cells.count()).toBe(10);
  for (let i = 0; i < 10; i++) {
    const cell = cells.nth(i);
    await cell.scrollIntoViewIfNeeded();
    expect((await cell.textContent())?.trim()).not.toBe('');
    const box = (await cell.boundingBox())!;
    expect(box.x, `cell ${i} of ${name} at ${size.width}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `cell ${i} of ${name} at ${size.width}`).toBeLessThanOrEqual(size.width);
    // Scrolled into view (to the subpixel): on screen vertically too.
    expect(box.y + box.height).toBeGreaterThan(0);
    expect(box.y).toBeLessThan(size.height);
  }
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    // What sticks out, to say what to fix.
    wider: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName}.${element.className}`),
  }));
  expect(widths.page, widths.wider.join(', ')).toBeLessThanOrEqual(widths.window);
  // No word runs out of its cell into the next one.
  const overflowing = await row
    .locator(':scope > th, :scope > td')
    .evaluateAll((all) =>
      all.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
    );
  expect(overflowing).toEqual([]);
  for (const button of await row.getByRole('button').all()) {
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
}

describe('the Gruppenübersicht as a plan', () => {
  for (const [label, size] of SCREEN_SIZES) {
    it(`shows every column of every child at ${label}, with its next step`, async () => {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `group-overview-plan-${label}`);
      for (const name of [AMAL, 'Zeynep Kaya', 'Ioana Popescu']) await everyColumnOnScreen(name, size);
      const amal = rowOf(AMAL);
      await expect.poll(() => amal.textContent()).toContain('Niveau 1 – ungewöhnliches Profil');
      const next = amal.locator('.col-next');
      expect(await next.textContent()).toMatch(
        /^Erneut testen ab \d\d\.\d\d\.\d{4}ohne TonSprachverständnis: teilweise/,
      );
      expect(await next.textContent()).toContain('Ungewöhnliches Profil: Niveau 1 nicht erreicht');
      expect(await rowOf('Zeynep Kaya').locator('.col-next').textContent()).toMatch(
        /^Erneut testen: fällig seit \d\d\.\d\d\.\d{4}Förderhinweise/,
      );
      await rowOf('Zeynep Kaya').getByText('Förderhinweise', { exact: true }).click();
      await expect
        .poll(() => rowOf('Zeynep Kaya').locator('.col-next').textContent())
        .toContain('Förderhinweise für Niveau 2:');
      await rowOf('Zeynep Kaya').getByText('Förderhinweise', { exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `group-overview-plan-${label}-support`, { fullPage: false });
      // axe finds nothing, the Förderhinweise open (table or cards).
      expect(await axeFindings(page)).toEqual([]);
      await rowOf('Zeynep Kaya').getByText('Förderhinweise', { exact: true }).click();
    });
  }

  it("'Letztes Ergebnis' shows the child's newest test and saves it as PDF", async () => {
    await page.setViewportSize(TABLET);
    await page.getByRole('button', { name: `Letztes Ergebnis von ${AMAL}` }).click();
    const dialog = page.getByRole('dialog', { name: `Letztes Ergebnis von ${AMAL}` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Ungewöhnliches Profil');
    expect(await dialog.textContent()).toContain('AMAL23');
    await screenshot(page, 'group-overview-plan-last-result', { fullPage: false });
    expect(await axeFindings(page)).toEqual([]);
    const { text } = await downloadedPdfText(page, dialog.getByRole('button', { name: 'Als PDF speichern' }));
    expect(text).toContain('AMAL23');
    expect(text).toContain('Ungewöhnliches Profil');
    expect(text).toContain('Förderhinweise für Niveau 1 (nicht erreicht)');
    expect(text).toContain('Ohne Ton');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
  });

  it('names the child and its code when deleting, and what stays on the server', async () => {
    await page.getByRole('button', { name: `Verlauf von ${AMAL}` }).click();
    await page.getByRole('button', { name: 'Kind löschen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Kind löschen?' });
    const text = await confirm.textContent();
    expect(text).toContain(`${AMAL} (Kind-Code AMAL23)`);
    expect(text).toContain(
      'Schon gesendete Ergebnisse bleiben ohne Namen auf dem Server. Dort kann die Forschung sie über den Kind-Code AMAL23 löschen',
    );
    await confirm.getByRole('button', { name: 'Nicht löschen' }).click();
    await page.getByRole('button', { name: 'Schließen' }).click();
  });

  it("'Test beginnen' opens the details form with the child filled in", async () => {
    await page.getByRole('button', { name: `Test beginnen mit ${AMAL}` }).click();
    await waitForScreen(page, 'userdata');
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(AMAL);
    expect(await page.getByLabel('Geburtsdatum').inputValue()).toBe('01.05.2020');
  });
});
