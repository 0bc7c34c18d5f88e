import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { correctForPoints, makeResearchPayload } from '../server/testing/payload.ts';
import { openAuswertungBeforeAll, waitForTotal } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import type { TestServer } from './support/server.ts';

/**
 * Unusual profiles on /auswertung (docs/product.md §28) in real Chromium against the real server:
 * the overview counts them per language, the levels say that they keep the specification's level,
 * and the filter 'Profil' reaches the numbers and the download.
 */

const PHONE = { width: 390, height: 844 } as const;

/** A result in `language` with these points on levels 1–3. */
const withPoints = (language: string, points: [number, number, number]) =>
  makeResearchPayload({ correct: correctForPoints(points), overrides: { language } });

const RESULTS = [
  // Unusual: level 1 at 1 of 7 below levels 2 and 3 (Turkish, twice), level 2 below 3 (Arabic).
  withPoints('2', [1, 7, 7]),
  withPoints('2', [3, 6, 2]),
  withPoints('3', [6, 2, 5]),
  // Ordinary.
  withPoints('2', [7, 7, 7]),
  withPoints('3', [5, 2, 0]),
  withPoints('3', [2, 1, 0]),
];

describe("/auswertung: unusual profiles and the filter 'Profil'", () => {
  let server: TestServer;
  let page: Page;
  openAuswertungBeforeAll(RESULTS, (opened) => ({ server, page } = opened));

  // Exact: the section 'Zweisprachige Profile' is labelled 'Profil…' too.
  const profileFilter = () => page.getByLabel('Profil', { exact: true });

  it("counts them per language, notes the levels' rule, and 'nur ungewöhnliche' reaches the numbers and the CSV", async () => {
    await waitForTotal(page, '6 Ergebnisse');
    expect(await profileFilter().inputValue()).toBe('alle');
    const counts = page.getByTestId('unusual-counts');
    const rows = await counts.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Türkisch.*2$/);
    expect(rows[1]).toMatch(/^Arabisch.*1$/);
    expect(await page.getByTestId('levels-unusual-note').textContent()).toContain(
      'behalten das Niveau nach der Regel der Spezifikation',
    );
    expect(await axeFindings(page)).toEqual([]);
    await counts.scrollIntoViewIfNeeded();
    await screenshot(page, 'auswertung-unusual-1024x768', { fullPage: false });
    await page.getByTestId('levels-unusual-note').scrollIntoViewIfNeeded();
    await screenshot(page, 'auswertung-unusual-levels-1024x768', { fullPage: false });

    await profileFilter().selectOption('nur');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await waitForTotal(page, '3 Ergebnisse');
    expect(page.url()).toContain('profile=nur');
    expect(await page.getByRole('status').first().textContent()).toContain('Profil: nur ungewöhnliche');
    // The statistics count the filtered children only.
    expect(await page.getByTestId('per-child').first().textContent()).toContain('3 Kinder');
    // The counts stay under the other filters, whatever 'Profil' says.
    expect(await counts.locator('tbody tr').count()).toBe(2);
    const csv = await page.getByRole('link', { name: 'CSV für Excel herunterladen' }).getAttribute('href');
    expect(csv).toContain('profile=nur');
    const lines = (
      await (await fetch(`${server.url}${csv}`, { headers: { cookie: await cookie(page) } })).text()
    )
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const header = (lines[0] ?? '').split(';');
    const column = header.indexOf('Ungewöhnliches Profil');
    expect(column).toBeGreaterThan(0);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(';')[column])
        .sort(),
    ).toEqual(['1', '1', '2']);
    expect(await axeFindings(page)).toEqual([]);

    await profileFilter().selectOption('ohne');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    // 'nur' also had three results: the status names the new filter once its numbers are there.
    await page.getByRole('status').first().getByText('Profil: ohne ungewöhnliche').waitFor();
    await waitForTotal(page, '3 Ergebnisse');
    expect(page.url()).toContain('profile=ohne');
    const json = await page.getByRole('link', { name: /JSON/ }).getAttribute('href');
    expect(json).toContain('profile=ohne');

    await page.setViewportSize(PHONE);
    await profileFilter().scrollIntoViewIfNeeded();
    await screenshot(page, 'auswertung-unusual-filter-390x844', { fullPage: false });
    await counts.scrollIntoViewIfNeeded();
    await screenshot(page, 'auswertung-unusual-390x844', { fullPage: false });
    expect(await axeFindings(page)).toEqual([]);
  });
});

async function cookie(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}
