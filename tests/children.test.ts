import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHILD_CODE_PATTERN } from '../src/domain/facts.ts';
import { openBrowser, type Session, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';
import {
  backToStart,
  enterUserData,
  LANGUAGE_LABELS,
  login,
  reloadAndUnlock,
  storedSession,
  waitForScreen,
} from './support/flow.ts';
import { finishedSession, openSeeded } from './support/seed.ts';
import { readableForms, storedBytes } from './support/stored-bytes.ts';

/**
 * The children of the device in Chromium against the built app and the real results server: a
 * child tested twice shows its Verlauf on the results page and in the PDF (read with pdftotext),
 * the upload carries the child code and never the name, and the Gruppenübersicht sorts, filters
 * and prints; the children are stored sealed. One browser context for the whole file: the tests
 * build on each other's children. The children are entered as an educator would; their finished
 * tests are seeded through the app's storage (tests/support/seed.ts), the results page stores them
 * as after a whole run (which tests/flow.test.ts checks).
 */

const baseURL = inject('baseURL');
/** Answered wrongly in the first test: level 1 6/7, level 2 4/7, level 3 4/7 → level 2. */
const WRONG_IDS = new Set([6, 13, 14, 16, 17, 18, 23]);
const PHONE = { width: 390, height: 844 };
/** The children saved through 'Test beginnen' below, with their birth dates. */
const SAVED = [
  ['Zeynep Kaya', '2020-05-14'],
  ['أمل حداد', '2021-02-03'],
  ['Emre Demir', '2019-11-30'],
] as const;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();

let session: Session;
let page: Page;
let downloads: string;
const uploads: Record<string, unknown>[] = [];

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/results')) {
      uploads.push(JSON.parse(request.postData() ?? '{}'));
    }
  });
  downloads = await mkdtemp(join(tmpdir(), 'zaehltest-children-'));
});

afterAll(async () => {
  await session?.close();
  await rm(downloads, { recursive: true, force: true });
});

