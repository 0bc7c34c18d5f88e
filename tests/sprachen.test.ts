import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LanguageTextsAnswer, UpdatesAnswer } from '../schemas/sprachen-api.ts';
import { signInAs } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { openBrowser, PHONE, type Session, screenshotAtSizes, TABLET } from './support/browser.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Native review and recording on /verwaltung/sprachen (docs/product.md §50), in Chromium with its
 * fake microphone (a beep) against the real server: an Arabic reviewer confirms a text, proposes a
 * correction that the child's screen shows while she types it, and records two texts; a second
 * reviewer confirms the correction (which makes the recording of the old wording stale) and approves
 * the other recording, which the tablets' route then serves. Roles × routes are tested in
 * server/sprachen/api.test.ts.
 */

const FAKE_MICROPHONE = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
const PASSWORD = 'Sprachen-pruefen-2026-Arabisch';
const CORRECTED = 'استمع جيدًا. سأعدّ الآن: واحد، اثنان، ثلاثة، خمسة، ستة.';

describe('/verwaltung/sprachen: review and record the Arabic texts', () => {
  let server: TestServer;
  let leyla: Session;
  let omar: Session;

  beforeAll(async () => {
    server = await startTestServer(inject('distDir'));
    for (const name of ['leyla', 'omar'])
      await server.addAccount({ name, role: 'sprache', sites: [], languages: ['ar'] }, PASSWORD);
    leyla = await openBrowser({ args: FAKE_MICROPHONE });
    omar = await openBrowser({ args: FAKE_MICROPHONE });
  });

  afterAll(async () => {
    await leyla?.close();
    await omar?.close();
    await server?.close();
  });

  const open = async (page: Page, name: string) => {
    await page.goto(`${server.url}/verwaltung/sprachen`);
    await signInAs(page, name, PASSWORD);
    await page.getByTestId('sprachen-progress').waitFor();
  };
  const card = (page: Page, key: string) => page.locator(`article[data-key="${key}"]`);
  const preview = (page: Page) => page.frameLocator('iframe[title="So sieht das Kind Frage 1"]');
  const record = async (page: Page, key: string) => {
    const text = card(page, key);
    await text.getByRole('button', { name: /^(Aufnehmen|Neu aufnehmen)$/ }).click();
    await text.getByText('Aufnahme läuft').waitFor();
    await page.waitForTimeout(1500);
    await text.getByRole('button', { name: 'Aufnahme beenden' }).click();
    await text.getByText('Aufnahme gespeichert.').waitFor({ timeout: 20_000 });
  };

  it('lets a reviewer confirm, correct with a live preview, and record', async () => {
    const page = leyla.page;
    await open(page, 'leyla');
    // Her one language, without a choice; Arabic right to left beside the German reference.
    expect(await page.getByRole('combobox', { name: 'Sprache' }).count()).toBe(0);
    expect(await page.getByTestId('signed-in').textContent()).toBe(
      'Angemeldet: leyla · SprachprüfungSprachen: Arabisch',
    );
    await page.locator('.sprachen-language', { hasText: 'Arabisch' }).waitFor();
    const situation = card(page, '1.situationText');
    expect(await situation.getByTestId('current').getAttribute('dir')).toBe('rtl');
    expect(await situation.getByTestId('current').getAttribute('lang')).toBe('ar');
    expect(await situation.locator('p[lang="de"]').textContent()).toBe(
      'Hör gut zu. Ich zähle: eins, zwei, drei, fünf, sechs.',
    );
    const original = (await situation.getByTestId('current').textContent()) as string;
    await preview(page).getByText(original).waitFor();
    const progress = async () => page.getByTestId('sprachen-progress').textContent();
    const before = await progress();

    // 'Geprüft' for a text the pack's review record does not confirm yet: the number words.
    await page.getByRole('combobox', { name: 'Abschnitt' }).selectOption({ label: 'Zahlwörter' });
    const word = card(page, 'numberWords.3.word');
    await word.getByRole('button', { name: 'Geprüft' }).click();
    await word.getByText(/^Geprüft von leyla am /).waitFor();
    expect(await progress()).not.toBe(before);
    expect(await word.getByTestId('recording').count()).toBe(0);

    // Record the situation text as it stands, then propose a correction of it.
    await page.getByRole('combobox', { name: 'Abschnitt' }).selectOption({ label: 'Frage 1' });
    await record(page, '1.situationText');
    await situation.getByRole('button', { name: 'Korrektur vorschlagen' }).click();
    const editor = situation.getByLabel('Korrigierter Text');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('dir'))).toBe('rtl');
    await editor.fill(CORRECTED);
    // The child's screen shows the wording being typed.
    await preview(page).getByText(CORRECTED).waitFor();
    await situation.getByLabel('Anmerkung (warum, für die zweite Person)').fill('natürlicher gesagt');
    await situation.getByRole('button', { name: 'Korrektur senden' }).click();
    await situation.getByText('Korrektur gespeichert. Eine zweite Person muss sie bestätigen.').waitFor();
    await situation.getByText(/^Ihre Korrektur vom .* wartet auf die Bestätigung/).waitFor();
    expect(await situation.getByText('Noch nicht geprüft').count()).toBe(1);
    // Her own correction she cannot confirm.
    expect(await situation.getByRole('button', { name: 'Korrektur bestätigen' }).count()).toBe(0);

    await record(page, '1.questionText');
    const question = card(page, '1.questionText');
    await question.getByText('Ihre Aufnahme wartet auf die Freigabe durch eine zweite Person.').waitFor();
    expect(await question.getByRole('button', { name: 'Freigeben' }).count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'sprachen-reviewer');

    // A question with a picture: the picture beside the child's screen.
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('heading', { name: 'Frage 2', level: 2 }).waitFor();
    await page.getByRole('combobox', { name: 'Abschnitt' }).selectOption({ label: 'Frage 4' });
    const picture = page.getByRole('img', { name: 'Bild der Frage 4' });
    await picture.waitFor();
    // Its frame has a size before the picture has loaded: wait for the picture itself.
    const loadedWidth = () =>
      picture.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0));
    await expect.poll(loadedWidth, { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshotAtSizes(page, 'sprachen-picture', {
      sizes: [
        ['1024x768', TABLET],
        ['390x844', PHONE],
      ],
      fullPage: false,
    });
  });

  it('lets a second reviewer confirm the correction and approve a recording, which the tablets get', async () => {
    const page = omar.page;
    await open(page, 'omar');
    const situation = card(page, '1.situationText');
    await situation.getByText(/^Korrektur vorgeschlagen von leyla am .* – bitte bestätigen$/).waitFor();
    await situation.getByText('Anmerkung: natürlicher gesagt').waitFor();
    await situation.getByRole('button', { name: 'Korrektur bestätigen' }).click();
    await situation.getByText(/^Geprüft von omar am /).waitFor();
    expect(await situation.getByTestId('current').textContent()).toBe(CORRECTED);
    await preview(page).getByText(CORRECTED).waitFor();
    // Leyla's take of the old wording is stale now.
    await situation
      .getByText('Veraltet: Der Text hat sich seit der Aufnahme geändert. Bitte neu aufnehmen.')
      .waitFor();
    expect(await situation.getByRole('button', { name: 'Freigeben' }).count()).toBe(0);

    const question = card(page, '1.questionText');
    await question.getByText('Wartet auf Freigabe durch eine zweite Person.').waitFor();
    // He listens to it before he approves it.
    await question.getByRole('button', { name: 'Anhören' }).click();
    await question.getByRole('button', { name: 'Anhalten' }).waitFor();
    await expect
      .poll(() => question.locator('audio').evaluate((audio) => (audio as HTMLAudioElement).currentTime))
      .toBeGreaterThan(0);
    await question.getByRole('button', { name: 'Freigeben' }).click();
    await question.getByText(/^Freigegeben von omar am .*: wird auf den Tablets abgespielt\.$/).waitFor();
    const url = (await question.locator('audio').getAttribute('src')) as string;

    const texts = (await (
      await page.request.get(`${server.url}/api/sprachen/texts?language=ar`)
    ).json()) as LanguageTextsAnswer;
    const updates = (await (
      await page.request.get(`${server.url}/api/sprachen/updates?content=${texts.content}&language=ar`)
    ).json()) as UpdatesAnswer;
    expect(updates.texts).toEqual({ '1.situationText': CORRECTED });
    expect(Object.keys(updates.recordings)).toEqual(['1.questionText']);
    expect(updates.recordings['1.questionText']?.url).toBe(url);
    // The approved MP3 is what the browser encoded: an MPEG audio stream.
    const mp3 = await page.request.get(`${server.url}${url}`);
    expect(mp3.headers()['content-type']).toBe('audio/mpeg');
    const bytes = await mp3.body();
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes[0] === 0xff || bytes.subarray(0, 3).toString('latin1') === 'ID3').toBe(true);

    expect(await page.getByTestId('sprachen-progress').textContent()).toMatch(/1 von 55 aufgenommen/);
    expect(await axeFindings(page)).toEqual([]);
    await screenshotAtSizes(page, 'sprachen-second-reviewer');
    await page.setViewportSize(PHONE);
    await question.scrollIntoViewIfNeeded();
    await screenshotAtSizes(page, 'sprachen-phone', { sizes: [['390x844', PHONE]], fullPage: false });
    await page.setViewportSize(TABLET);
  });

  it('lets the Verwaltung add a Sprachprüfung for a language on /verwaltung, and see every language', async () => {
    await server.addAccount({ name: 'amt', role: 'verwaltung', sites: 'alle' }, PASSWORD);
    const admin = await openBrowser();
    try {
      const page = admin.page;
      await page.goto(`${server.url}/verwaltung`);
      await signInAs(page, 'amt', PASSWORD);
      const accounts = page.getByRole('region', { name: 'Konten', exact: true });
      const add = accounts.getByRole('region', { name: 'Konto hinzufügen' });
      await add.getByLabel('Benutzername').fill('zeynep');
      await add.getByLabel('Rolle').selectOption({ label: 'Sprachprüfung' });
      await add.getByRole('button', { name: 'Konto anlegen' }).click();
      await add.getByRole('alert').filter({ hasText: 'Bitte mindestens eine Sprache wählen.' }).waitFor();
      await add.getByLabel('Türkisch').check();
      await add.getByRole('button', { name: 'Konto anlegen' }).click();
      await accounts.getByRole('region', { name: 'Einmalpasswort für zeynep' }).waitFor();
      const row = accounts.locator('tbody tr', { hasText: 'zeynep' });
      expect(await row.locator('td').nth(1).textContent()).toBe('Türkisch');
      expect(await axeFindings(page)).toEqual([]);

      await page.getByRole('link', { name: /^Sprachprüfung: / }).click();
      await page.getByTestId('sprachen-progress').waitFor();
      const choice = page.getByRole('combobox', { name: 'Sprache' });
      expect(await choice.locator('option').allTextContents()).toEqual([
        'Türkisch',
        'Arabisch',
        'Rumänisch',
        'Ukrainisch',
      ]);
    } finally {
      await admin.close();
    }
    const refused = await leyla.page.request.get(`${server.url}/api/sprachen/texts?language=tr`);
    expect(refused.status()).toBe(403);
  });

  it("stays out of the tablets' precache, as /verwaltung does", () => {
    const worker = readFileSync(join(inject('distDir'), 'sw.js'), 'utf8');
    expect(worker).toContain('index.html');
    expect(worker).not.toContain('sprachen');
  });
});
