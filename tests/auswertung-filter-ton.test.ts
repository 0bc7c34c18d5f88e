import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeResearchPayload } from '../server/testing/payload.ts';
import { SCORED_QUESTION_IDS } from '../src/domain/facts.ts';
import { openAuswertungBeforeAll, waitForTotal } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { screenshot } from './support/browser.ts';

/**
 * Issues 24, 25 and 28 on /auswertung in real Chromium against the real server: the filters
 * 'Einrichtungskennung' and 'Ton' (default 'mit Ton', the silent results it leaves out named) and
 * the share of 'keine Antwort' beside the solution rate.
 */

const PHONE = { width: 390, height: 844 } as const;

/** A Turkish result heard through `source` (or without prompt details), 'Weiß nicht' on `noAnswer`. */
function result(
  site: string | undefined,
  source: 'recording' | 'synthesis' | 'none' | undefined,
  noAnswer: number[],
) {
  const correct = SCORED_QUESTION_IDS.filter((id) => id % 2 === 1 && !noAnswer.includes(id));
  return {
    ...makeResearchPayload({ correct, overrides: { language: '2' } }),
    ...(site ? { site } : {}),
    answers: SCORED_QUESTION_IDS.map((id) => ({
      question: id,
      given: noAnswer.includes(id) ? '' : correct.includes(id) ? String(id) : '0',
      responseTimeMs: 1000 + id,
      ...(source ? { prompt: { source, replays: 0 } } : {}),
      ...(noAnswer.includes(id) ? { noAnswer: true as const } : {}),
    })),
  };
}

// KITA-001: two heard, one silent; KITA-002: one heard, one without prompt details ('mit Ton').
const RESULTS = [
  result('KITA-001', 'synthesis', [23]),
  result('KITA-001', 'recording', []),
  result('KITA-001', 'none', [23, 13]),
  result('KITA-002', 'synthesis', [23]),
  result('KITA-002', undefined, []),
];

/** The Turkish group's 'keine Antwort' cell of one question in the item table. */
async function noAnswerCell(page: Page, question: number): Promise<string> {
  const row = page
    .locator('table.auswertung-table--items tbody tr')
    .filter({ has: page.locator('th', { hasText: new RegExp(`^${question}$`) }) });
  // German percentages have a no-break space before '%'.
  return ((await row.locator('td[data-column="no-answer"]').first().textContent()) ?? '').replace(/\s/g, ' ');
}

describe("/auswertung: filters 'Einrichtungskennung' and 'Ton', 'keine Antwort' per item", () => {
  let page: Page;
  openAuswertungBeforeAll(RESULTS, (opened) => {
    page = opened.page;
  });

  it("starts with 'mit Ton', names the silent results it leaves out, and shows 'keine Antwort'", async () => {
    await waitForTotal(page, '4 Ergebnisse');
    expect(await page.getByLabel('Ton', { exact: true }).inputValue()).toBe('mit');
    expect(await page.getByTestId('sound-excluded').textContent()).toContain(
      '1 Ergebnis ohne Ton ausgeschlossen',
    );
    expect(await page.getByRole('status').first().textContent()).toContain('mit Ton');
    await page.getByRole('columnheader', { name: 'keine Antwort' }).first().waitFor();
    // Turkish, with sound: 2 of 4 said 'Weiß nicht' on question 23, none on 13 (that was the silent one).
    expect(await noAnswerCell(page, 23)).toBe('50 %');
    expect(await noAnswerCell(page, 13)).toBe('0 %');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'auswertung-filter-ton-1024x768');
  });

  it('filters by Einrichtungskennung and Ton together, in the numbers and the download', async () => {
    const site = page.getByLabel('Einrichtungskennung');
    expect(await site.locator('option').allTextContents()).toEqual(['alle', 'KITA-001', 'KITA-002']);
    await site.selectOption('KITA-001');
    await page.getByLabel('Ton', { exact: true }).selectOption('ohne');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await waitForTotal(page, '1 Ergebnis');
    expect(page.url()).toContain('site=KITA-001');
    expect(page.url()).toContain('sound=ohne');
    expect(await page.getByRole('status').first().textContent()).toContain(
      'Einrichtungskennung KITA-001 · ohne Ton',
    );
    expect(await page.getByTestId('sound-excluded').count()).toBe(0);
    expect(await noAnswerCell(page, 13)).toBe('100 %');
    const csv = await page.getByRole('link', { name: 'CSV für Excel herunterladen' }).getAttribute('href');
    expect(csv).toContain('site=KITA-001');
    expect(csv).toContain('sound=ohne');
    // The select offers the codes of the other filters' results: only KITA-001 has silent ones.
    expect(await site.locator('option').allTextContents()).toEqual(['alle', 'KITA-001']);
    await page.getByLabel('Ton', { exact: true }).selectOption('alle');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await waitForTotal(page, '3 Ergebnisse');
    // While KITA-001 is chosen, the other code stays selectable.
    expect(await site.locator('option').allTextContents()).toEqual(['alle', 'KITA-001', 'KITA-002']);
    await page.reload();
    await waitForTotal(page, '3 Ergebnisse');
    await page.getByRole('button', { name: 'Zurücksetzen' }).click();
    await waitForTotal(page, '4 Ergebnisse');
  });

  it('is readable on a phone', async () => {
    await page.setViewportSize(PHONE);
    // Read at once after the resize: the level charts' canvases keep their old width until Chart.js
    // redraws them, and the chart box clips them meanwhile (a clean-clone run once read 488 px here).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'auswertung-filter-ton-390x844');
  });
});