async function verlaufRows(): Promise<string[]> {
  return page
    .locator('.result-verlauf tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent).join(' | ')));
}

async function detail(label: string): Promise<string | null> {
  return page
    .locator('.result-detail')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .textContent();
}

async function savePdf(button: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = join(downloads, download.suggestedFilename());
  await download.saveAs(path);
  return String(
    execFileSync('pdftotext', [path, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ).replace(/\s+/g, ' ');
}

async function shotsAtEverySize(name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1024x768', TABLET],
    ['768x1024', TABLET_PORTRAIT],
    ['390x844', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshot(page, `children-${name}-${size}`);
  }
  await page.setViewportSize(TABLET);
}

describe('the children of the device', () => {
  let code = '';

  it('a child tested twice shows its Verlauf on the results page and in the PDF; the upload links both by code', async () => {
    await login(page, baseURL);
    await page.getByText('Auf diesem Gerät ist noch kein Kind gespeichert.').waitFor();
    await enterUserData(page, { name: 'Zeynep Kaya', birthdate: '2020-05-14', language: 'tr' });
    const first = (await storedSession(page))!;
    code = first.user.childCode ?? '';
    expect(code).toMatch(new RegExp(CHILD_CODE_PATTERN));
    // The first test, finished (tests/flow.test.ts runs the 23 questions): the results page stores it.
    await openSeeded(
      page,
      baseURL,
      finishedSession({
        user: first.user,
        submissionId: first.submissionId ?? undefined,
        wrong: WRONG_IDS,
        answeredAt: hoursAgo(2),
      }),
    );
    expect(await detail('Kind-Code')).toBe(code);
    await expect.poll(verlaufRows).toHaveLength(2);
    expect(await page.getByText('Dies ist der erste Test dieses Kindes auf diesem Gerät.').isVisible()).toBe(
      true,
    );
    await backToStart(page);

    await login(page, baseURL);
    const item = page.locator('.children-item', { hasText: 'Zeynep Kaya' });
    await expect
      .poll(() => item.textContent())
      .toMatch(/14\.05\.2020 · Türkisch(?: \(Entwurf\))? · Letzter Test: \d\d\.\d\d\.\d{4}/);
    await shotsAtEverySize('userdata-list');
    await page.getByRole('button', { name: 'Kind auswählen: Zeynep Kaya' }).click();
    expect(await page.getByTestId('child-code').textContent()).toBe(`Kind-Code: ${code}`);
    expect(await page.getByLabel('Name').inputValue()).toBe('Zeynep Kaya');
    await page.getByRole('button', { name: 'Test beginnen' }).click();
    await waitForScreen(page, 'startscreen');
    // The new test is the chosen child's: same code, a new submission.
    const second = (await storedSession(page))!;
    expect(second.user.childCode).toBe(code);
    expect(second.submissionId).not.toBe(first.submissionId);
    await openSeeded(
      page,
      baseURL,
      finishedSession({
        user: second.user,
        submissionId: second.submissionId ?? undefined,
        answeredAt: hoursAgo(1),
      }),
    );

    const change =
      'Niveau 1: +1 · Niveau 2: +3 · Niveau 3: +3 · Zugeordnetes Niveau von 2 auf größer 3 (höher)';
    await expect.poll(verlaufRows).toHaveLength(3);
    const rows = await verlaufRows();
    expect(rows[1]).toMatch(/^\d\d\.\d\d\.\d{4} \| 6 von 7 \| 4 von 7 \| 4 von 7 \| 2 \| erster Test$/);
    expect(rows[2]!.replace(/^\d\d\.\d\d\.\d{4}/, 'DATE')).toBe(
      `DATE (dieser Test) | 7 von 7 | 7 von 7 | 7 von 7 | größer 3 | ${change}`,
    );
    await shotsAtEverySize('result-verlauf');

    // Reloading the results page stores nothing twice.
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');
    await expect.poll(verlaufRows).toHaveLength(3);

    const text = await savePdf('Als PDF speichern');
    expect(text).toMatch(new RegExp(`KIND-CODE .*${code}`));
    expect(text).toContain('Verlauf');
    expect(text).toContain(change);
    expect(text).toMatch(/\d\d\.\d\d\.\d{4} 6 von 7 4 von 7 4 von 7 2 erster Test/);

    await expect.poll(() => uploads.filter((u) => u.childCode === code).length, { timeout: 30_000 }).toBe(2);
    expect(JSON.stringify(uploads)).not.toContain('Zeynep');
    await backToStart(page);
  }, 300_000);

  it('the Gruppenübersicht sorts, filters, opens a Verlauf and prints with the names', async () => {
    // Amal (Arabic, written in Arabic script) is added on the details screen; a finished test is
    // then opened as the app would resume it, so the results page stores it as Amal's.
    await login(page, baseURL);
    await enterUserData(page, { name: 'أمل حداد', birthdate: '2021-02-03', language: 'ar' });
    const amal = (await storedSession(page))!.user;
    expect(amal.childCode).toMatch(new RegExp(CHILD_CODE_PATTERN));
    await openSeeded(
      page,
      baseURL,
      finishedSession({
        user: amal,
        submissionId: '6c1a9b7e-52d4-4e0f-9a31-2b8f5e7d4c10',
        wrong: new Set([5, 6, 8, 10, 11, 12, 13, 14, 15, 16]),
      }),
    );
    await expect.poll(verlaufRows).toHaveLength(2);
    await shotsAtEverySize('result-arabic');
    await backToStart(page);

    // Emre is saved without a test yet ('Test beginnen', then 'Zurück'); a child of 'Nicht speichern' is not listed.
    await login(page, baseURL);
    await enterUserData(page, { name: 'Emre Demir', birthdate: '2019-11-30', language: 'ro' });
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await waitForScreen(page, 'userdata');
    await page.getByRole('button', { name: 'Neues Kind' }).click();
    await page.getByLabel('Name').fill('Nur Heute');
    await page.getByRole('button', { name: 'Nicht speichern' }).click();
    await waitForScreen(page, 'startscreen');
    await page.getByRole('button', { name: 'Zurück', exact: true }).click();
    await waitForScreen(page, 'userdata');
    await expect.poll(() => page.locator('.children-item').count()).toBe(3);

    await page.getByRole('button', { name: 'Gruppenübersicht' }).click();
    await waitForScreen(page, 'overview');
    const names = () =>
      page
        .locator('.overview-table tbody tr:not([hidden]) th > span')
        .evaluateAll((cells) => cells.map((cell) => cell.textContent));
    await expect.poll(names).toEqual(['Emre Demir', 'Zeynep Kaya', 'أمل حداد']);
    await shotsAtEverySize('overview');

    const header = (name: string) => page.locator('.overview-table thead th', { hasText: name });
    await header('Niveau 1').getByRole('button').click();
    expect(await header('Niveau 1').getAttribute('aria-sort')).toBe('ascending');
    expect(await names()).toEqual(['أمل حداد', 'Zeynep Kaya', 'Emre Demir']);
    await header('Niveau 1').getByRole('button').click();
    expect(await header('Niveau 1').getAttribute('aria-sort')).toBe('descending');
    expect(await names()).toEqual(['Zeynep Kaya', 'أمل حداد', 'Emre Demir']);

    await page.getByLabel('nur Kinder mit Förderbedarf').check();
    expect(await names()).toEqual(['أمل حداد']);
    expect(await page.locator('.overview-table tbody tr:not([hidden]) .col-unmet').textContent()).toBe(
      'Niveau 1, 2',
    );
    await page.getByLabel('nur Kinder mit Förderbedarf').uncheck();
    await page.getByLabel('Sprache').selectOption({ label: LANGUAGE_LABELS.tr });
    expect(await names()).toEqual(['Zeynep Kaya']);
    await page.getByLabel('Sprache').selectOption({ label: 'alle Sprachen' });

    await page.getByRole('button', { name: 'Verlauf von Zeynep Kaya' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verlauf von Zeynep Kaya' });
    expect(await dialog.locator('tbody tr').count()).toBe(2);
    await screenshot(page, 'children-overview-verlauf-1024x768');
    await dialog.getByRole('button', { name: 'Schließen' }).click();

    await page.getByLabel('Erneut testen nach (Wochen)').fill('6');
    const text = await savePdf('Drucken / als PDF speichern');
    expect(text).toContain('Zähltest – Gruppenübersicht');
    expect(text).toMatch(/Zeynep Kaya \d+ Jahre Türkisch/);
    expect(text).toContain('Emre Demir');
    expect(text).toContain('Der Zähltest ist ein Screening, keine Diagnose.');
    expect(text).toContain('Seite 1 von 1');

    // The setting survives a reload.
    await reloadAndUnlock(page);
    await waitForScreen(page, 'overview');
    expect(await page.getByLabel('Erneut testen nach (Wochen)').inputValue()).toBe('6');
  }, 300_000);

  it('stores the children saved through ‘Test beginnen’ sealed: neither a name nor a birth date in the stored bytes', async () => {
    const stored = await storedBytes(page);
    expect(stored.records['zaehltest-children/children']).toBe(SAVED.length);
    expect(stored.records['zaehltest-children/results']).toBe(3);
    for (const [name, birthDate] of SAVED) {
      for (const form of readableForms(name, birthDate)) expect(stored.text, form).not.toContain(form);
    }
  });
});
