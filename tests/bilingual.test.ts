import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localDay } from '../src/domain/date.ts';
import { openBrowser, SCREEN_SIZES, type Session, screenshot, TABLET } from './support/browser.ts';
import { daysAgo, seed, storedChild, storedResult } from './support/children-seed.ts';
import {
  backToStart,
  jumpTo,
  LANGUAGE_LABELS,
  login,
  waitForNextScreen,
  waitForScreen,
} from './support/flow.ts';
import { downloadedPdfText } from './support/pdf.ts';
import { finishedSession, openSeeded } from './support/seed.ts';

/**
 * German as a test language and a bilingual profile (docs/product.md §44) in Chromium: 'Deutsch' in
 * 'Sprache' after the specification's three; a question in German shows its texts once; the results
 * page of a German test of a child tested in Turkish a week before shows both levels side by side
 * (page, Verlauf, PDF), and the upload carries German's result code; the Gruppenübersicht shows the
 * pair of an Arabic-speaking child and offers 'Auf Deutsch testen' after 'Kind versteht die
 * Sprache nicht'. Children and earlier tests are written into the device's database.
 */

const baseURL = inject('baseURL');
const LINA = 'لينا خليل';
const TURKISH = LANGUAGE_LABELS.tr!;
const ARABIC = LANGUAGE_LABELS.ar!;

let session: Session;
let page: Page;
const uploads: { language?: string; childCode?: string }[] = [];

beforeAll(async () => {
  session = await openBrowser({ viewport: TABLET });
  page = session.page;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/results'))
      uploads.push(request.postDataJSON() as { language?: string; childCode?: string });
  });
  await login(page, baseURL);
  await seed(page, {
    children: [
      storedChild('EMRE42', 'Emre Demir', 'tr', '2020-09-01'),
      storedChild('LINA77', LINA, 'ar', '2021-02-11'),
      storedChild('MARA35', 'Mara Ionescu', 'ro', '2020-12-24'),
    ],
    results: [
      // Turkish nine days ago: level 2.
      storedResult('EMRE42', daysAgo(9), 'tr', [5, 2, 0]),
      // Arabic, then German twelve days later: level 3 in Arabic, level 1 in German.
      storedResult('LINA77', daysAgo(30), 'ar', [7, 5, 0]),
      storedResult('LINA77', daysAgo(18), 'de', [3, 0, 0]),
      // Ended after question 5: the child did not understand Romanian.
      storedResult('MARA35', daysAgo(2), 'ro', [2, 0, 0], {
        endedEarly: { reason: 'language', lastQuestion: 5 },
      }),
    ],
  });
}, 60_000);

afterAll(async () => {
  await session?.close();
});

describe('German as a test language', () => {
  it("is in 'Sprache' after Türkisch, Arabisch and Rumänisch", async () => {
    const options = await page.getByLabel('Sprache').locator('option').allTextContents();
    expect(options.slice(0, 4)).toEqual([TURKISH, ARABIC, LANGUAGE_LABELS.ro, 'Deutsch']);
  });

  it('shows a question once: no German line beside it, Ja and Nein without a second word, no number words', async () => {
    await jumpTo(page, baseURL, [1, 2], 'de');
    await waitForNextScreen(page);
    await page.getByText('Hör gut zu. Ich zähle: eins, zwei, drei, fünf, sechs.').waitFor();
    const yes = page.getByRole('button', { name: 'Ja', exact: true });
    expect((await yes.textContent())?.trim()).toBe('Ja');
    expect(await page.locator('.yes-no-child').count()).toBe(0);
    // The educator's line keeps the authored hint only: the child hears the German text itself.
    const line = page.getByTestId('educator-line');
    expect(await line.textContent()).toContain('Das Kind sagt Ja oder Nein');
    expect(await line.textContent()).not.toContain('Ich zähle');
    expect(await page.getByRole('button', { name: 'Zahlwörter' }).count()).toBe(0);
    await screenshot(page, 'bilingual-question-de');
  });
});

