import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GERMAN_RESULT_CODE } from '../server/languages.ts';
import { correctForPoints, makeResearchPayload } from '../server/testing/payload.ts';
import { openAuswertungBeforeAll } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';

/**
 * 'Zweisprachige Profile' on /auswertung (docs/product.md §44) in real Chromium against the real
 * server: two children tested in Turkish and in German within a few weeks (the rule and the filters
 * are tested in server/auswertung/bilingual.test.ts), one German test without a partner.
 */

/** A test of `childCode` in `language` with these points on levels 1–3. */
const tested = (childCode: string, language: string, testDate: string, points: [number, number, number]) =>
  makeResearchPayload({ correct: correctForPoints(points), overrides: { childCode, language, testDate } });

const GERMAN = GERMAN_RESULT_CODE as string;
const RESULTS = [
  tested('K7M3QX', '2', '2026-09-01', [5, 0, 0]),
  tested('K7M3QX', GERMAN, '2026-09-20', [5, 5, 0]),
  tested('P4R8TZ', '2', '2026-09-01', [5, 5, 0]),
  tested('P4R8TZ', GERMAN, '2026-09-03', [5, 5, 0]),
  tested('H6J9NY', GERMAN, '2026-09-03', [5, 5, 5]),
];

describe("/auswertung: 'Zweisprachige Profile'", () => {
  let page: Page;
  openAuswertungBeforeAll(RESULTS, (opened) => ({ page } = opened));

  it('counts the children with a pair per home language, with the means and what a difference points to', async () => {
    const section = page.getByTestId('bilingual');
    await section.getByRole('heading', { name: 'Zweisprachige Profile' }).waitFor();
    expect(await page.getByTestId('bilingual-children').textContent()).toBe('2 Kinder mit Sprachpaar');
    expect(await page.getByTestId('bilingual-meaning').textContent()).toContain(
      'weist auf die Sprache hin, nicht auf das Zahlverständnis',
    );
    // Children, German higher, same, lower, mean level in Turkish and in German; 2 < 30 children
    // (marked *; the name may carry '(Entwurf)').
    const row = section.locator('tbody tr', { has: page.locator('th', { hasText: /^Türkisch.* \*$/ }) });
    expect(await row.locator('td').allTextContents()).toEqual(['2', '1', '1', '0', '2,50', '3,00']);
    expect(await section.getByTestId('few-children').textContent()).toMatch(/Türkisch.* \(n = 2\)/);
    expect(await axeFindings(page)).toEqual([]);
  });
});
