import type { Page } from 'playwright-core';
import { openBrowser } from '../../tests/support/browser.ts';
import { CHILDREN, seed, TESTS_PER_CHILD } from '../../tests/support/children-seed.ts';
import { login } from '../../tests/support/flow.ts';
import { type Metric, median } from './report.ts';

/** docs/product.md, Gruppenübersicht: a group of 300 children with 3 tests each. */
const FIRST_RENDER_BUDGET_MS = 200;
const SORT_FILTER_BUDGET_MS = 50;

type Timed = (act: () => void, done: () => boolean) => Promise<number>;
type BenchWindow = Window & { zaehltestTimed: Timed };

/** Installs in the page: runs `act`, waits until `done` holds and the next frame is painted; ms. */
export async function installTimer(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as BenchWindow).zaehltestTimed = async (act, done) => {
      const started = performance.now();
      act();
      while (!done()) {
        if (performance.now() - started > 10_000) throw new Error('the overview did not update within 10 s');
        await new Promise((r) => requestAnimationFrame(r));
      }
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - started;
    };
  });
}

export async function timeOpen(page: Page): Promise<number> {
  return page.evaluate((rows) => {
    const run = (window as unknown as BenchWindow).zaehltestTimed;
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Gruppenübersicht',
    )!;
    return run(
      () => button.click(),
      // The table of every child with its first row: it tells all of them in aria-rowcount and
      // renders the rows in view (a table without aria-rowcount must hold every row).
      () => {
        const table = document.querySelector('.overview-table');
        const count = table?.getAttribute('aria-rowcount');
        const body = table?.querySelectorAll('tbody tr').length ?? 0;
        return count ? count === String(rows + 1) && body > 0 : body === rows;
      },
    );
  }, CHILDREN);
}

export async function timeSort(page: Page, column: number): Promise<number> {
  return page.evaluate((column) => {
    const run = (window as unknown as BenchWindow).zaehltestTimed;
    const header = document.querySelectorAll('.overview-table thead th')[column]!;
    const before = header.getAttribute('aria-sort');
    return run(
      () => header.querySelector('button')!.click(),
      () => header.getAttribute('aria-sort') !== before,
    );
  }, column);
}

export async function timeFilter(page: Page, language: string): Promise<number> {
  return page.evaluate((language) => {
    const run = (window as unknown as BenchWindow).zaehltestTimed;
    const select = document.querySelector<HTMLSelectElement>('.overview-filters select')!;
    const status = document.querySelector('.overview-note[role="status"]')!;
    const before = status.textContent;
    return run(
      () => {
        // React listens to the native value setter plus a bubbling change event.
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, language);
        select.dispatchEvent(new Event('change', { bubbles: true }));
      },
      () => status.textContent !== before,
    );
  }, language);
}

/**
 * The Gruppenübersicht with 300 children × 3 tests in headless Chromium: from the click on
 * 'Gruppenübersicht' to the painted table (reading and opening the records included), and one
 * sort or filter to the painted result.
 */
export async function childrenMetrics(
  baseURL: string,
  runs = 5,
): Promise<{ metrics: Metric[]; details: unknown }> {
  const session = await openBrowser();
  const { page } = session;
  try {
    await login(page, baseURL);
    await seed(page);
    await installTimer(page);
    const opens: number[] = [];
    const sorts: number[] = [];
    const filters: number[] = [];
    for (let i = 0; i < runs; i++) {
      opens.push(await timeOpen(page));
      for (const column of [0, 4, 9, 1, 7]) sorts.push(await timeSort(page, column));
      // Each step changes the count line ('100 von 300 Kindern' ↔ '300 von 300 Kindern').
      for (const language of ['ar', '', 'ro', '']) filters.push(await timeFilter(page, language));
      await page.getByRole('button', { name: 'Zurück zu den Angaben' }).click();
      await page.locator('main[data-screen="userdata"]').waitFor();
    }
    const note = `${CHILDREN} children × ${TESTS_PER_CHILD} tests, median of ${runs} opens`;
    return {
      metrics: [
        {
          group: 'children',
          name: 'Gruppenübersicht first render',
          value: median(opens),
          unit: 'ms',
          budget: { max: FIRST_RENDER_BUDGET_MS },
          note,
        },
        {
          group: 'children',
          name: 'Gruppenübersicht sort',
          value: median(sorts),
          unit: 'ms',
          budget: { max: SORT_FILTER_BUDGET_MS },
        },
        {
          group: 'children',
          name: 'Gruppenübersicht filter',
          value: median(filters),
          unit: 'ms',
          budget: { max: SORT_FILTER_BUDGET_MS },
        },
      ],
      details: { opens, sorts, filters },
    };
  } finally {
    await session.close();
  }
}
