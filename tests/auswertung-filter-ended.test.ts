import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { exampleGiven, makeResearchPayload } from '../server/testing/payload.ts';
import { SCORED_QUESTION_IDS } from '../src/domain/facts.ts';
import { openAuswertungBeforeAll, waitForTotal } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import type { TestServer } from './support/server.ts';

/**
 * The filter 'vorzeitig beendet' on /auswertung (docs/product.md §38) in real Chromium against the
 * real server: it starts with 'ohne', names the tests it leaves out, counts them per reason and
 * language, and 'nur' carries over to the numbers and the download.
 */

/** A test ended early after `lastQuestion`: the questions after it null, without details. */
function ended(language: string, reason: string, lastQuestion: number) {
  const reached = SCORED_QUESTION_IDS.filter((id) => id <= lastQuestion);
  return makeResearchPayload({
    overrides: {
      ...Object.fromEntries(
        SCORED_QUESTION_IDS.map((id) => [`question${id}`, id <= lastQuestion ? true : null]),
      ),
      language,
      endedEarly: { reason, lastQuestion },
      answers: reached.map((id) => ({ question: id, given: exampleGiven(id, true), responseTimeMs: 900 })),
    },
  });
}

const RESULTS = [
  makeResearchPayload({ overrides: { language: '2' } }),
  makeResearchPayload({ overrides: { language: '3' } }),
  makeResearchPayload({ overrides: { language: '3' } }),
  ended('2', 'unwell', 9),
  ended('3', 'language', 4),
];

describe("/auswertung: filter 'vorzeitig beendet'", () => {
  let server: TestServer;
  let page: Page;
  openAuswertungBeforeAll(RESULTS, (opened) => ({ server, page } = opened));

  it("starts with 'ohne', names and counts the tests ended early, and 'nur' reaches the download", async () => {
    await waitForTotal(page, '3 Ergebnisse');
    expect(await page.getByLabel('vorzeitig beendet').inputValue()).toBe('ohne');
    expect(await page.getByTestId('ended-excluded').textContent()).toContain(
      '2 vorzeitig beendete Tests ausgeschlossen',
    );
    const counts = (await page.getByTestId('ended-early-counts').locator('tr').allTextContents()).join(' | ');
    expect(counts).toContain('Kind ist müde oder unwohl · Türkisch');
    expect(counts).toContain('Kind versteht die Sprache nicht · Arabisch');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'auswertung-filter-ended-1024x768');

    await page.getByLabel('vorzeitig beendet').selectOption('nur');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await waitForTotal(page, '2 Ergebnisse');
    expect(page.url()).toContain('ended=nur');
    expect(await page.getByRole('status').first().textContent()).toContain('vorzeitig beendet: nur');
    expect(await page.getByTestId('ended-excluded').count()).toBe(0);
    const csv = await page.getByRole('link', { name: 'CSV für Excel herunterladen' }).getAttribute('href');
    expect(csv).toContain('ended=nur');
    const rows = (
      await (await fetch(`${server.url}${csv}`, { headers: { cookie: await cookie(page) } })).text()
    )
      .trim()
      .split('\n');
    expect(rows).toHaveLength(3);
    expect(
      rows
        .slice(1)
        .every(
          (row) =>
            row.includes('Kind ist müde oder unwohl;9') || row.includes('Kind versteht die Sprache nicht;4'),
        ),
    ).toBe(true);
  });
});

async function cookie(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}
