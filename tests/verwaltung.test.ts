import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CSV_HEADERS } from '../server/export.ts';
import { parseCsv } from '../server/testing/csv.ts';
import { makeResearchPayload } from '../server/testing/payload.ts';
import { signInAs, signInWithKey, storeResults, waitForTotal } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { openBrowser, type Session, screenshotAtSizes } from './support/browser.ts';
import { startTestServer, TEST_EXPORT_TOKEN, type TestServer } from './support/server.ts';

/**
 * Accounts, roles and Einrichtungen on the pages (docs/product.md §47), in real Chromium against the
 * real server: the first Verwaltung account (made as the command line makes it) replaces its
 * one-time password at the first login; she adds Einrichtungen, joins a mistyped code and adds a
 * Kita-Leitung; the Kita-Leitung sees only her Kita on /auswertung and in her CSV; her open page
 * is logged out when the Verwaltung disables her in another browser; the Protokoll on /verwaltung
 * shows her export and deletion. The routes × roles are tested in server/verwaltung/access.test.ts.
 */

const at = (site: string, childCode: string) =>
  makeResearchPayload({ overrides: { site, childCode, testDate: '2026-10-01' } });
// KITA-017: two children, one of them mistyped as 'kita-17' on a tablet; KITA-018: three children,
// one with the same code as a KITA-017 child (codes are unique within a Kita only).
const RESULTS = [
  at('KITA-017', 'K7M3QX'),
  at('KITA-017', 'P4R8TZ'),
  at('kita-17', 'H2N5WD'),
  at('KITA-018', 'K7M3QX'),
  at('KITA-018', 'B3C4D5'),
  at('KITA-018', 'F6G7H8'),
];
const OWN_PASSWORD = 'Sonnenblumen-im-Oktober-17';
const LEITUNG_PASSWORD = 'Regenbogen-und-Kastanien-9';

