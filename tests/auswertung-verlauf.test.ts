import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ResultPayload } from '../schemas/result-payload.ts';
import { makeResearchPayload } from '../server/testing/payload.ts';
import { SCORED_QUESTION_IDS, SCORED_QUESTION_LEVELS } from '../src/domain/facts.ts';
import { openAuswertungBeforeAll } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { LANGUAGE_LABELS } from './support/flow.ts';
import type { TestServer } from './support/server.ts';

/**
 * Issue 23 in real Chromium against the real server: the 'Verlauf' section for children tested
 * more than once (the worked example of server/auswertung/progress.test.ts), its chart, a 'von'
 * after 'bis' refused, DIF 'nicht berechenbar' on too few data, the CSV's columns explained, and
 * the deletion of one child's results by child code after a confirmation naming their number.
 */

const PHONE = { width: 390, height: 844 } as const;

function withPoints(points: readonly [number, number, number]): number[] {
  return ([1, 2, 3] as const).flatMap((level) =>
    SCORED_QUESTION_IDS.filter((id) => SCORED_QUESTION_LEVELS[id] === level).slice(0, points[level - 1]),
  );
}

const TESTS = [
  ['AAAAA2', '2', '2026-11-10', [6, 5, 1]],
  ['AAAAA2', '2', '2026-09-01', [5, 2, 0]],
  ['BBBBB3', '2', '2026-09-01', [3, 1, 0]],
  ['BBBBB3', '2', '2026-09-01', [4, 1, 0]],
  ['BBBBB3', '2', '2027-01-19', [5, 2, 0]],
  ['CCCCC4', '3', '2026-10-01', [6, 5, 5]],
  ['CCCCC4', '3', '2026-11-05', [6, 4, 5]],
  ['DDDDD5', '3', '2026-12-29', [4, 0, 0]],
  ['DDDDD5', '3', '2026-09-15', [4, 0, 0]],
  ['EEEEE6', '4', '2026-10-10', [2, 2, 2]],
] as const;

/** The cells of the row labelled `label` in the table captioned `caption`. */
async function rowOf(page: Page, caption: string, label: string): Promise<string[]> {
  const row = page
    .locator('table', { has: page.locator('caption', { hasText: caption }) })
    .locator('tbody tr', {
      has: page.locator('th', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }),
    });
  return row.locator('td').allTextContents();
}

