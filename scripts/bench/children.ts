import type { Page } from 'playwright-core';
import { CHILD_CODE_ALPHABET, CHILDREN_DB_NAME, type Child, type LocalResult } from '../../src/contract.ts';
import { openBrowser } from '../../tests/support/browser.ts';
import { login } from '../../tests/support/flow.ts';
import { type Metric, median } from './report.ts';

/** docs/product.md, Gruppenübersicht: a group of 300 children with 3 tests each. */
const CHILDREN = 300;
const TESTS_PER_CHILD = 3;
const FIRST_RENDER_BUDGET_MS = 200;
const SORT_FILTER_BUDGET_MS = 50;
const LANGUAGES = ['tr', 'ar', 'ro'] as const;

function child(n: number, code: string): Child {
  return {
    code,
    name: `Kind ${String((n * 37) % CHILDREN).padStart(3, '0')}`,
    birthDate: `20${19 + (n % 3)}-${String((n % 12) + 1).padStart(2, '0')}-15`,
    school: 'Kita',
    schoolLevel: '',
    language: LANGUAGES[n % 3]!,
    createdAt: '2024-01-10T08:00:00.000Z',
    updatedAt: '2024-01-10T08:00:00.000Z',
  };
}

/** A test with these points on levels 1–3 (7 questions each), scored by the 65 % rule. */
function result(childCode: string, testDate: string, points: number[], submissionId: string): LocalResult {
  const levels = points.map((p, index) => ({
    level: (index + 1) as 1 | 2 | 3,
    points: p,
    questions: 7,
    achieved: p * 20 >= 7 * 13,
  }));
  const highest = Math.max(0, ...levels.filter((row) => row.achieved).map((row) => row.level));
  return {
    submissionId,
    childCode,
    testDate,
    finishedAt: `${testDate}T09:30:00.000Z`,
    language: 'tr',
    levels,
    assignedLevel: highest >= 3 ? 'above-3' : ((highest + 1) as 1 | 2 | 3),
    answers: [],
  };
}

/** A deterministic data set: codes, names, languages and points vary so every sort does work. */
function dataSet() {
  const code = (n: number) =>
    Array.from({ length: 6 }, (_, i) => CHILD_CODE_ALPHABET[Math.floor(n / 30 ** i) % 30]).join('');
  const children = Array.from({ length: CHILDREN }, (_, n) => child(n, code(n * 7919 + 13)));
  const results = children.flatMap((c, n) =>
    Array.from({ length: TESTS_PER_CHILD }, (_, t) =>
      result(
        c.code,
        `202${4 + t}-${String(((n + t) % 12) + 1).padStart(2, '0')}-10`,
        [(n + t) % 8, (n * 3 + t) % 8, (n * 5 + t) % 8],
        `${c.code}-${t}`,
      ),
    ),
  );
  return { children, results };
}

/**
 * Writes the data set into the app's children database the way src/children/repository.ts stores
 * it: only the plain fields beside `sealed`, the rest in the sealed value (format 1 of
 * src/storage/sealed.ts, the value itself).
 */
async function seed(page: Page): Promise<void> {
  const { children, results } = dataSet();
  const records = {
    children: children.map(({ code, updatedAt, ...content }) => ({
      code,
      updatedAt,
      sealed: { format: 1, data: { ...content, version: 1 } },
    })),
    results: results.map(({ submissionId, childCode, testDate, ...content }) => ({
      submissionId,
      childCode,
      testDate,
      sealed: { format: 1, data: { ...content, version: 1 } },
    })),
  };
  await page.evaluate(
    ({ name, records }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['children', 'results'], 'readwrite');
          for (const record of records.children) tx.objectStore('children').put(record);
          for (const record of records.results) tx.objectStore('results').put(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: CHILDREN_DB_NAME, records },
  );
}

type Timed = (act: () => void, done: () => boolean) => Promise<number>;
type BenchWindow = Window & { zaehltestTimed: Timed };

/** Installs in the page: runs `act`, waits until `done` holds and the next frame is painted; ms. */
async function installTimer(page: Page): Promise<void> {
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

async function timeOpen(page: Page): Promise<number> {
  return page.evaluate((rows) => {
    const run = (window as unknown as BenchWindow).zaehltestTimed;
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Gruppenübersicht',
    )!;
    return run(
      () => button.click(),
      () => document.querySelectorAll('.overview-table tbody tr').length === rows,
    );
  }, CHILDREN);
}

async function timeSort(page: Page, column: number): Promise<number> {
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

async function timeFilter(page: Page, language: string): Promise<number> {
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
