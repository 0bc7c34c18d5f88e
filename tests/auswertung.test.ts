import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ResultPayload } from '../schemas/result-payload.ts';
import { CSV_HEADERS } from '../server/export.ts';
import { parseCsv } from '../server/testing/csv.ts';
import { makeResearchPayload } from '../server/testing/payload.ts';
import { SCORED_QUESTION_IDS } from '../src/domain/facts.ts';
import { signInAs, signInWithKey, storeResults } from './support/auswertung.ts';
import { axeFindings } from './support/axe.ts';
import { openBrowser, type Session, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';
import { startTestServer, TEST_EXPORT_TOKEN, type TestServer } from './support/server.ts';

/**
 * Issue 17: the researchers' page /auswertung in real Chromium against the real server with its
 * own database: login (and a refused one), filters that change every number, charts drawn on their
 * canvas, the CSV download of the filtered set, deleting a result with confirmation, logout, and
 * axe on every state. Screenshots at 1024×768, 390×844 and in print go to test-artifacts/.
 */

const PHONE = { width: 390, height: 844 } as const;
const LANGUAGES = ['2', '3', '4'] as const;

/**
 * A deterministic sample: 300 children, abilities spread evenly; question 12 is rarely solved by
 * the Arabic children at any ability (a planted DIF of category C).
 */
function sample(): ResultPayload[] {
  // mulberry32: a small seeded generator, so every run sees the same children.
  let seed = 17;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: 300 }, (_, child) => {
    const language = LANGUAGES[child % 3] as (typeof LANGUAGES)[number];
    const ability = (child % 40) / 40;
    const correct = SCORED_QUESTION_IDS.filter((id, index) => {
      if (language === '3' && id === 12) return random() < 0.1;
      return random() < Math.min(0.97, Math.max(0.03, 0.5 + ability - index / 21));
    });
    const month = 9 + (child % 3);
    return makeResearchPayload({
      correct,
      overrides: {
        language,
        school: child % 4 === 0 ? 'Grundschule' : 'Kita',
        schoolLevel: child % 4 === 0 ? '1' : '',
        testDate: `2026-${String(month).padStart(2, '0')}-${String(1 + (child % 27)).padStart(2, '0')}`,
        born: `${2019 + (child % 4)}-0${1 + (child % 9)}-15`,
      },
    });
  });
}

async function countPainted(page: Page): Promise<number[]> {
  return page.$$eval('canvas', (canvases) =>
    canvases.map((canvas) => {
      const context = (canvas as HTMLCanvasElement).getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(
        0,
        0,
        (canvas as HTMLCanvasElement).width,
        (canvas as HTMLCanvasElement).height,
      );
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] as number) > 0) painted++;
      return painted;
    }),
  );
}

const totalText = (page: Page) => page.getByTestId('total').textContent();

/** Waits until the overview shows `n` results; on timeout says what it showed instead. */
async function waitForTotal(page: Page, n: number): Promise<void> {
  try {
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="total"]')?.textContent === `${expected} Ergebnisse`,
      n,
      { timeout: 15_000 },
    );
  } catch {
    throw new Error(`expected ${n} results, the page shows "${await totalText(page)}" at ${page.url()}`);
  }
}

