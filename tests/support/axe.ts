import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** What axe-core reports as violations for one page. */
export type AxeViolations = AxeResults['violations'];

/** axe-core itself, read once per test file. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every rule axe-core runs by default, on the page as a person sees it (fonts loaded). axe is put
 * into a page once and then run there on each check: putting its 500 kB in again took 1–5 s per check
 * on the 2-core machine, running it on one of our screens 0.3–2 s, so a test that checks every state
 * of a screen pays the first cost once per page load (docs/testing.md). Our pages have no frames,
 * so axe.run on the document sees everything.
 */
export async function axeViolations(page: Page): Promise<AxeViolations> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) {
    await page.evaluate(AXE_SOURCE);
  }
  return page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe
      .run(document, { resultTypes: ['violations'] })
      .then((results) => results.violations),
  );
}

/** Violations in one line each: rule, element, what to do. [] when axe found nothing. */
export async function axeFindings(page: Page): Promise<string[]> {
  return (await axeViolations(page)).flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${v.help}`),
  );
}
