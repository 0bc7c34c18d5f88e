import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeResearchPayload } from '../server/testing/payload.ts';
import { openAuswertungBeforeAll } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { PHONE, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';

/**
 * The Protokoll on /auswertung (docs/product.md §46) in real Chromium against the real server: the
 * researcher deletes a child's results on the page and downloads the CSV; the Protokoll shows both
 * and the login, and confirms the deletion by the child code alone (the rules, filters and the
 * absence of codes and tokens are tested in server/auswertung/protokoll.test.ts).
 */
const CODE = 'K7M3QX';
const RESULTS = [
  makeResearchPayload({ overrides: { childCode: CODE, testDate: '2026-09-01' } }),
  makeResearchPayload({ overrides: { childCode: CODE, testDate: '2026-11-02' } }),
  makeResearchPayload({ overrides: { childCode: 'P4R8TZ' } }),
];

describe('/auswertung: the Protokoll', () => {
  let page: Page;
  openAuswertungBeforeAll(RESULTS, (opened) => ({ page } = opened));

  const rows = () =>
    page
      .getByRole('table', { name: 'Einträge des Protokolls, die neuesten zuerst' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(1).map((cell) => cell.textContent)));

  it('shows the login, an export and a deletion made on the page, and confirms the deletion by its code', async () => {
    const section = page.getByRole('region', { name: 'Protokoll', exact: true });
    await section.getByRole('heading', { name: 'Protokoll' }).waitFor();
    await expect.poll(rows).toEqual([['Anmeldung', 'Zugangsschlüssel EXPORT_TOKEN (/auswertung)', '', '']]);

    // A download, then a parent's deletion request, as a researcher does them on this page.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'CSV für Excel herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await page.getByLabel('Kind-Code').first().fill(CODE.toLowerCase());
    await page.getByRole('button', { name: 'Ergebnisse suchen …' }).click();
    await page.getByRole('button', { name: '2 Ergebnisse löschen' }).click();
    await page.getByText(`2 Ergebnisse zum Kind-Code ${CODE} wurden gelöscht.`).waitFor();

    await expect.poll(rows).toEqual([
      ['Löschung', 'Zugangsschlüssel EXPORT_TOKEN (/auswertung)', '2', 'alle Ergebnisse eines Kind-Codes'],
      // The page's default filter: without tests ended early and without silent ones.
      ['Export', 'Zugangsschlüssel EXPORT_TOKEN (/auswertung)', '', 'CSV, Filter: ended=ohne, sound=mit'],
      ['Anmeldung', 'Zugangsschlüssel EXPORT_TOKEN (/auswertung)', '', ''],
    ]);
    expect(await section.textContent()).not.toContain(CODE);
    const time = await section.locator('tbody tr td').first().textContent();
    expect(time).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);

    // Only the deletions.
    await section.getByLabel('Art').selectOption({ label: 'Löschung' });
    await section.getByRole('button', { name: 'Anzeigen' }).click();
    await expect.poll(rows).toHaveLength(1);
    expect(await section.getByRole('link', { name: 'Protokoll als CSV' }).getAttribute('href')).toBe(
      '/api/auswertung/protokoll.csv?kind=deletion',
    );

    // The parent asks whether it was done: the code is recognised, not shown back from the Protokoll.
    await section.getByLabel('Kind-Code').fill(` ${CODE} `);
    await section.getByRole('button', { name: 'Prüfen' }).click();
    await section.getByText(`Für den Kind-Code ${CODE} ist 1 Löschung im Protokoll:`).waitFor();
    expect(await section.locator('.auswertung-protokoll-found li').textContent()).toBe(
      `${time}: 2 Ergebnisse gelöscht (Zugangsschlüssel EXPORT_TOKEN (/auswertung))`,
    );
    await section.getByLabel('Kind-Code').fill('ZZZZZ2');
    await section.getByRole('button', { name: 'Prüfen' }).click();
    await section.getByText('Für den Kind-Code ZZZZZ2 ist keine Löschung im Protokoll.').waitFor();

    expect(await axeFindings(page)).toEqual([]);
    for (const [size, viewport] of [
      ['1024x768', TABLET],
      ['768x1024', TABLET_PORTRAIT],
      ['390x844', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `auswertung-protokoll-${size}`, { fullPage: false });
    }
  });
});
