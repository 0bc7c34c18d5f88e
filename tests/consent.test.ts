import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { germanDate, localDay } from '../src/domain/date.ts';
import { ARTIFACTS, openBrowser, SCREENSHOTS, type Session, screenshotAtSizes } from './support/browser.ts';
import { buildApp, TEST_PASSWORD } from './support/build-app.ts';
import { storedChild as child, daysAgo, storedResult as result, seed } from './support/children-seed.ts';
import { login, tapStart, waitForNextScreen, waitForScreen } from './support/flow.ts';
import { pdfText } from './support/pdf.ts';
import { listStoredResults, startTestServer, type TestServer } from './support/server.ts';

/**
 * The parents' consent kept with the child (docs/product.md §48) in Chromium: recorded and withdrawn
 * in a child's Verlauf of the Gruppenübersicht (the withdrawal reaching the server), the tablet's
 * Auskunft as a searchable PDF, and a build with CONSENT_REQUIRED asking for the consent before a
 * test, right in the dialog of 'Test beginnen'.
 */

const today = germanDate(localDay(new Date()));

/** Saves the download `click` starts; its name, text (pdftotext) and, with SCREENSHOTS=1, its pages as PNG. */
async function savedPdf(page: Page, click: () => Promise<void>, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const dir = mkdtempSync(join(tmpdir(), 'zaehltest-auskunft-'));
  try {
    const path = join(dir, download.suggestedFilename());
    await download.saveAs(path);
    if (SCREENSHOTS) {
      const out = join(ARTIFACTS, 'screenshots');
      execFileSync('pdftoppm', ['-png', '-r', '70', path, join(out, name)]);
    }
    const pages = execFileSync('pdfinfo', [path], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)?.[1];
    // With -layout each label stays on the line of its value ('Widerrufen am 25.11.2026').
    const text = execFileSync('pdftotext', ['-layout', path, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).replace(/\s+/g, ' ');
    return { name: download.suggestedFilename(), text, searchable: pdfText(path), pages: Number(pages) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('consent in the Gruppenübersicht and the Auskunft of the tablet', () => {
  const baseURL = inject('baseURL');
  let session: Session;
  let page: Page;
  const withdrawals: unknown[] = [];

  beforeAll(async () => {
    session = await openBrowser();
    page = session.page;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/consent-withdrawals')
        withdrawals.push(request.postDataJSON());
    });
    await login(page, baseURL);
    await seed(page, {
      children: [child('KONS7T', 'Ayşe Yılmaz', 'tr', '2020-03-07')],
      results: [
        result('KONS7T', daysAgo(120), 'tr', [5, 2, 1], { understanding: 'yes' }),
        result('KONS7T', daysAgo(10), 'tr', [7, 5, 2]),
      ],
    });
    await page.getByRole('button', { name: 'Gruppenübersicht' }).click();
    await waitForScreen(page, 'overview');
    await page.getByRole('button', { name: 'Verlauf von Ayşe Yılmaz' }).click();
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  const status = () => page.getByTestId('consent-status').textContent();

  it('records the consent with its date and scope', async () => {
    expect(await status()).toBe('Keine Einwilligung erfasst.');
    await page.getByRole('button', { name: 'Einwilligung erfassen' }).click();
    const date = page.getByLabel('Datum der Einwilligung (TT.MM.JJJJ)');
    expect(await date.inputValue()).toBe(today);
    await date.fill('31.02.2026');
    await page.getByRole('button', { name: 'Einwilligung speichern' }).click();
    await page.getByText('Bitte das Datum der Einwilligung als TT.MM.JJJJ eingeben').waitFor();
    await date.fill('14.09.2026');
    await page.getByLabel(/^Forschung:/).check();
    await screenshotAtSizes(page, 'consent-record', { fullPage: false });
    await page.getByRole('button', { name: 'Einwilligung speichern' }).click();
    await expect.poll(status).toBe('Einwilligung vom 14.09.2026: Screening, Forschung.');
  });

  it('withdraws it after asking, and the server hears of it', async () => {
    await page.getByRole('button', { name: 'Einwilligung widerrufen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Einwilligung widerrufen?' });
    expect(await confirm.textContent()).toContain('nicht mehr für die Forschung verwendet');
    await screenshotAtSizes(page, 'consent-withdraw', { fullPage: false });
    await confirm.getByRole('button', { name: 'Widerruf speichern' }).click();
    await expect
      .poll(status)
      .toBe(`Widerrufen am ${today} (Einwilligung vom 14.09.2026: Screening, Forschung).`);
    await expect
      .poll(() => withdrawals)
      .toEqual([{ childCode: 'KONS7T', withdrawnOn: localDay(new Date()) }]);
    // A withdrawn consent is recorded anew, not changed.
    expect(await page.getByRole('button', { name: 'Einwilligung erfassen' }).count()).toBe(1);
    await screenshotAtSizes(page, 'consent-withdrawn', { fullPage: false });
  });

  it('gives everything the device holds about the child as a searchable PDF', async () => {
    const pdf = await savedPdf(
      page,
      () => page.getByRole('button', { name: 'Auskunft (PDF)' }).click(),
      'consent-auskunft',
    );
    expect(pdf.name).toBe(`Auskunft_KONS7T_${localDay(new Date())}.pdf`);
    for (const text of [
      'Auskunft über die gespeicherten Daten (Art. 15 DSGVO)',
      'Ayşe Yılmaz',
      '07.03.2020',
      'KONS7T',
      'Türkisch',
      'Einwilligung der Eltern',
      '14.09.2026',
      `Widerrufen am ${today}`,
      'Mit den Ergebnissen gesendet nein',
      'Tests: Test 1 von 2',
      `Testdatum ${germanDate(daysAgo(120))}`,
      `Testdatum ${germanDate(daysAgo(10))}`,
      'Punkte Niveau 1 / 2 / 3 5/7 · 2/7 · 1/7',
      'Sprachverständnis ja',
    ])
      expect(pdf.text).toContain(text);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    if (SCREENSHOTS)
      expect(
        readdirSync(join(ARTIFACTS, 'screenshots')).some((file) => file.startsWith('consent-auskunft')),
      ).toBe(true);
  });
});

describe('a build with CONSENT_REQUIRED', () => {
  let server: TestServer;
  let session: Session;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer(await buildApp(undefined, { CONSENT_REQUIRED: 'true' }));
    session = await openBrowser();
    page = session.page;
    await login(page, server.url);
  }, 300_000);

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it('says in the details that a consent is needed', async () => {
    expect(await page.getByTestId('consent-status').textContent()).toBe(
      'Keine Einwilligung erfasst. Vor dem Test muss die Einwilligung zum Screening erfasst sein.',
    );
    await screenshotAtSizes(page, 'consent-details', {
      fullPage: false,
      before: () => page.getByTestId('consent-panel').scrollIntoViewIfNeeded(),
    });
  });

  it("asks for the screening consent at 'Test beginnen' and records it right there", async () => {
    await page.getByLabel('Name').fill('Omar Haddad');
    await page.getByRole('button', { name: 'Test beginnen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Einwilligung der Eltern fehlt' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('nur mit erfasster Einwilligung der Eltern zum Screening');
    await screenshotAtSizes(page, 'consent-required', { fullPage: false });
    // Without the screening ticked, no test.
    await dialog.getByLabel(/^Screening:/).uncheck();
    await dialog.getByRole('button', { name: 'Einwilligung speichern und Test beginnen' }).click();
    await dialog.getByText('Für den Test ist die Zustimmung zum Screening nötig.').waitFor();
    expect(await page.locator('main').getAttribute('data-screen')).toBe('userdata');
    await dialog.getByLabel(/^Screening:/).check();
    await dialog.getByLabel(/^Forschung:/).check();
    await dialog.getByRole('button', { name: 'Einwilligung speichern und Test beginnen' }).click();
    await waitForScreen(page, 'startscreen');
  });

  it('keeps the consent with the child: back in the details it is shown, and the next test starts at once', async () => {
    await page.getByRole('button', { name: 'Zurück' }).click();
    await waitForScreen(page, 'userdata');
    await expect
      .poll(() => page.getByTestId('consent-status').textContent())
      .toBe(`Einwilligung vom ${today}: Screening, Forschung.`);
    await page.getByRole('button', { name: 'Test beginnen' }).click();
    await waitForScreen(page, 'startscreen');
  });

  it('sends the research consent and the child code with the result', async () => {
    await tapStart(page);
    await waitForNextScreen(page);
    // Ended at once ('Test beenden', docs/product.md §38): the result is uploaded as any other.
    await page.getByRole('button', { name: 'Test beenden' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Test vorzeitig beenden' });
    await dialog.getByLabel('Kind ist müde oder unwohl').check();
    await dialog.getByLabel('Passwort eingeben, um den Test zu beenden:').fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Test beenden', exact: true }).click();
    await waitForScreen(page, 'result');
    await expect
      .poll(async () =>
        (await listStoredResults(server.url)).map((stored) => [
          stored.researchConsent,
          stored.childCode?.length,
        ]),
      )
      .toEqual([['yes', 6]]);
  });
});
