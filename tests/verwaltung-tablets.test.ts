import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EnrolAnswer } from '../schemas/tablets-api.ts';
import { makeResearchPayload } from '../server/testing/payload.ts';
import { ACCOUNT_PASSWORD, signInAs, storeResults } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { ARTIFACTS, openBrowser, SCREENSHOTS, type Session, screenshotAtSizes } from './support/browser.ts';
import { pdfText } from './support/pdf.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The section 'Tablets' of /verwaltung (docs/product.md §51) in real Chromium against the real server:
 * the Verwaltung makes codes for an Einrichtung and sees them with their QR codes, printed on one A4
 * page (60 too); a tablet enrolled with one (made here with WebCrypto, as the app makes it) shows up
 * with what it reported; 'Abmelden' stops its uploads at once; the passphrase of the Einrichtung is
 * set, typed twice; a Kita-Leitung sees only her Einrichtung. The API's rules are tested in
 * server/tablets/tablets.test.ts.
 */

const { subtle } = globalThis.crypto;
const today = new Date().toISOString().slice(0, 10);

/** A tablet enrolled with `code` on `url`, which then reports its state; its signed upload. */
async function enrolTablet(url: string, code: string) {
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const publicKey = Buffer.from(await subtle.exportKey('spki', keys.publicKey)).toString('base64');
  const enrol = await fetch(`${url}/api/tablets/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, publicKey, appVersion: '0.1.0+test', contentVersion: '2026-11' }),
  });
  expect(enrol.status).toBe(201);
  const { tabletId } = (await enrol.json()) as EnrolAnswer;
  const signed = async (path: string, body: string) => {
    const digest = createHash('sha256').update(body).digest('hex');
    const signature = await subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      keys.privateKey,
      new TextEncoder().encode(`POST ${path}\n${digest}`),
    );
    return fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-zaehltest-tablet': `${tabletId}.${Buffer.from(signature).toString('base64url')}`,
      },
      body,
    });
  };
  const status = await signed(
    '/api/tablets/status',
    JSON.stringify({ unsent: 2, lastBackupAt: '2026-11-20T08:00:00.000Z', appVersion: '0.1.0+test' }),
  );
  expect(status.status).toBe(200);
  return {
    tabletId,
    upload: () =>
      signed('/api/results', JSON.stringify(makeResearchPayload({ overrides: { site: 'KITA-017' } }))),
  };
}

/** The page printed as Chromium prints it (A4): its page count, text and a PNG of the first page. */
async function printed(page: Page, name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'zaehltest-codes-'));
  try {
    const pdf = join(dir, 'codes.pdf');
    writeFileSync(pdf, await page.pdf({ format: 'A4', printBackground: true }));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
    if (SCREENSHOTS)
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '110',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdf,
        join(ARTIFACTS, 'screenshots', name),
      ]);
    return { pages, text: pdfText(pdf) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("/verwaltung: the Einrichtungen's tablets", () => {
  let server: TestServer;
  let admin: Session;
  let leitung: Session;
  let page: Page;
  let firstCode = '';

  beforeAll(async () => {
    server = await startTestServer(inject('distDir'));
    const accounts = server.store.accounts;
    await accounts?.addSite('KITA-017', 'Kita Sonnenschein');
    await accounts?.addSite('KITA-018', 'Kita Regenbogen');
    // Results of tablets not yet enrolled, for the count before the switch to UPLOAD_ACCESS=enrolled.
    await storeResults(server.url, [
      makeResearchPayload({ overrides: { site: 'KITA-017', testDate: today } }),
      makeResearchPayload({ overrides: { site: 'KITA-017', testDate: today } }),
      makeResearchPayload({ overrides: { site: 'kita-99', testDate: today } }),
    ]);
    await server.addAccount({ name: 'amt', role: 'verwaltung', sites: 'alle' }, ACCOUNT_PASSWORD);
    await server.addAccount({ name: 'leitung17', role: 'leitung', sites: ['KITA-017'] }, ACCOUNT_PASSWORD);
    admin = await openBrowser();
    leitung = await openBrowser();
    page = admin.page;
    await page.goto(`${server.url}/verwaltung`);
    await signInAs(page, 'amt', ACCOUNT_PASSWORD);
    await page.getByRole('heading', { name: 'Tablets', exact: true }).waitFor();
  });

  afterAll(async () => {
    await admin?.close();
    await leitung?.close();
    await server?.close();
  });

  const section = () => page.getByRole('region', { name: 'Tablets', exact: true });
  const site = (name: string) => section().getByRole('region', { name });

  it('makes codes with QR codes for an Einrichtung, printed on one A4 page', async () => {
    // The heading waited for in beforeAll is always there; the lists come with the tablets' own load.
    await page.getByTestId('unenrolled').waitFor();
    expect(await page.getByTestId('unenrolled').locator('li').allTextContents()).toEqual([
      'KITA-017: 2 Ergebnisse',
      'kita-99: ein Ergebnis',
    ]);
    const sonnenschein = site('Kita Sonnenschein (KITA-017)');
    expect(await sonnenschein.textContent()).toContain('Noch kein Tablet eingerichtet.');
    await sonnenschein.getByRole('button', { name: 'Tablet hinzufügen' }).click();
    await sonnenschein.getByLabel('Anzahl Tablets (1 bis 60)').fill('3');
    await sonnenschein.getByLabel(/Namen der Tablets/).fill('Gruppe Bären\nGruppe Füchse');
    await sonnenschein.getByRole('button', { name: 'Codes erstellen' }).click();

    const sheet = page.getByTestId('code-sheet');
    await sheet.waitFor();
    const codes = await sheet.locator('.tablets-code-value').allTextContents();
    expect(codes).toHaveLength(3);
    for (const code of codes)
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    firstCode = codes[0] as string;
    const images = sheet.getByRole('img', { name: /^QR-Code für / });
    expect(await images.count()).toBe(3);
    // Every QR code is drawn (an SVG of the link, made by the server).
    for (const width of await images.evaluateAll((all) =>
      all.map((img) => (img as HTMLImageElement).naturalWidth),
    ))
      expect(width).toBeGreaterThan(0);
    expect(await sheet.textContent()).toContain('Gruppe Füchse');
    expect(await sheet.textContent()).toContain('Auf iPads: die App vom Home-Bildschirm öffnen');
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'verwaltung-tablets-codes', {
      fullPage: false,
      before: () => sheet.evaluate((element) => element.scrollIntoView()),
    });

    const paper = await printed(page, 'verwaltung-tablets-codes-print');
    expect(paper.pages).toBe(1);
    for (const expected of [
      ...codes,
      'Einrichtungscodes für Kita Sonnenschein (KITA-017)',
      'Gültig bis',
      'Auf iPads: die App vom Home-Bildschirm öffnen und dort unter „Tablet einrichten“ den Code eintippen',
    ])
      expect(paper.text).toContain(expected);
    // Nothing of the page around it: no account list, no buttons, each code once.
    expect(paper.text).not.toContain('Mein Konto');
    expect(paper.text).not.toContain('Drucken');
    expect(paper.text.split(codes[0] as string)).toHaveLength(2);
  });

  it('prints 60 codes on one A4 page', async () => {
    await page.getByRole('button', { name: 'Gedruckt, ausblenden' }).click();
    const regenbogen = site('Kita Regenbogen (KITA-018)');
    await regenbogen.getByRole('button', { name: 'Tablet hinzufügen' }).click();
    await regenbogen.getByLabel('Anzahl Tablets (1 bis 60)').fill('60');
    await regenbogen.getByRole('button', { name: 'Codes erstellen' }).click();
    await page.getByTestId('code-sheet').waitFor();
    expect(await page.getByTestId('code-sheet').locator('.tablets-code-value').count()).toBe(60);
    const paper = await printed(page, 'verwaltung-tablets-60-print');
    expect(paper.pages).toBe(1);
    expect(paper.text).toContain('Einrichtungscodes für Kita Regenbogen (KITA-018)');
    await page.getByRole('button', { name: 'Gedruckt, ausblenden' }).click();
    // The count of open codes comes with the list's reload after the codes were made.
    await regenbogen.getByText('60 Codes sind noch nicht verwendet.').waitFor();
  });

  it('lists an enrolled tablet with what it reported, and revokes it at once', async () => {
    const tablet = await enrolTablet(server.url, firstCode);
    expect((await tablet.upload()).status).toBe(201);
    await page.reload();
    const sonnenschein = site('Kita Sonnenschein (KITA-017)');
    const row = sonnenschein.getByRole('row', { name: /Gruppe Bären/ });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(tablet.tabletId);
    expect(text).toContain('App 0.1.0+test, Inhalt 2026-11');
    expect(text).toContain('20.11.2026');
    expect(text).not.toContain('20.11.2026, 08:00');
    expect(text).toContain('aktiv');
    expect(await sonnenschein.textContent()).toContain('2 Codes sind noch nicht verwendet.');
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'verwaltung-tablets-list', {
      fullPage: false,
      before: () => section().evaluate((element) => element.scrollIntoView()),
    });

    await row.getByRole('button', { name: 'Tablet Gruppe Bären abmelden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tablet „Gruppe Bären“ abmelden?' });
    await dialog.waitFor();
    await screenshotAtSizes(page, 'verwaltung-tablets-revoke', { fullPage: false });
    await dialog.getByRole('button', { name: 'Abmelden', exact: true }).click();
    await section().getByText('Tablet „Gruppe Bären“ ist abgemeldet.').waitFor();
    await row.getByText(/abgemeldet am/).waitFor();
    const refused = await tablet.upload();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { reason: string }).reason).toBe('tablet-revoked');
  });

  it('sets the passphrase of the Einrichtung, typed twice', async () => {
    const sonnenschein = site('Kita Sonnenschein (KITA-017)');
    expect(await sonnenschein.textContent()).toContain(
      'Noch keins festgelegt: Es gilt das Passwort, mit dem die App gebaut wurde.',
    );
    await sonnenschein.getByRole('button', { name: 'Passwort festlegen' }).click();
    await sonnenschein.getByLabel('Neues Passwort (mindestens 12 Zeichen)').fill('zu-kurz');
    await sonnenschein.getByLabel('Neues Passwort wiederholen').fill('zu-kurz');
    await sonnenschein.getByRole('button', { name: 'Passwort speichern' }).click();
    await sonnenschein.getByRole('alert').filter({ hasText: 'mindestens 12 Zeichen' }).waitFor();
    await sonnenschein.getByLabel('Neues Passwort (mindestens 12 Zeichen)').fill('Sonnenblumen-Wiese-2026');
    await sonnenschein.getByLabel('Neues Passwort wiederholen').fill('Sonnenblumen-Wiese-2062');
    await sonnenschein.getByRole('button', { name: 'Passwort speichern' }).click();
    await sonnenschein.getByRole('alert').filter({ hasText: 'stimmen nicht überein' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'verwaltung-tablets-passphrase', {
      fullPage: false,
      before: () => sonnenschein.evaluate((element) => element.scrollIntoView()),
    });
    await sonnenschein.getByLabel('Neues Passwort wiederholen').fill('Sonnenblumen-Wiese-2026');
    await sonnenschein.getByRole('button', { name: 'Passwort speichern' }).click();
    await sonnenschein
      .getByRole('status')
      .filter({ hasText: 'Das Passwort von KITA-017 ist gespeichert (Version 1).' })
      .waitFor();
    await sonnenschein.getByText(/Festgelegt am .* \(Version 1\)\./).waitFor();
    expect((await server.store.tablets?.passphrase('KITA-017'))?.version).toBe(1);
    // The Protokoll names what happened, never the code or the passphrase.
    const protokoll = (await server.store.research?.protokoll({ kind: 'tablet' })) ?? [];
    const details = protokoll.map((entry) => entry.detail).join('\n');
    expect(details).toContain('Passwort der Einrichtung KITA-017 festgelegt (Version 1)');
    expect(details).toContain('abgemeldet');
    expect(details).not.toContain('Sonnenblumen');
    expect(details).not.toContain(firstCode);
  });

  it("shows a Kita-Leitung her Einrichtung's tablets only", async () => {
    const her = leitung.page;
    await her.goto(`${server.url}/verwaltung`);
    await signInAs(her, 'leitung17', ACCOUNT_PASSWORD);
    await her.getByRole('heading', { name: 'Tablets', exact: true }).waitFor();
    expect(await her.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Mein Konto', 'Tablets']);
    const tablets = her.getByRole('region', { name: 'Tablets', exact: true });
    await tablets.getByRole('heading', { name: 'Kita Sonnenschein (KITA-017)' }).waitFor();
    expect(await tablets.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Ergebnisse von nicht eingerichteten Tablets',
      'Kita Sonnenschein (KITA-017)',
    ]);
    expect(await her.getByTestId('unenrolled').textContent()).toBe('KITA-017: 2 Ergebnisse');
    expect(await axeFindings(her)).toEqual([]);
    await screenshotAtSizes(her, 'verwaltung-tablets-leitung');
  });
});
