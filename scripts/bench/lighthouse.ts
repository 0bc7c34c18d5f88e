import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, FLAGS } from '../../tests/support/browser.ts';
import { type Metric, median } from './report.ts';

interface LighthouseRun {
  performance: number;
  accessibility: number;
  timings: Record<string, number | undefined>;
  /** Audits that cost points: id and score, for the note when a budget is missed. */
  weakAudits: string[];
}

async function runOnce(url: string): Promise<LighthouseRun> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'zaehltest-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir });
  try {
    // Lighthouse's default config is the mobile one: a mid-range phone, simulated slow 4G and 4x CPU.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue;
    const inCategories = new Set(
      Object.values(lhr.categories).flatMap((category) => category.auditRefs.map((ref) => ref.id)),
    );
    const weakAudits = Object.values(lhr.audits)
      .filter((a) => inCategories.has(a.id) && a.score !== null && a.score < 1)
      .filter(
        (a) =>
          a.scoreDisplayMode === 'binary' ||
          a.scoreDisplayMode === 'numeric' ||
          a.scoreDisplayMode === 'metricSavings',
      )
      .map((a) => `${a.id} ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      timings: {
        fcp: numeric('first-contentful-paint'),
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        si: numeric('speed-index'),
      },
      weakAudits,
    };
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

/** Lighthouse's own runtime errors (e.g. NO_NAVSTART) say 'run Lighthouse again': up to 3 attempts. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('Lighthouse: ')) throw error;
      console.warn(`· Lighthouse run failed (${String(error)}), trying again`);
    }
  }
}

/**
 * Lighthouse mobile scores of the first screen, `runs` times with a fresh profile each (Lighthouse's
 * own advice against its run-to-run variance): the median performance and the lowest accessibility.
 */
export async function lighthouseMetrics(
  url: string,
  runs: number,
): Promise<{ metrics: Metric[]; details: unknown }> {
  const results: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await withRetries(() => runOnce(url)));
  const performance = median(results.map((r) => r.performance));
  const accessibility = Math.min(...results.map((r) => r.accessibility));
  const medianRun = results.find((r) => r.performance === performance) ?? results[0]!;
  const timing = (key: string) => Math.round(medianRun.timings[key] ?? Number.NaN);
  return {
    metrics: [
      {
        group: 'load',
        name: `Lighthouse mobile performance (median of ${runs})`,
        value: performance,
        unit: '',
        budget: { min: 98 },
        note: `FCP ${timing('fcp')} ms, LCP ${timing('lcp')} ms, TBT ${timing('tbt')} ms, SI ${timing('si')} ms, CLS ${medianRun.timings.cls?.toFixed(3)}; scores ${results.map((r) => r.performance).join('/')}${medianRun.weakAudits.length ? `; below 1 in that run: ${medianRun.weakAudits.join(', ')}` : ''}`,
      },
      {
        group: 'load',
        name: `Lighthouse accessibility (lowest of ${runs})`,
        value: accessibility,
        unit: '',
        budget: { min: 100 },
      },
    ],
    details: results,
  };
}
