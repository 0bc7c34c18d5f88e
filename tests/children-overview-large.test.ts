import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';
import { CHILDREN, dataSet, seed } from './support/children-seed.ts';
import { LANGUAGE_LABELS, login, waitForScreen } from './support/flow.ts';

/**
 * The Gruppenübersicht of a large group (300 children × 3 tests, sealed as the app seals them) in
 * Chromium: only the rows in view are rendered (docs/product.md, Gruppenübersicht), yet the table
 * tells its full size, sorts and filters the whole group, reaches every child by scrolling and by
 * keyboard, and prints every child.
 */

const baseURL = inject('baseURL');
const PHONE = { width: 390, height: 844 };
const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

let session: Session;
let page: Page;
let downloads: string;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  downloads = await mkdtemp(join(tmpdir(), 'zaehltest-overview-'));
  await login(page, baseURL);
  await seed(page);
});

afterAll(async () => {
  await session?.close();
  await rm(downloads, { recursive: true, force: true });
});

/** What is on screen (a full-page shot of 300 rows would be mostly the stand-in rows' blank). */
const viewShot = (name: string) => screenshot(page, `children-overview-300-${name}`, { fullPage: false });

/** The rendered rows: their position in the whole list (1 = header) and the child's name. */
const renderedRows = () =>
  page.locator('.overview-table tbody tr[aria-rowindex]').evaluateAll((rows) =>
    rows.map((row) => ({
      index: Number(row.getAttribute('aria-rowindex')),
      name: row.querySelector('th > span')?.textContent ?? '',
    })),
  );

const rowCount = () => page.locator('.overview-table').getAttribute('aria-rowcount');

/**
 * The rendered rows after scrolling to the end of the page, as a reader keeps scrolling: the list
 * measures the rows it renders, so the page may grow once they are drawn and one scroll fall short of
 * the end (seen once in a clean-clone rehearsal: the last row 292 of 301). Polled, it scrolls again.
 */
const rowsAtEnd = async () => {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return renderedRows();
};

/** The row of the element that has the focus, by its position in the whole list. */
const focusedRow = () =>
  page.evaluate(() => Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')));

/**
 * Tab (or Shift+Tab) until the focus is in another row: a row has several controls ('Verlauf',
 * 'Letztes Ergebnis', 'Test beginnen', 'Förderhinweise').
 */
async function tabToNextRow(key: 'Tab' | 'Shift+Tab') {
  const from = await focusedRow();
  for (let i = 0; i < 8 && (await focusedRow()) === from; i++) await page.keyboard.press(key);
}

/** The newest test's points on level 1 per child name, from the seeded data. */
function newestLevel1(): Map<string, number> {
  const { children, results } = dataSet();
  const points = new Map<string, number>();
  for (const child of children) {
    const newest = results
      .filter((r) => r.childCode === child.code)
      .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))
      .at(-1)!;
    points.set(child.name, newest.levels[0]!.points);
  }
  return points;
}