describe('/verwaltung and the shared login', () => {
  let server: TestServer;
  /** The Verwaltung's browser. */
  let admin: Session;
  /** The Kita-Leitung's browser, a context of its own. */
  let leitung: Session;
  let page: Page;
  let firstPassword: string;
  let leitungOneTime = '';

  beforeAll(async () => {
    server = await startTestServer(inject('distDir'));
    await storeResults(server.url, RESULTS);
    ({ oneTimePassword: firstPassword } = await server.addAccount({
      name: 'amt',
      role: 'verwaltung',
      sites: 'alle',
    }));
    admin = await openBrowser();
    leitung = await openBrowser();
    page = admin.page;
  });

  afterAll(async () => {
    await admin?.close();
    await leitung?.close();
    await server?.close();
  });

  const headings = (on: Page) => on.getByRole('heading', { level: 2 }).allTextContents();

  it('asks for an own password after the first login with the one-time password, before anything else', async () => {
    await page.goto(`${server.url}/verwaltung`);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.getByText('Mit Zugangsschlüssel anmelden', { exact: true }).click();
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'verwaltung-login');
    await signInAs(page, 'amt', firstPassword);
    await page.getByRole('heading', { name: 'Eigenes Passwort festlegen' }).waitFor();
    expect(await headings(page)).toEqual(['Eigenes Passwort festlegen']);
    // The API agrees: nothing but the password change until it is done.
    expect((await page.request.get(`${server.url}/api/verwaltung/sites`)).status()).toBe(403);

    await page.getByLabel('Einmalpasswort').fill(firstPassword);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('zu-kurz');
    await page.getByLabel('Neues Passwort wiederholen').fill('zu-kurz');
    await page.getByRole('button', { name: 'Passwort festlegen' }).click();
    await page.getByRole('alert').filter({ hasText: 'mindestens 12 Zeichen' }).waitFor();
    await page.getByLabel('Neues Passwort', { exact: true }).fill(OWN_PASSWORD);
    await page.getByLabel('Neues Passwort wiederholen').fill(`${OWN_PASSWORD}x`);
    await page.getByRole('button', { name: 'Passwort festlegen' }).click();
    await page.getByRole('alert').filter({ hasText: 'stimmen nicht überein' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'verwaltung-first-password');

    await page.getByLabel('Neues Passwort wiederholen').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Passwort festlegen' }).click();
    await page.getByRole('heading', { name: 'Konten', exact: true }).waitFor();
    expect(await headings(page)).toEqual([
      'Mein Konto',
      'Einrichtungen',
      'Kennungen ohne Einrichtung',
      'Tablets',
      'Konten',
      'Protokoll',
      'Fristen',
      'Datenschutz-Unterlagen',
    ]);
    expect(await page.getByTestId('signed-in').textContent()).toBe(
      'Angemeldet: amt · VerwaltungEinrichtungen: alle',
    );
    // The one-time password is gone; the own one opens the page from now on.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await signInAs(page, 'amt', firstPassword);
    await page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort stimmen nicht.' }).waitFor();
    await signInAs(page, 'amt', OWN_PASSWORD);
    await page.getByRole('heading', { name: 'Konten', exact: true }).waitFor();
    // The server's periods arrive after the heading; the list has its four periods only then.
    await page.getByTestId('fristen').getByText('Protokoll:').waitFor();
    const fristen = await page.getByTestId('fristen').textContent();
    expect(fristen).toContain('Ein Kind ohne Test seit 18 Monaten wird der Fachkraft zum Löschen angeboten');
    expect(fristen).toContain('Protokoll: 24 Monate');
    // The backups' period is the guide's rule (docs/deploy.md), not a setting of the server.
    expect(fristen).toContain(
      'Sicherungen: Die nächtliche Sicherung nach der Anleitung (docs/deploy.md) bleibt 30 Tage auf dem Server',
    );
    expect(fristen).toContain('Kopien außerhalb des Servers folgen dem eigenen Plan des Trägers.');
  });

  it('adds Einrichtungen, joins a mistyped code after naming how many results move, and adds a Kita-Leitung', async () => {
    const sites = page.getByRole('region', { name: 'Einrichtungen', exact: true });
    for (const [code, name] of [
      ['KITA-017', 'Kita Sonnenschein'],
      ['KITA-018', 'Kita Regenbogen'],
    ]) {
      await sites.getByLabel('Kennung', { exact: true }).fill(code as string);
      await sites.getByLabel('Name', { exact: true }).fill(name as string);
      await sites.getByRole('button', { name: 'Hinzufügen' }).click();
      await sites.getByText(`Die Einrichtung ${code} wurde angelegt.`).waitFor();
    }
    const siteRows = () =>
      sites
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 5).map((cell) => cell.textContent)));
    await expect.poll(siteRows).toEqual([
      ['KITA-017', 'Kita Sonnenschein', '2', 'ja', ''],
      ['KITA-018', 'Kita Regenbogen', '3', 'ja', ''],
    ]);
    // A code the server refuses: its German message as it is.
    await sites.getByLabel('Kennung', { exact: true }).fill('KITA-017');
    await sites.getByLabel('Name', { exact: true }).fill('Doppelt');
    await sites.getByRole('button', { name: 'Hinzufügen' }).click();
    await sites.getByRole('alert').waitFor();

    const unassigned = page.getByRole('region', { name: 'Kennungen ohne Einrichtung' });
    await unassigned.getByLabel('Einrichtung für kita-17').selectOption('KITA-017');
    await unassigned.getByRole('button', { name: 'Zuordnen … kita-17' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kennung zuordnen?' });
    expect(await dialog.textContent()).toContain(
      'Die Kennung kita-17 wird der Einrichtung KITA-017 (Kita Sonnenschein) zugeordnet: 1 Ergebnis wechselt zu KITA-017',
    );
    await dialog.getByRole('button', { name: 'Zuordnen' }).click();
    await unassigned.getByText('1 Ergebnis der Kennung kita-17 gehört jetzt zu KITA-017.').waitFor();
    await unassigned.getByText('Alle Ergebnisse gehören zu einer Einrichtung.').waitFor();
    await expect.poll(siteRows).toEqual([
      ['KITA-017', 'Kita Sonnenschein', '3', 'ja', 'kita-17'],
      ['KITA-018', 'Kita Regenbogen', '3', 'ja', ''],
    ]);

    const accounts = page.getByRole('region', { name: 'Konten', exact: true });
    const add = accounts.getByRole('region', { name: 'Konto hinzufügen' });
    await add.getByLabel('Benutzername').fill('leitung17');
    await add.getByLabel('Rolle').selectOption({ label: 'Kita-Leitung' });
    await add.getByRole('button', { name: 'Konto anlegen' }).click();
    await add.getByRole('alert').filter({ hasText: 'Bitte mindestens eine Einrichtung wählen.' }).waitFor();
    await add.getByLabel('KITA-017 – Kita Sonnenschein').check();
    await add.getByRole('button', { name: 'Konto anlegen' }).click();
    const secret = accounts.getByRole('region', { name: 'Einmalpasswort für leitung17' });
    await secret.getByText('Bitte persönlich übergeben').waitFor();
    leitungOneTime = await secret.getByLabel('Einmalpasswort').inputValue();
    expect(leitungOneTime.length).toBeGreaterThanOrEqual(12);
    const accountRows = () =>
      accounts
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 4).map((cell) => cell.textContent)));
    await expect.poll(accountRows).toEqual([
      ['amt', 'Verwaltung', 'alle', 'aktiv'],
      ['leitung17', 'Kita-Leitung', 'KITA-017', 'aktiv, Einmalpasswort noch nicht ersetzt'],
    ]);
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'verwaltung');
    await screenshotAtSizes(page, 'verwaltung-top', {
      fullPage: false,
      before: () => page.evaluate(() => window.scrollTo(0, 0)),
    });
    await screenshotAtSizes(page, 'verwaltung-einrichtungen', {
      fullPage: false,
      before: () => sites.evaluate((element) => element.scrollIntoView({ block: 'start' })),
    });
    await screenshotAtSizes(page, 'verwaltung-konten', {
      fullPage: false,
      before: () => accounts.evaluate((element) => element.scrollIntoView({ block: 'start' })),
    });
  });

  it('creates an API token shown once, which works until it is revoked', async () => {
    const konto = page.getByRole('region', { name: 'Mein Konto' });
    await konto.getByLabel('Name des Tokens').fill('Skript Statistik');
    await konto.getByRole('button', { name: 'Token erstellen' }).click();
    const shown = konto.getByRole('region', { name: 'Neuer Token „Skript Statistik“' });
    await shown.getByText('Der Token wird nur jetzt angezeigt.').waitFor();
    const token = await shown.getByLabel('Token').inputValue();
    const overview = () =>
      fetch(`${server.url}/api/auswertung/overview`, { headers: { authorization: `Bearer ${token}` } });
    expect((await overview()).status).toBe(200);
    await konto.getByRole('button', { name: 'Widerrufen … Skript Statistik' }).click();
    await page
      .getByRole('dialog', { name: 'Token widerrufen?' })
      .getByRole('button', { name: 'Token widerrufen' })
      .click();
    await konto.getByText('Der Token „Skript Statistik“ wurde widerrufen.').waitFor();
    await konto.getByText(/^widerrufen am \d\d\.\d\d\.\d{4}, \d\d:\d\d$/).waitFor();
    expect((await overview()).status).toBe(401);
  });

  it("lets the Kita-Leitung see only her Kita's results, on the page and in her CSV", async () => {
    const her = leitung.page;
    await her.goto(`${server.url}/auswertung`);
    await signInAs(her, 'leitung17', leitungOneTime);
    await her.getByLabel('Einmalpasswort').fill(leitungOneTime);
    await her.getByLabel('Neues Passwort', { exact: true }).fill(LEITUNG_PASSWORD);
    await her.getByLabel('Neues Passwort wiederholen').fill(LEITUNG_PASSWORD);
    await her.getByRole('button', { name: 'Passwort festlegen' }).click();
    // KITA-017's two results and the one joined from 'kita-17'.
    await waitForTotal(her, '3 Ergebnisse');
    expect(await her.getByTestId('signed-in').textContent()).toBe(
      'Angemeldet: leitung17 · Kita-LeitungEinrichtungen: KITA-017',
    );
    expect(
      await her
        .getByLabel('Einrichtungskennung')
        .locator('option')
        .evaluateAll((options) => options.map((option) => option.textContent)),
    ).toEqual(['alle', 'KITA-017']);
    await screenshotAtSizes(her, 'verwaltung-leitung-auswertung', {
      fullPage: false,
      before: () => her.evaluate(() => window.scrollTo(0, 0)),
    });
    // The Protokoll is the Verwaltung's.
    expect(await her.getByRole('heading', { name: 'Protokoll', exact: true }).count()).toBe(0);

    const [download] = await Promise.all([
      her.waitForEvent('download'),
      her.getByRole('link', { name: 'CSV für Excel herunterladen' }).click(),
    ]);
    const [header, ...rows] = parseCsv(
      readFileSync((await download.path()) as string, 'utf8').slice(1),
    ).filter((row) => row.length > 1);
    expect(header).toEqual(CSV_HEADERS);
    const column = (name: string) => rows.map((row) => row[(header as string[]).indexOf(name)]);
    expect(column('Einrichtungskennung')).toEqual(['KITA-017', 'KITA-017', 'KITA-017']);
    expect(new Set(column('Kind-Code'))).toEqual(new Set(['K7M3QX', 'P4R8TZ', 'H2N5WD']));

    // A parent's deletion request: K7M3QX is a child of KITA-018 too, whose result stays.
    await her
      .getByRole('region', { name: 'Alle Ergebnisse eines Kindes löschen' })
      .getByLabel('Kind-Code')
      .fill('K7M3QX');
    await her.getByRole('button', { name: 'Ergebnisse suchen …' }).click();
    await her.getByRole('button', { name: '1 Ergebnis löschen' }).click();
    await her.getByText('1 Ergebnis zum Kind-Code K7M3QX wurde gelöscht.').waitFor();
    await waitForTotal(her, '2 Ergebnisse');
    expect(
      (await server.listResults()).filter((result) => result.childCode === 'K7M3QX').map((r) => r.site),
    ).toEqual(['KITA-018']);

    // Her /verwaltung: her own account and her Einrichtung's tablets (docs/product.md §51).
    await her.getByRole('link', { name: 'Verwaltung' }).click();
    await her.getByRole('heading', { name: 'Tablets', exact: true }).waitFor();
    expect(await headings(her)).toEqual(['Mein Konto', 'Tablets']);
    await her.getByRole('link', { name: 'Auswertung' }).click();
    await waitForTotal(her, '2 Ergebnisse');
  });

  it("logs out the Kita-Leitung's open page when the Verwaltung disables her account in another browser", async () => {
    const her = leitung.page;
    const accounts = page.getByRole('region', { name: 'Konten', exact: true });
    await accounts.getByRole('button', { name: 'Deaktivieren: leitung17' }).click();
    await accounts
      .getByText('Das Konto leitung17 ist deaktiviert; seine offenen Sitzungen sind beendet.')
      .waitFor();
    // Nobody touches her page: the regular check finds the session ended within 30 s.
    await her.getByText('Ihre Sitzung wurde beendet. Bitte erneut anmelden.').waitFor({ timeout: 30_000 });
    await her.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await signInAs(her, 'leitung17', LEITUNG_PASSWORD);
    await her
      .getByRole('alert')
      .filter({ hasText: 'Dieses Konto ist deaktiviert. Bitte die Verwaltung fragen.' })
      .waitFor();
  }, 45_000);

  it("shows the Kita-Leitung's export and deletion in the Protokoll on /verwaltung", async () => {
    const protokoll = page.getByRole('region', { name: 'Protokoll', exact: true });
    const rows = () =>
      protokoll
        .getByRole('table', { name: 'Einträge des Protokolls, die neuesten zuerst' })
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(1).map((cell) => cell.textContent)));
    await protokoll.getByLabel('Art').selectOption({ label: 'Löschung' });
    await protokoll.getByRole('button', { name: 'Anzeigen' }).click();
    await expect
      .poll(rows)
      .toEqual([
        ['Löschung', 'leitung17 (Kita-Leitung)', '1', 'alle Ergebnisse eines Kind-Codes in KITA-017'],
      ]);
    await protokoll.getByLabel('Art').selectOption({ label: 'Export' });
    await protokoll.getByRole('button', { name: 'Anzeigen' }).click();
    await expect
      .poll(rows)
      .toEqual([
        [
          'Export',
          'leitung17 (Kita-Leitung)',
          '',
          'CSV, Filter: vorzeitig beendet: ohne, Ton: mit, Einrichtungen: KITA-017',
        ],
      ]);
    await protokoll.getByLabel('Art').selectOption({ label: 'Konto' });
    await protokoll.getByRole('button', { name: 'Anzeigen' }).click();
    await expect
      .poll(async () => (await rows()).map((row) => row[3]))
      .toContain('Konto leitung17 geändert: deaktiviert');
    await screenshotAtSizes(page, 'verwaltung-protokoll', {
      fullPage: false,
      before: () => protokoll.evaluate((element) => element.scrollIntoView({ block: 'start' })),
    });
  });

  it("downloads the Datenschutz-Unterlagen from the server's own settings, and the Protokoll records it", async () => {
    const section = page.getByRole('region', { name: 'Datenschutz-Unterlagen' });
    expect(await section.textContent()).toContain('Entwürfe für die oder den Datenschutzbeauftragten');
    const [started] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Löschkonzept (.md)' }).click(),
    ]);
    expect(started.suggestedFilename()).toBe('03-loeschkonzept.md');
    const folder = mkdtempSync(join(tmpdir(), 'zaehltest-datenschutz-e2e-'));
    try {
      const path = join(folder, started.suggestedFilename());
      await started.saveAs(path);
      const text = readFileSync(path, 'utf8');
      expect(text.split('\n')[0]).toBe('# Entwurf: Löschkonzept – Zähltest');
      // This server: PGlite in its DATA_DIR, the default periods; no secret's value.
      expect(text).toContain('60 Monate');
      expect(text).not.toContain(TEST_EXPORT_TOKEN);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const protokoll = page.getByRole('region', { name: 'Protokoll', exact: true });
    await protokoll.getByLabel('Art').selectOption({ label: 'Export' });
    await protokoll.getByRole('button', { name: 'Anzeigen' }).click();
    await protokoll.getByRole('cell', { name: 'Datenschutz-Unterlagen' }).first().waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'verwaltung-datenschutz', {
      fullPage: false,
      before: () => section.evaluate((element) => element.scrollIntoView({ block: 'start' })),
    });
  });

  it("lets the Verwaltung name the child's Kita when she deletes by child code", async () => {
    // K7M3QX is left at KITA-018 only; B3C4D5 too. The Verwaltung sees both Kitas and picks one.
    await page.goto(`${server.url}/auswertung`);
    await page.getByTestId('total').waitFor();
    const section = page.getByRole('region', { name: 'Alle Ergebnisse eines Kindes löschen' });
    const site = section.getByLabel('Einrichtung des Kindes');
    expect(await site.locator('option').allTextContents()).toEqual([
      'alle meine Einrichtungen',
      'KITA-017',
      'KITA-018',
    ]);
    await site.selectOption('KITA-017');
    await section.getByLabel('Kind-Code').fill('B3C4D5');
    await section.getByRole('button', { name: 'Ergebnisse suchen …' }).click();
    await section.getByText('Zum Kind-Code B3C4D5 ist kein Ergebnis gespeichert.').waitFor();
    await site.selectOption('KITA-018');
    await section.getByRole('button', { name: 'Ergebnisse suchen …' }).click();
    await page.getByText('Nur Ergebnisse der Einrichtung KITA-018.', { exact: false }).waitFor();
    await page.getByRole('button', { name: '1 Ergebnis löschen' }).click();
    await section.getByText('1 Ergebnis zum Kind-Code B3C4D5 wurde gelöscht.').waitFor();
    expect((await server.listResults()).some((result) => result.childCode === 'B3C4D5')).toBe(false);
  });

  it('shows the operator signed in with EXPORT_TOKEN the Einrichtungen to read, and no account of her own', async () => {
    const key = leitung.page;
    await key.goto(`${server.url}/verwaltung`);
    await signInWithKey(key);
    await key.getByRole('heading', { name: 'Einrichtungen', exact: true }).waitFor();
    expect(await headings(key)).toEqual(['Mein Konto', 'Einrichtungen', 'Kennungen ohne Einrichtung']);
    expect(await key.getByTestId('signed-in').textContent()).toBe(
      'Angemeldet: Zugangsschlüssel (EXPORT_TOKEN) · ForschungEinrichtungen: alle',
    );
    await key.getByText('Mit dem Zugangsschlüssel (EXPORT_TOKEN) angemeldet').waitFor();
    await key.getByText('Nur die Verwaltung kann Einrichtungen anlegen und ändern.').waitFor();
    expect(await key.getByRole('button', { name: 'Hinzufügen' }).count()).toBe(0);
    expect(await key.getByRole('button', { name: /^Umbenennen/ }).count()).toBe(0);
  });

  it("stays out of the tablets' precache, as /auswertung does", () => {
    const dist = inject('distDir');
    const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
    const precached = [...worker.matchAll(/"(assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1] as string,
    );
    expect(precached.length).toBeGreaterThan(10);
    expect(worker).not.toContain('verwaltung.html');
    // No precached file holds the pages' own strings or styles (a shared chunk of the two pages once did).
    const pagesOwn = precached.filter((file) =>
      /Mit Zugangsschlüssel anmelden|verwaltung-secret/.test(readFileSync(join(dist, file), 'utf8')),
    );
    expect(pagesOwn).toEqual([]);
  });
});