describe('a bilingual profile', () => {
  it('shows Turkish and German side by side on the results page, in its Verlauf and its PDF', async () => {
    // The German test's day is the day of its answers (an hour ago: yesterday when run after midnight).
    const answeredAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await openSeeded(
      page,
      baseURL,
      finishedSession({ language: 'de', answeredAt, user: { name: 'Emre Demir', childCode: 'EMRE42' } }),
    );
    await waitForScreen(page, 'result');
    expect(await page.locator('.result-details').textContent()).toContain('SpracheDeutsch');
    // The German texts once: no 'Deutsch: …' reference under them.
    expect(await page.locator('.result-questions tbody tr').count()).toBe(23);
    expect(await page.locator('.result-german').count()).toBe(0);
    const note = page.getByTestId('bilingual');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      `Zweisprachig getestet${TURKISH}: Niveau 2 · Deutsch: Niveau größer 3` +
        'Ein Unterschied zwischen den Sprachen weist auf die Sprache hin, nicht auf das Zahlverständnis. ' +
        `Tests vom ${german(daysAgo(9))} (${TURKISH}) und vom ${german(localDay(answeredAt))} (Deutsch).`,
    );
    // Each test of the Verlauf names its language; the German test is compared with no Turkish one.
    const rows = await page.locator('.verlauf-table tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`· ${TURKISH}`);
    expect(rows[1]).toContain('· Deutsch (dieser Test)');
    expect(rows[1]).toContain('erster Test');
    for (const [name, size] of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await note.scrollIntoViewIfNeeded();
      await screenshot(page, `bilingual-result-${name}`, { fullPage: false });
      const box = (await note.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(size.width);
    }
    await page.setViewportSize(TABLET);
    const { text } = await downloadedPdfText(page);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Zweisprachig getestet ${TURKISH}: Niveau 2 · Deutsch: Niveau größer 3`,
    );
    // The upload carries German's result code and the child code, never the name.
    await expect.poll(() => uploads.find((upload) => upload.childCode === 'EMRE42')?.language).toBe('1');
    expect(JSON.stringify(uploads)).not.toContain('Emre');
  });

  it('shows the pair in the Gruppenübersicht and offers German after a language the child did not understand', async () => {
    await backToStart(page);
    await login(page, baseURL);
    await page.getByRole('button', { name: 'Gruppenübersicht' }).click();
    await waitForScreen(page, 'overview');
    const rowOf = (name: string) =>
      page.locator('.overview-table tbody tr[aria-rowindex]').filter({ hasText: name });
    // Emre keeps Turkish as his language; his German test stands beside it.
    expect(await rowOf('Emre Demir').textContent()).toContain(TURKISH);
    expect(await rowOf('Emre Demir').getByTestId('overview-bilingual').textContent()).toBe(
      `${TURKISH}: Niveau 2 · Deutsch: Niveau größer 3 Ein Unterschied zwischen den Sprachen weist auf die Sprache hin, nicht auf das Zahlverständnis.`,
    );
    const lina = rowOf(LINA);
    expect(await lina.getByTestId('overview-bilingual').textContent()).toContain(
      `${ARABIC}: Niveau 3 · Deutsch: Niveau 1`,
    );
    // Her row shows the newest test (German) and says so; what she still needs comes from Arabic.
    expect(await lina.locator('td').first().textContent()).not.toBe('');
    expect(await lina.textContent()).toContain(`${ARABIC}, letzter Test: Deutsch`);
    expect(await lina.locator('td.col-unmet').textContent()).toBe(`Niveau 3 · ${ARABIC}`);
    const mara = rowOf('Mara Ionescu');
    expect(await mara.textContent()).toContain('vorzeitig beendet: Sprache');
    expect(await mara.textContent()).toContain('Testen Sie es auf Deutsch oder in einer anderen Sprache');
    expect(
      await rowOf('Emre Demir')
        .getByRole('button', { name: /Auf Deutsch testen/ })
        .count(),
    ).toBe(0);
    for (const [name, size] of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await rowOf(LINA).getByTestId('overview-bilingual').scrollIntoViewIfNeeded();
      await screenshot(page, `bilingual-overview-lina-${name}`, { fullPage: false });
      await mara.locator('.overview-other-language').scrollIntoViewIfNeeded();
      await screenshot(page, `bilingual-overview-mara-${name}`, { fullPage: false });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, name).toBeLessThanOrEqual(size.width);
    }
    await page.setViewportSize(TABLET);
    await mara.getByRole('button', { name: 'Auf Deutsch testen mit Mara Ionescu' }).click();
    await waitForScreen(page, 'userdata');
    expect(await page.getByLabel('Name').inputValue()).toBe('Mara Ionescu');
    const language = page.getByLabel('Sprache');
    expect(await language.locator('option:checked').textContent()).toBe('Deutsch');
  });
});

/** YYYY-MM-DD → TT.MM.JJJJ. */
function german(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}