describe('/auswertung in the browser', () => {
  let server: TestServer;
  let session: Session;
  let page: Page;
  const payloads = sample();

  beforeAll(async () => {
    server = await startTestServer(inject('distDir'));
    await storeResults(server.url, payloads);
    session = await openBrowser();
    page = session.page;
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it('asks for name and password, refuses a wrong one and a wrong key, and sets a strict, HttpOnly session cookie', async () => {
    await page.goto(`${server.url}/auswertung`);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await signInAs(page, 'forschung.team', 'ein-falsches-Passwort');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Anmeldung fehlgeschlagen: Benutzername oder Passwort stimmen nicht.' })
      .waitFor();
    // The operator's key is the second, folded way in.
    await signInWithKey(page, 'falsch');
    await page.getByRole('alert').filter({ hasText: 'Der Zugangsschlüssel stimmt nicht.' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'auswertung-login-1024x768');
    await page.getByLabel('Zugangsschlüssel', { exact: true }).fill(TEST_EXPORT_TOKEN);
    await page.getByRole('button', { name: 'Mit Schlüssel anmelden', exact: true }).click();
    await page.getByTestId('total').waitFor();
    expect(await totalText(page)).toBe('300 Ergebnisse');
    const [cookie] = await session.context.cookies(server.url);
    expect(cookie).toMatchObject({
      name: 'zt_auswertung',
      httpOnly: true,
      sameSite: 'Strict',
      secure: false,
    });
  });

  it('draws the level charts and shows items, KR-20 and DIF with C items highlighted', async () => {
    await page.waitForFunction(() => document.querySelectorAll('canvas').length === 2);
    const painted = await countPainted(page);
    expect(painted).toHaveLength(2);
    for (const pixels of painted) expect(pixels).toBeGreaterThan(1000);
    await page.getByRole('heading', { name: 'Aufgabenanalyse' }).waitFor();
    await page.getByRole('heading', { name: 'Reliabilität (KR-20)' }).waitFor();
    // Question 12 was made much harder for the Arabic children at every ability: category C.
    const flagged = await page.locator('.dif-category.dif-c').allTextContents();
    expect(flagged.length).toBeGreaterThan(0);
    expect(await page.locator('.auswertung-flagged').textContent()).toMatch(/12 \(Arabisch( \(Entwurf\))?\)/);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'auswertung-dashboard-1024x768');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'auswertung-print');
    await page.emulateMedia({ media: 'screen' });
  });

  it('applies the filters to every number and keeps them in the address', async () => {
    await page.getByLabel('Sprache', { exact: true }).selectOption('3');
    await page.getByLabel('Einrichtung', { exact: true }).selectOption('Kita');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    const expected = payloads.filter((p) => p.language === '3' && p.school === 'Kita').length;
    await waitForTotal(page, expected);
    expect(page.url()).toContain('language=3');
    expect(await page.getByRole('status').first().textContent()).toMatch(/Arabisch( \(Entwurf\))? · Kita/);
    // The language table now has one row, Arabic, with every result.
    const languageRows = page
      .locator('table', { has: page.locator('caption', { hasText: 'Nach Sprache' }) })
      .locator('tbody tr');
    expect(await languageRows.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Arabisch( \\(Entwurf\\))?${expected}$`)),
    ]);
    await page.reload();
    await waitForTotal(page, expected);
  });

  it('downloads the filtered set as CSV for German Excel', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'CSV für Excel herunterladen' }).click(),
    ]);
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1)).filter((row) => row.length > 1);
    expect(header).toEqual(CSV_HEADERS);
    expect(rows).toHaveLength(payloads.filter((p) => p.language === '3' && p.school === 'Kita').length);
    expect(new Set(rows.map((row) => row[(header as string[]).indexOf('Sprachcode')]))).toEqual(
      new Set(['3']),
    );
  });

  it('deletes one result by submission id after a confirmation', async () => {
    const before = payloads.filter((p) => p.language === '3' && p.school === 'Kita');
    const victim = before[0] as ResultPayload;
    await page.getByLabel('Einsendungs-ID').fill(victim.submissionId);
    await page.getByRole('button', { name: 'Löschen …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ergebnis endgültig löschen?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(victim.submissionId);
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await page.getByText(`Das Ergebnis ${victim.submissionId} wurde gelöscht.`).waitFor();
    await waitForTotal(page, before.length - 1);
    expect((await server.listResults()).some((result) => result.submissionId === victim.submissionId)).toBe(
      false,
    );
  });

  it('is readable on a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Zurücksetzen' }).click();
    await waitForTotal(page, payloads.length - 1);
    // Nothing but the wide tables (which scroll in their own box) may widen the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'auswertung-dashboard-390x844');
    await page.setViewportSize(TABLET_PORTRAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      TABLET_PORTRAIT.width,
    );
    await screenshot(page, 'auswertung-dashboard-768x1024');
  });

  it('logs out: the session is gone, also after a reload', async () => {
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    const response = await page.request.get(`${server.url}/api/auswertung/overview`);
    expect(response.status()).toBe(401);
  });
});

/**
 * Issue 35 item 8: the statistics count children. A pilot run without sound: under the default
 * 'Ton: mit Ton' nothing is left, and the page says why and offers 'alle'; then the per-child
 * counts, the warning below 30 children and 'Tests je Kind: letzter Test'.
 */
describe('/auswertung counts children, warns below 30 and offers all results', () => {
  let server: TestServer;
  let session: Session;
  let page: Page;

  /** A silent Turkish test (no prompt spoken), at KITA-009, of `childCode` or without a code. */
  const silent = (childCode: string | undefined, testDate: string) => ({
    ...makeResearchPayload({ overrides: { language: '2', testDate, site: 'KITA-009' } }),
    ...(childCode ? { childCode } : {}),
    ...Object.fromEntries(SCORED_QUESTION_IDS.map((id) => [`question${id}`, false])),
    answers: SCORED_QUESTION_IDS.map((id) => ({
      question: id,
      given: '',
      responseTimeMs: 1000 + id,
      prompt: { source: 'none' as const, replays: 0 },
    })),
  });
  // Three results of two children: K7M3QX tested twice, one result without a code.
  const RESULTS = [
    silent('K7M3QX', '2026-10-01'),
    silent('K7M3QX', '2026-11-01'),
    silent(undefined, '2026-10-02'),
  ];

  beforeAll(async () => {
    server = await startTestServer(inject('distDir'));
    for (const payload of RESULTS) {
      const response = await fetch(`${server.url}/api/results`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      expect(response.status, await response.text()).toBe(201);
    }
    session = await openBrowser();
    page = session.page;
    await page.goto(`${server.url}/auswertung`);
    await signInWithKey(page);
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it("says why 'mit Ton' leaves nothing and shows all results on one click", async () => {
    const onlySilent = page.getByTestId('only-silent');
    await onlySilent.waitFor();
    expect(await onlySilent.textContent()).toContain(
      'Mit dem Filter „Ton: mit Ton“ bleibt kein Ergebnis: Alle 3 Ergebnisse wurden ohne Ton durchgeführt',
    );
    expect(await totalText(page)).toBe('0 Ergebnisse');
    expect(await axeFindings(page)).toEqual([]);
    for (const [size, name] of [
      [TABLET, '1024x768'],
      [TABLET_PORTRAIT, '768x1024'],
      [PHONE, '390x844'],
    ] as const) {
      await page.setViewportSize(size);
      await screenshot(page, `auswertung-only-silent-${name}`);
    }
    await page.setViewportSize(TABLET);
    await onlySilent.getByRole('button', { name: 'Alle Ergebnisse zeigen (Ton: alle)' }).click();
    await waitForTotal(page, 3);
    expect(page.url()).toContain('sound=alle');
    expect(await page.getByLabel('Ton', { exact: true }).inputValue()).toBe('alle');
  });

  it('counts two children in three results and warns that they are fewer than 30', async () => {
    const note = page.getByTestId('per-child');
    await note.waitFor();
    expect(await note.textContent()).toContain('Ab hier zählen Kinder, nicht Ergebnisse: 2 Kinder');
    expect(await note.textContent()).toContain('(der erste unter den gefilterten)');
    const items = page.locator('section', { has: page.getByRole('heading', { name: 'Aufgabenanalyse' }) });
    // (A language whose texts are not yet checked is named with '(Entwurf)'.)
    expect(await items.getByTestId('few-children').textContent()).toMatch(
      /^Weniger als 30 Kinder, Werte unsicher \(mit \* markiert\): Türkisch( \(Entwurf\))? \(n = 2\), Gesamt \(n = 2\)\.$/,
    );
    // The group headings carry the mark; n in the table is 2 children.
    const headings = await items.locator('thead th[scope="colgroup"]').allTextContents();
    expect(headings).toHaveLength(2);
    expect(headings[0]).toMatch(/^Türkisch( \(Entwurf\))? \*$/);
    expect(headings[1]).toBe('Gesamt *');
    expect(await items.locator('tbody tr').first().locator('td').last().textContent()).toBe('2');
    const levels = page.locator('section', {
      has: page.getByRole('heading', { name: 'Verteilung der Niveaus' }),
    });
    expect(await levels.getByTestId('few-children').textContent()).toMatch(
      /Türkisch( \(Entwurf\))? \(n = 2\)/,
    );
    expect(await axeFindings(page)).toEqual([]);
    for (const [size, name] of [
      [TABLET, '1024x768'],
      [TABLET_PORTRAIT, '768x1024'],
      [PHONE, '390x844'],
    ] as const) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await screenshot(page, `auswertung-few-children-${name}`);
    }
    await page.setViewportSize(TABLET);
  });

  it("uses each child's latest test with 'Tests je Kind: letzter Test'", async () => {
    await page.getByLabel('Tests je Kind').selectOption('letzter');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="per-child"]')?.textContent?.includes('der letzte'),
    );
    expect(page.url()).toContain('test=letzter');
    expect(await page.getByRole('status').first().textContent()).toContain('Tests je Kind: letzter Test');
    // Still three results and two children.
    expect(await totalText(page)).toBe('3 Ergebnisse');
    expect(await page.getByTestId('per-child').textContent()).toContain('2 Kinder');
  });
});
