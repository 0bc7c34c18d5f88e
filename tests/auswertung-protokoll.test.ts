import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeResearchPayload } from '../server/testing/payload.ts';
import { openAuswertungBeforeAll } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { ARTIFACTS, screenshotAtSizes } from './support/browser.ts';

/**
 * The Protokoll and the Auskunft on /auswertung (docs/product.md §46, §47) in real Chromium against
 * the real server, signed in as the Verwaltung (the Protokoll is hers): she deletes a child's
 * results on the page and downloads the CSV; the Protokoll shows both, the login and the account's
 * creation, and confirms the deletion by the child code alone; a parent's
 * Auskunft is saved as PDF and JSON and recorded (the rules, filters and the absence of codes and
 * tokens are tested in server/auswertung/protokoll.test.ts).
 */
const CODE = 'K7M3QX';
/** The Verwaltung's account the page is signed in with, as the Protokoll names it. */
const ACTOR = 'amt (Verwaltung)';
const LOGIN = ['Anmeldung', ACTOR, '', ''];
/** The Protokoll's entry of the account's creation (as `npm run verwaltung -- account add` makes it). */
const CREATED = ['Konto', 'Kommandozeile (Test)', '', 'Konto amt angelegt: Verwaltung, alle Einrichtungen'];
const RESULTS = [
  makeResearchPayload({ overrides: { childCode: CODE, testDate: '2026-09-01' } }),
  makeResearchPayload({ overrides: { childCode: CODE, testDate: '2026-11-02' } }),
  makeResearchPayload({ overrides: { childCode: 'P4R8TZ' } }),
];

