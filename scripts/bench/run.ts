// `npm run bench`: builds the app, serves it, measures it in headless Chromium (the flashes in
// Chromium, WebKit and Firefox) against the budgets of issue 7, prints a table and writes
// bench/report.json. Exits 1 when a budget is broken.
//
// Options: --runs=N (flashes per timed question, default 20), --loaded-runs=N (per question with the
// CPU loaded, default 10), --load-processes=N (busy-loop processes for those, default 1),
// --lighthouse-runs=N (default 5), --speech-runs=N (per question, default 3),
// --only=content,bundle,flash,pdf,load,speech,children,device,
// --engines=chromium,webkit,firefox (the flash section's engines, default all three),
// --questions=12,22 (the flash section's timed questions, default all).
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../../tests/support/build-app.ts';
import { ENGINES, type Engine } from '../../tests/support/driver/index.ts';
import { startTestServer } from '../../tests/support/server.ts';
import { buildForBench, bundleMetrics } from './bundle.ts';
import { childrenMetrics } from './children.ts';
import { contentMetrics, loadQuestions } from './content.ts';
import { deviceDataMetrics } from './device-data.ts';
import { flashMetrics } from './flash.ts';
import { lighthouseMetrics } from './lighthouse.ts';
import { pdfMetrics } from './pdf.ts';
import { formatTable, type Metric, statusOf, writeReport } from './report.ts';
import { speechMetrics } from './speech.ts';
import { enrolmentMetrics } from './tablet-enrolment.ts';

const SECTIONS = [
  'content',
  'bundle',
  'flash',
  'pdf',
  'load',
  'speech',
  'children',
  'device',
  'tablet',
] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    'loaded-runs': { type: 'string', default: '10' },
    'load-processes': { type: 'string', default: '1' },
    'lighthouse-runs': { type: 'string', default: '5' },
    'speech-runs': { type: 'string', default: '3' },
    only: { type: 'string', default: SECTIONS.join(',') },
    engines: { type: 'string', default: ENGINES.join(',') },
    questions: { type: 'string', default: '' },
  },
});
const count = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1, got ${value}`);
  return n;
};
const runs = count('runs', values.runs);
const loadedRuns = count('loaded-runs', values['loaded-runs']);
const loadProcesses = count('load-processes', values['load-processes']);
const lighthouseRuns = count('lighthouse-runs', values['lighthouse-runs']);
const speechRuns = count('speech-runs', values['speech-runs']);
const only = new Set(values.only.split(',').map((s) => s.trim()));
const questionIds = values.questions
  .split(',')
  .filter((s) => s.trim())
  .map((s) => count('questions', s.trim()));
const engines = values.engines.split(',').map((s) => s.trim()) as Engine[];
for (const engine of engines) {
  if (!ENGINES.includes(engine)) throw new Error(`--engines: unknown engine '${engine}'`);
}
for (const section of only) {
  if (!SECTIONS.includes(section as Section)) throw new Error(`--only: unknown section '${section}'`);
}

const log = (message: string) => console.log(`· ${message}`);
const metrics: Metric[] = [];
const details: Record<string, unknown> = {};
const errors: { section: string; message: string }[] = [];

/** Runs one section; a section that crashes is reported as a broken budget, the others still run. */
async function section(name: Section, run: () => Promise<{ metrics: Metric[]; details: unknown }>) {
  if (!only.has(name)) return;
  log(`${name} …`);
  const started = Date.now();
  try {
    const result = await run();
    metrics.push(...result.metrics);
    details[name] = result.details;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    errors.push({ section: name, message });
    metrics.push({
      group: name,
      name: 'section failed',
      value: null,
      unit: '',
      budget: { max: 0 },
      note: message.split('\n')[0],
    });
  }
  log(`${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const questions = loadQuestions();
await section('content', async () => contentMetrics());

log('building the app …');
const app = await buildForBench();
const server = await startTestServer(app.distDir);
log(`serving ${app.distDir} at ${server.url}`);
try {
  await section('bundle', async () => bundleMetrics(app));
  await section('flash', () =>
    flashMetrics(server.url, questions, {
      runs,
      loadedRuns,
      loadProcesses,
      engines,
      questionIds,
      onProgress: log,
    }),
  );
  await section('pdf', () => pdfMetrics(server.url, questions));
  await section('load', () => lighthouseMetrics(server.url, lighthouseRuns));
  await section('speech', () => speechMetrics(server.url, questions, speechRuns));
  await section('children', () => childrenMetrics(server.url));
  await section('device', () => deviceDataMetrics(server.url));
  await section('tablet', () => enrolmentMetrics(app.distDir, 5));
} finally {
  await server.close();
  await rm(app.distDir, { recursive: true, force: true });
}

const over = metrics.filter((m) => statusOf(m) === 'OVER');
const reportPath = join(ROOT, 'bench/report.json');
writeReport(reportPath, {
  date: new Date().toISOString(),
  options: { runs, loadedRuns, loadProcesses, lighthouseRuns, only: [...only], engines },
  environment: { node: process.version, platform: process.platform, cpus: availableParallelism() },
  metrics: metrics.map((m) => ({ ...m, status: statusOf(m) })),
  details,
  errors,
});
console.log(`\n${formatTable(metrics)}\n`);
for (const error of errors) console.error(`✖ ${error.section}: ${error.message}\n`);
console.log(`report: ${reportPath}`);
console.log(over.length ? `✖ ${over.length} budget(s) broken` : '✔ every budget kept');
process.exitCode = over.length ? 1 : 0;