describe('/auswertung: Verlauf and deletion by child code', () => {
  let server: TestServer;
  let page: Page;
  openAuswertungBeforeAll(
    () => {
      const payloads: ResultPayload[] = TESTS.map(([childCode, language, testDate, points]) =>
        makeResearchPayload({ correct: withPoints(points), overrides: { childCode, language, testDate } }),
      );
      return payloads;
    },
    (opened) => ({ server, page } = opened),
  );

  it('shows the change between first and latest test, by language and first level, with a chart', async () => {
    const section = page.getByTestId('progress');
    await section.getByRole('heading', { name: 'Verlauf' }).waitFor();
    expect(await page.getByTestId('progress-children').textContent()).toBe(
      '4 Kinder mit zwei oder mehr Tests',
    );
    expect(await section.textContent()).toContain('10 Ergebnisse mit Kind-Code von 5 Kindern.');
    const caption = 'Mittlere Veränderung der Punkte';
    // n, weeks, level 1, 2, 3, total, SD, median (hand-computed in server/auswertung/progress.test.ts).
    expect(await rowOf(page, caption, 'Alle Kinder')).toEqual([
      '4',
      '12,5',
      '+0,8',
      '+0,8',
      '+0,3',
      '+1,8',
      '2,75',
      '+1,5',
    ]);
    expect(await rowOf(page, caption, LANGUAGE_LABELS.tr as string)).toEqual([
      '2',
      '15,0',
      '+1,5',
      '+2,0',
      '+0,5',
      '+4,0',
      '1,41',
      '+4,0',
    ]);
    expect(await rowOf(page, caption, LANGUAGE_LABELS.ar as string)).toEqual([
      '2',
      '10,0',
      '0,0',
      '−0,5',
      '0,0',
      '−0,5',
      '0,71',
      '−0,5',
    ]);
    expect((await rowOf(page, caption, 'Erstes Niveau: Niveau 1'))[0]).toBe('2');
    expect(await rowOf(page, 'Kinder mit weniger', 'Alle Kinder')).toEqual(['1', '1', '2']);
    expect(await rowOf(page, 'Kinder je Veränderung', '\\+5 Punkte')).toEqual(['0', '0', '0', '1']);
    expect(await page.getByTestId('progress-moved').textContent()).toBe(
      'Aufgestiegen: 2 · gleich geblieben: 2 · abgestiegen: 0',
    );
    // Three charts: levels by language, by age, and first against latest level.
    await page.waitForFunction(() => document.querySelectorAll('canvas').length === 3);
    expect(await axeFindings(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'auswertung-verlauf-1024x768');
  });

  it('says DIF is not computable on too few children, and explains the CSV columns in German', async () => {
    expect(await page.locator('.auswertung-flagged').first().textContent()).toBe(
      'nicht berechenbar (zu wenige Daten)',
    );
    await page.getByText('Die Spalten der CSV-Datei', { exact: true }).click();
    const columns = page.locator('.auswertung-columns');
    expect(await columns.locator('dt').allTextContents()).toContain('Test Nr. des Kindes');
    expect(await columns.textContent()).toContain('Pseudonymer Code des Kindes');
    expect(await page.textContent('body')).not.toContain('README');
  });

  it('refuses a von date after the bis date instead of showing 0 results', async () => {
    await page.getByLabel('Testdatum von').fill('2026-12-01');
    await page.getByLabel('Testdatum bis').fill('2026-09-01');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Das Datum „von“ liegt nach dem Datum „bis“. Bitte den Zeitraum korrigieren.' })
      .waitFor();
    expect(page.url()).not.toContain('from=');
    expect(await page.getByTestId('total').textContent()).toBe('10 Ergebnisse');
    // A bookmarked address with such a period gets the server's German refusal.
    await page.goto(`${server.url}/auswertung?from=2026-12-01&to=2026-09-01`);
    await page.getByRole('alert').filter({ hasText: 'liegt nach dem Datum' }).waitFor();
    await page.getByRole('button', { name: 'Zurücksetzen' }).click();
    await page.getByTestId('total').waitFor();
  });

  it('deletes all results of one child after a confirmation naming their number', async () => {
    // The Auskunft and the Protokoll below ask for a Kind-Code too.
    const removeChild = page.getByRole('region', { name: 'Alle Ergebnisse eines Kindes löschen' });
    await removeChild.getByLabel('Kind-Code').fill('m0');
    await page.getByRole('button', { name: 'Ergebnisse suchen …' }).click();
    await page.getByRole('alert').filter({ hasText: 'Bitte einen Kind-Code eingeben' }).waitFor();
    // A code typed in lower case with a space, as a parent might read it out.
    await removeChild.getByLabel('Kind-Code').fill('bbb bb3');
    await page.getByRole('button', { name: 'Ergebnisse suchen …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ergebnisse des Kindes endgültig löschen?' });
    await dialog.waitFor();
    // Read once, not waited for: the dialog opens with its count already in it.
    expect(await dialog.textContent()).toContain('Zum Kind-Code BBBBB3 sind 3 Ergebnisse gespeichert.');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'auswertung-delete-child-1024x768');
    await dialog.getByRole('button', { name: '3 Ergebnisse löschen' }).click();
    await page.getByText('3 Ergebnisse zum Kind-Code BBBBB3 wurden gelöscht.').waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="progress-children"]')?.textContent?.startsWith('3 Kinder'),
    );
    expect((await server.listResults()).filter((result) => result.childCode === 'BBBBB3')).toEqual([]);
    expect(await server.listResults()).toHaveLength(7);
    // Nothing left under that code: said so, no dialog.
    await removeChild.getByLabel('Kind-Code').fill('BBBBB3');
    await page.getByRole('button', { name: 'Ergebnisse suchen …' }).click();
    await page.getByText('Zum Kind-Code BBBBB3 ist kein Ergebnis gespeichert.').waitFor();
  });

  it('is readable on a phone', async () => {
    await page.setViewportSize(PHONE);
    // Chart.js fits its canvases to the narrower box in its ResizeObserver callback, a frame or more
    // after the viewport changed (the CI once measured them at their tablet widths, 488 and 979 px).
    await page.waitForFunction(
      (width) =>
        [...document.querySelectorAll('canvas')].every((c) => c.getBoundingClientRect().right <= width + 1),
      PHONE.width,
    );
    // Whatever sticks out to the right, outside the tables that scroll in their own box.
    const sticking = await page.evaluate((width) => {
      const out: string[] = [];
      for (const element of document.querySelectorAll('body *')) {
        if (element.closest('.auswertung-scroll, dialog')) continue;
        const right = element.getBoundingClientRect().right;
        if (right > width + 1)
          out.push(`${element.tagName.toLowerCase()}.${element.className}: ${Math.round(right)}`);
      }
      return out.slice(0, 5);
    }, PHONE.width);
    expect(sticking).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('progress').scrollIntoViewIfNeeded();
    await screenshot(page, 'auswertung-verlauf-390x844');
  });
});