describe('/auswertung: the Protokoll', () => {
  let page: Page;
  let folder: string;
  openAuswertungBeforeAll(RESULTS, (opened) => ({ page } = opened), {
    name: 'amt',
    role: 'verwaltung',
    sites: 'alle',
  });
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'zaehltest-auskunft-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const rows = () =>
    page
      .getByRole('table', { name: 'Einträge des Protokolls, die neuesten zuerst' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(1).map((cell) => cell.textContent)));

  it('shows the login, an export and a deletion made on the page, and confirms the deletion by its code', async () => {
    const section = page.getByRole('region', { name: 'Protokoll', exact: true });
    await section.getByRole('heading', { name: 'Protokoll' }).waitFor();
    await expect.poll(rows).toEqual([LOGIN, CREATED]);

    // A download, then a parent's deletion request, as a researcher does them on this page.
    expect((await download(page.getByRole('link', { name: 'CSV für Excel herunterladen' }))).name).toMatch(
      /\.csv$/,
    );
    await page
      .getByRole('region', { name: 'Alle Ergebnisse eines Kindes löschen' })
      .getByLabel('Kind-Code')
      .fill(CODE.toLowerCase());
    await page.getByRole('button', { name: 'Ergebnisse suchen …' }).click();
    await page.getByRole('button', { name: '2 Ergebnisse löschen' }).click();
    await page.getByText(`2 Ergebnisse zum Kind-Code ${CODE} wurden gelöscht.`).waitFor();

    await expect.poll(rows).toEqual([
      ['Löschung', ACTOR, '2', 'alle Ergebnisse eines Kind-Codes'],
      // The page's default filter: without tests ended early and without silent ones.
      ['Export', ACTOR, '', 'CSV, Filter: vorzeitig beendet: ohne, Ton: mit'],
      LOGIN,
      CREATED,
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
      `${time}: 2 Ergebnisse gelöscht (${ACTOR})`,
    );
    await section.getByLabel('Kind-Code').fill('ZZZZZ2');
    await section.getByRole('button', { name: 'Prüfen' }).click();
    await section
      .getByText(
        'Für den Kind-Code ZZZZZ2 ist keine Löschung auf Antrag im Protokoll der letzten 24 Monate.',
        {
          exact: false,
        },
      )
      .waitFor();

    expect(await axeFindings(page)).toEqual([]);
    await shots('auswertung-protokoll', section);
  });

  it('gives a parent the Auskunft as a PDF and as JSON, for a code with results and for one deleted; the Protokoll shows it', async () => {
    const section = page.getByRole('region', { name: 'Auskunft für Eltern (Art. 15 DSGVO)' });
    await section.getByLabel('Kind-Code').fill('p4r8tz');
    await section.getByRole('button', { name: 'Auskunft erstellen' }).click();
    await section.getByText('Zum Kind-Code P4R8TZ ist 1 Ergebnis gespeichert.').waitFor();
    const pdf = await pdfText(section.getByRole('button', { name: 'Auskunft als PDF speichern' }));
    expect(pdf.name).toMatch(/^zaehltest-auskunft-P4R8TZ-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.text).toContain('Auskunft nach Art. 15 DSGVO – Zähltest');
    expect(pdf.text).toMatch(/Kind-Code P4R8TZ · erstellt am \d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    expect(pdf.text).toContain('Ergebnis 1 von 1');
    expect(pdf.text).toContain('Namen speichert er nie');
    expect(pdf.text).toMatch(/Kind-Code\s+P4R8TZ/);
    expect(pdf.text).toContain('Seite 1 von');
    expect(pdf.text).toContain('Keine Löschung auf Antrag im Protokoll der letzten 24 Monate.');
    const json = await download(section.getByRole('button', { name: 'Auskunft als JSON speichern' }));
    const answer = JSON.parse(await readFile(json.path, 'utf8'));
    expect(answer.childCode).toBe('P4R8TZ');
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0].childCode).toBe('P4R8TZ');
    expect(answer.deletions).toEqual([]);

    // The code deleted above: nothing held, and the deletion named.
    await section.getByLabel('Kind-Code').fill(CODE);
    await section.getByRole('button', { name: 'Auskunft erstellen' }).click();
    await section.getByText(`Zum Kind-Code ${CODE} ist kein Ergebnis gespeichert.`).waitFor();
    const deleted = await pdfText(section.getByRole('button', { name: 'Auskunft als PDF speichern' }));
    expect(deleted.text).toContain('Zu diesem Kind-Code ist auf dem Server kein Ergebnis gespeichert.');
    expect(deleted.text).toMatch(
      /Löschungen dieses Kind-Codes auf Antrag im Protokoll \d\d\.\d\d\.\d{4}, \d\d:\d\d: 2 Ergebnisse gelöscht/,
    );

    const protokoll = page.getByRole('region', { name: 'Protokoll', exact: true });
    await protokoll.getByLabel('Art').selectOption({ label: 'Auskunft' });
    await protokoll.getByRole('button', { name: 'Anzeigen' }).click();
    await expect.poll(rows).toEqual([
      ['Auskunft', ACTOR, '0', 'Auskunft zu einem Kind-Code (Art. 15 DSGVO)'],
      ['Auskunft', ACTOR, '1', 'Auskunft zu einem Kind-Code (Art. 15 DSGVO)'],
    ]);
    expect(await axeFindings(page)).toEqual([]);
    await shots('auswertung-auskunft', section);
    if (process.env.SCREENSHOTS === '1') {
      execFileSync(
        'pdftoppm',
        [
          '-png',
          '-r',
          '60',
          '-f',
          '1',
          '-l',
          '1',
          pdf.path,
          join(ARTIFACTS, 'screenshots', 'auswertung-auskunft-pdf'),
        ],
        { stdio: 'ignore' },
      );
    }
  });

  /** Screenshots of `shown` at the three sizes. */
  function shots(name: string, shown: Locator): Promise<void> {
    return screenshotAtSizes(page, name, {
      fullPage: false,
      before: () => shown.evaluate((element) => element.scrollIntoView({ block: 'start' })),
    });
  }

  /** Clicks `trigger` and saves the download it starts. */
  async function download(trigger: Locator): Promise<{ name: string; path: string }> {
    const [started] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
    const path = join(folder, started.suggestedFilename());
    await started.saveAs(path);
    return { name: started.suggestedFilename(), path };
  }

  async function pdfText(trigger: Locator): Promise<{ name: string; path: string; text: string }> {
    const saved = await download(trigger);
    // Poppler's notes about fonts go nowhere: only the text is read.
    const text = execFileSync('pdftotext', [saved.path, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).replace(/\s+/g, ' ');
    return { ...saved, text };
  }
});