describe('Gruppenübersicht with 300 children', () => {
  it('renders only the rows in view but tells the whole count, in order, with every row reachable', async () => {
    await page.getByRole('button', { name: 'Gruppenübersicht' }).click();
    await waitForScreen(page, 'overview');
    await expect.poll(rowCount).toBe(String(CHILDREN + 1));
    expect(await page.locator('.overview-note[role="status"]').textContent()).toContain(
      '300 von 300 Kindern',
    );

    const first = await renderedRows();
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(CHILDREN);
    // Sorted by name: Kind 000, Kind 001, … in their rows 2, 3, … of the whole list.
    expect(first.slice(0, 3)).toEqual([
      { index: 2, name: 'Kind 000' },
      { index: 3, name: 'Kind 001' },
      { index: 4, name: 'Kind 002' },
    ]);
    await viewShot('top-1024x768');

    // Scrolled to the end, the last child is rendered and on screen.
    await expect
      .poll(async () => (await rowsAtEnd()).at(-1))
      .toEqual({ index: CHILDREN + 1, name: 'Kind 299' });
    const last = page.locator(`.overview-table tbody tr[aria-rowindex="${CHILDREN + 1}"]`);
    const box = await last.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(TABLET.height + 1);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect((await renderedRows()).length).toBeLessThan(CHILDREN);
    for (const [size, viewport] of [
      ['1024x768', TABLET],
      ['768x1024', TABLET_PORTRAIT],
      ['390x844', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expect.poll(async () => (await renderedRows()).length).toBeGreaterThan(0);
      await viewShot(`middle-${size}`);
    }
    await page.setViewportSize(TABLET);
  });

  it('Tab and Shift+Tab move row by row past the rendered rows', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await renderedRows())[0]?.index).toBe(2);
    const lastRendered = (await renderedRows()).at(-1)!.index;
    await page
      .locator(`.overview-table tbody tr[aria-rowindex="${lastRendered}"] .overview-open`)
      .first()
      .focus();
    await tabToNextRow('Tab');
    expect(await focusedRow()).toBe(lastRendered + 1);
    for (let i = 0; i < 5; i++) await tabToNextRow('Tab');
    expect(await focusedRow()).toBe(lastRendered + 6);
    await tabToNextRow('Shift+Tab');
    expect(await focusedRow()).toBe(lastRendered + 5);
    // The focused control's row is on screen (the browser scrolled it into view).
    const focusedBox = await page.locator('.overview-table :focus').boundingBox();
    expect(focusedBox!.y).toBeGreaterThanOrEqual(0);
    expect(focusedBox!.y).toBeLessThan(TABLET.height);

    // From the end backwards: Shift+Tab from the first rendered row reaches the row before it.
    await expect.poll(async () => (await rowsAtEnd()).at(-1)?.index).toBe(CHILDREN + 1);
    const firstRendered = (await renderedRows())[0]!.index;
    expect(firstRendered).toBeGreaterThan(2);
    await page
      .locator(`.overview-table tbody tr[aria-rowindex="${firstRendered}"] .overview-open`)
      .first()
      .focus();
    await tabToNextRow('Shift+Tab');
    expect(await focusedRow()).toBe(firstRendered - 1);
    // Within the row reached, its first button is 'Verlauf'.
    while ((await page.evaluate(() => document.activeElement?.textContent)) !== 'Verlauf')
      await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Verlauf von Kind \d{3}$/ });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
  });

  it('sorts the whole group, not only the rendered rows, and filters it', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const points = newestLevel1();
    const byPoints = (direction: 1 | -1) =>
      [...points].sort(([a, pa], [b, pb]) => direction * (pa - pb) || collator.compare(a, b)).map(([n]) => n);

    const header = page.locator('.overview-table thead th', { hasText: 'Niveau 1' });
    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const ascending = byPoints(1);
    await expect
      .poll(async () => (await renderedRows()).slice(0, 5).map((row) => row.name))
      .toEqual(ascending.slice(0, 5));
    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const descending = byPoints(-1);
    await expect
      .poll(async () => (await renderedRows()).slice(0, 5).map((row) => row.name))
      .toEqual(descending.slice(0, 5));
    // The child that sorts last is at the end of the whole list.
    await expect
      .poll(async () => (await rowsAtEnd()).at(-1))
      .toEqual({
        index: CHILDREN + 1,
        name: descending.at(-1),
      });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Sprache').selectOption({ label: LANGUAGE_LABELS.ar });
    await expect.poll(rowCount).toBe(String(CHILDREN / 3 + 1));
    expect(await page.locator('.overview-note[role="status"]').textContent()).toContain(
      '100 von 300 Kindern',
    );
    const languages = await page
      .locator('.overview-table tbody tr[aria-rowindex] td:nth-of-type(2)')
      .evaluateAll((cells) => [...new Set(cells.map((cell) => cell.textContent))]);
    expect(languages).toEqual([LANGUAGE_LABELS.ar]);
    await page.getByLabel('Sprache').selectOption({ label: 'alle Sprachen' });
    await expect.poll(rowCount).toBe(String(CHILDREN + 1));
  });

  it('prints every child of the group, not only the rendered rows', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Drucken / als PDF speichern' }).click(),
    ]);
    const path = join(downloads, download.suggestedFilename());
    await download.saveAs(path);
    const text = execFileSync('pdftotext', [path, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const printed = new Set(text.match(/Kind \d{3}/g));
    expect(printed.size).toBe(CHILDREN);
    expect(
      await page.evaluate(() => document.querySelectorAll('.overview-table tbody tr[aria-rowindex]').length),
    ).toBeLessThan(CHILDREN);
  });
});
