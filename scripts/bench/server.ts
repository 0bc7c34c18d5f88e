// `npm run bench:server`: a load run of POST /api/results on loopback against each backend.
// Starts server/main.ts as its own process (logger and rate limit off), sends unique results with
// autocannon, checks that every 2xx is a stored row, and prints results/s and p50/p99 latency:
// once with autocannon as fast as the server answers (its capacity), once at a steady rate (the
// latency uploads see at that load).
//
// Options: --duration=S (default 10), --connections=N (default 16), --rate=N (fixed-rate run on
// PostgreSQL, default 2000 results/s), --pglite-rate=N (default 300), --workers=N (server processes
// for PostgreSQL, default 1: on 2 cores a second one competes with PostgreSQL and autocannon),
// --only=pglite,postgres,auswertung,progress,journal (journal: the deletion journal's pass at start on
// 100,000 results, scripts/bench/deletion-journal.ts; auswertung: /auswertung with 100,000 results, see
// scripts/bench/auswertung.ts; progress: its 'Verlauf' section with 100,000 results of 40,000
// children on both backends, while uploads arrive at --export-rate, see runProgress), --export-rows=N (default 100000) and --export-rate=N (default 100
// results/s): the uploads' latency while a researcher downloads the CSV of that many rows.
// PostgreSQL: TEST_DATABASE_URL (a fresh schema is created and dropped), started locally when
// needed as in the tests.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPgliteStore, openPostgresStore, type ResultStore } from '../../server/db/index.ts';
import { createResearchStore } from '../../server/db/research.ts';
import type { ResultFilter } from '../../server/db/types.ts';
import { makePayload } from '../../server/testing/payload.ts';
import { createTestSchema, preparePostgres } from '../../server/testing/postgres.ts';
import { seedResults } from '../../server/testing/seed.ts';
import { startServerProcess } from '../../server/testing/server-process.ts';
import { benchAuswertung, printAuswertung } from './auswertung.ts';
import { benchDeletionJournal, printDeletionJournal } from './deletion-journal.ts';
import { PROGRESS_CHILDREN, PROGRESS_RESULTS, seedProgress } from './progress-seed.ts';

const GOAL = { postgres: { resultsPerSecond: 2000, p99Ms: 20 } };
/** Uploads during an export: 99 % answered within this, on either backend. */
const EXPORT_GOAL = { p99Ms: 250 };
const TOKEN = 'bench-export-token-0123456789abcdef';
/** The 'Verlauf' section answers within this (worst of the runs), while uploads keep p99 < 250 ms. */
const PROGRESS_GOAL_MS = { postgres: 300, pglite: 1000 };
const PROGRESS_REPEATS = 5;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    workers: { type: 'string', default: '1' },
    rate: { type: 'string', default: String(GOAL.postgres.resultsPerSecond) },
    'pglite-rate': { type: 'string', default: '300' },
    only: { type: 'string', default: 'pglite,postgres,auswertung,progress,journal' },
    'export-rows': { type: 'string', default: '100000' },
    'export-rate': { type: 'string', default: '100' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const workers = Number(values.workers);
const rate = Number(values.rate);
const pgliteRate = Number(values['pglite-rate']);
const exportRows = Number(values['export-rows']);
const exportRate = Number(values['export-rate']);

interface Row {
  backend: string;
  /** 'max' (as fast as the server answers) or the offered rate in results/s. */
  load: string;
  resultsPerSecond: number;
  p50: number;
  p99: number;
  stored: number;
  acknowledged: number;
  errors: number;
}

interface ExportRow {
  backend: string;
  rows: number;
  exportSeconds: number;
  uploads: number;
  p50: number;
  p99: number;
  errors: number;
}

const startServer = (env: Record<string, string>) =>
  startServerProcess({ ...env, EXPORT_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'off' });

async function stop(server: Awaited<ReturnType<typeof startServer>>): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Fills the database to `total` rows through the store (the server is stopped: PGlite is exclusive). */
async function seedTo(env: Record<string, string>, total: number): Promise<void> {
  const store = env.DATABASE_URL
    ? await openPostgresStore(env.DATABASE_URL, { poolSize: 4 })
    : await openPgliteStore(env.DATA_DIR as string);
  try {
    await seedResults(store, total);
  } finally {
    await store.close();
  }
}

/**
 * A researcher downloads the CSV of `rows` results while uploads arrive at `rate` results/s:
 * the uploads' latency for as long as the download runs.
 */
async function runExport(backend: string, env: Record<string, string>, rows: number, rate: number) {
  await seedTo(env, rows);
  const server = await startServer(env);
  try {
    // Warm-up at the same rate, as in run(): the first uploads after a start wait for JIT and
    // PGlite's caches (about a second), which is the start's cost, not the export's.
    await pacedLoad(server.url, rate, 2);
    const started = performance.now();
    let lines = 0;
    const download = (async () => {
      const response = await fetch(`${server.url}/api/results.csv`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const decoder = new TextDecoder();
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        lines += decoder.decode(chunk, { stream: true }).split('\r\n').length - 1;
      }
    })();
    const uploads = await pacedLoad(server.url, rate, 3600, download);
    const exportSeconds = (performance.now() - started) / 1000;
    return {
      backend,
      rows: lines - 1,
      exportSeconds,
      uploads: uploads.acknowledged,
      p50: uploads.p50,
      p99: uploads.p99,
      errors: uploads.errors,
    } satisfies ExportRow;
  } finally {
    await stop(server);
  }
}

interface ProgressRow {
  backend: string;
  request: string;
  medianMs: number;
  worstMs: number;
  goalMs: number;
  /** CPU time the database spent on the section's query, median (undefined: not measurable). */
  cpuMs: number | undefined;
}

/** The two requests of the section and the filter each one sends. */
const PROGRESS_CASES: [name: string, path: string, filter: ResultFilter][] = [
  ['Verlauf', '/api/auswertung/progress', {}],
  [
    'Verlauf, filtered',
    '/api/auswertung/progress?from=2025-10-01&to=2026-06-30&language=3',
    { from: '2025-10-01', to: '2026-06-30', language: '3' },
  ],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The CPU time the database spends on each case's query (median of PROGRESS_REPEATS after a
 * warm-up), without uploads: on a shared machine the wall times above grow with the load, this
 * hardly. PGlite: this process's CPU time (the database runs in it). PostgreSQL on this machine:
 * the CPU time of the connection's server process from /proc (10 ms ticks); elsewhere unknown.
 */
async function progressCpu(store: ResultStore, url: string | undefined): Promise<(number | undefined)[]> {
  const client = url ? new pg.Client({ connectionString: url }) : undefined;
  await client?.connect();
  try {
    let cpuNow = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    let research = store.research;
    if (client) {
      const [row] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      const stat = `/proc/${row?.pid}/stat`;
      if (!existsSync(stat)) return PROGRESS_CASES.map(() => undefined);
      // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms, after the command in parentheses.
      cpuNow = () => {
        const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return (Number(fields[11]) + Number(fields[12])) * 10;
      };
      research = createResearchStore({
        query: async <Row>(text: string, params?: unknown[]) =>
          (await client.query(text, params)).rows as Row[],
      });
    }
    if (!research) throw new Error('the store has no research queries');
    const result: number[] = [];
    for (const [, , filter] of PROGRESS_CASES) {
      await research.progressGroups(filter); // warm-up: plans, caches
      const spent: number[] = [];
      for (let i = 0; i < PROGRESS_REPEATS; i++) {
        const before = cpuNow();
        await research.progressGroups(filter);
        spent.push(cpuNow() - before);
      }
      result.push(Math.round(median(spent)));
    }
    return result;
  } finally {
    await client?.end();
  }
}

/**
 * The 'Verlauf' section of /auswertung with 100,000 results of 40,000 children: its request timed
 * unfiltered and filtered, each after a warm-up, while uploads arrive at `rate` results/s; returns
 * the request times and the uploads' latency meanwhile.
 */
async function runProgress(backend: 'pglite' | 'postgres', env: Record<string, string>, rate: number) {
  const store = env.DATABASE_URL
    ? await openPostgresStore(env.DATABASE_URL, { poolSize: 4 })
    : await openPgliteStore(env.DATA_DIR as string);
  let cpu: (number | undefined)[];
  try {
    await seedProgress(store);
    cpu = await progressCpu(store, env.DATABASE_URL);
  } finally {
    await store.close();
  }
  const server = await startServer(env);
  try {
    const login = await fetch(`${server.url}/api/auswertung/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: TOKEN }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    if (login.status !== 204) throw new Error(`login failed: HTTP ${login.status}`);
    const time = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const cases = PROGRESS_CASES;
    await pacedLoad(server.url, rate, 2);
    const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
    const work = (async () => {
      for (const [name, path] of cases) {
        await time(path); // warm-up: plans, caches
        for (let i = 0; i < PROGRESS_REPEATS; i++) times.get(name)?.push(await time(path));
      }
    })();
    const uploads = await pacedLoad(server.url, rate, 3600, work);
    const goalMs = PROGRESS_GOAL_MS[backend];
    const rows = cases.map(([name], index): ProgressRow => {
      const sorted = (times.get(name) ?? []).sort((a, b) => a - b);
      return {
        backend,
        request: name,
        medianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
        worstMs: Math.round(sorted.at(-1) ?? 0),
        goalMs,
        cpuMs: cpu[index],
      };
    });
    return { rows, uploads };
  } finally {
    await stop(server);
  }
}

/** Runs a saturating load, then a load at `rate` results/s (the latency a given load sees). */
async function run(backend: string, env: Record<string, string>, rate: number): Promise<Row[]> {
  const server = await startServer(env);
  try {
    const load = (seconds: number) =>
      autocannon({
        url: server.url,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/results',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(makePayload()) }),
          },
        ],
      });
    // When autocannon stops, the requests it leaves in flight still reach the database: let them
    // land before counting rows.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
    await load(2); // warm-up: JIT, pool connections, PGlite's caches
    await settle();
    const rows: Row[] = [];
    let before = await storedCount(server.url);
    const result = await load(duration);
    await settle();
    rows.push({
      backend,
      load: 'max',
      resultsPerSecond: result['2xx'] / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      stored: (await storedCount(server.url)) - before,
      acknowledged: result['2xx'],
      errors: result.errors + result.timeouts + result.non2xx,
    });
    before = await storedCount(server.url);
    const paced = await pacedLoad(server.url, rate, duration);
    rows.push({
      backend,
      load: `${rate}/s`,
      ...paced,
      stored: (await storedCount(server.url)) - before,
    });
    return rows;
  } finally {
    await stop(server);
  }
}

/**
 * An open-loop load at a steady `rate`: requests start on schedule whether or not earlier ones
 * have been answered, as uploads from many devices do. (autocannon's rate option sends each
 * second's budget in one burst, which measures the burst, not the rate.)
 */
async function pacedLoad(
  url: string,
  rate: number,
  seconds: number,
  /** Stops sending when this settles (before `seconds` are over). */
  until?: Promise<unknown>,
): Promise<Omit<Row, 'backend' | 'load' | 'stored'>> {
  let stopped = false;
  until?.finally(() => {
    stopped = true;
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL('/api/results', url);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    const body = JSON.stringify(makePayload());
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const req = request(
        target,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 201) latencies.push(performance.now() - started);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
    inFlight.add(done);
    done.then(() => inFlight.delete(done));
  };
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - start) / 1000;
      const due = Math.min(Math.floor(elapsed * rate), rate * seconds);
      while (sent < due) {
        send();
        sent++;
      }
      if (sent >= rate * seconds || stopped) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  await Promise.all(inFlight);
  await until;
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    resultsPerSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    acknowledged: latencies.length,
    errors,
  };
}

async function storedCount(url: string): Promise<number> {
  const response = await fetch(`${url}/api/results.json`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await response.json()) as unknown[]).length;
}

/**
 * Every acknowledged upload is a row. A few more rows are normal: requests still in flight when
 * autocannon stops (at most one per connection) are stored but not counted as answered.
 */
function allStored(row: Row): boolean {
  return row.stored >= row.acknowledged && row.stored <= row.acknowledged + connections;
}

const only = new Set(values.only.split(','));
const rows: Row[] = [];
const exportRuns: ExportRow[] = [];
if (only.has('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'zaehltest-bench-'));
  try {
    rows.push(...(await run('pglite', { DATA_DIR: dataDir }, pgliteRate)));
    exportRuns.push(await runExport('pglite', { DATA_DIR: dataDir }, exportRows, exportRate));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (only.has('postgres')) {
  const schema = await createTestSchema(await preparePostgres());
  try {
    rows.push(
      ...(await run(
        `postgres (${workers} workers)`,
        { DATABASE_URL: schema.url, WORKERS: String(workers) },
        rate,
      )),
    );
    exportRuns.push(
      await runExport(
        `postgres (${workers} workers)`,
        { DATABASE_URL: schema.url, WORKERS: String(workers) },
        exportRows,
        exportRate,
      ),
    );
  } finally {
    await schema.drop();
  }
}

console.log(
  `\nPOST /api/results, ${connections} connections, ${duration} s, unique submissions; ` +
    `${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)} (other work on the machine skews the numbers)\n`,
);
console.log('backend                 load   results/s   p50 ms   p99 ms   errors   every 2xx stored');
for (const row of rows) {
  const stored = allStored(row) ? 'yes' : `NO (${row.acknowledged} acknowledged, ${row.stored} stored)`;
  console.log(
    `${row.backend.padEnd(20)} ${row.load.padStart(7)} ${row.resultsPerSecond.toFixed(0).padStart(11)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)} ${String(row.errors).padStart(8)}   ${stored}`,
  );
}
console.log(
  `\nUploads at ${exportRate}/s while GET /api/results.csv streams ${exportRows.toLocaleString('en')} rows\n`,
);
console.log('backend               rows exported   export s   uploads   p50 ms   p99 ms   errors');
for (const run of exportRuns) {
  console.log(
    `${run.backend.padEnd(20)} ${String(run.rows).padStart(14)} ${run.exportSeconds.toFixed(1).padStart(10)} ${String(run.uploads).padStart(9)} ${String(run.p50).padStart(8)} ${String(run.p99).padStart(8)} ${String(run.errors).padStart(8)}`,
  );
}
let failed = rows.some((row) => !allStored(row));
if (exportRuns.length > 0) {
  const met = exportRuns.every(
    (run) => run.p99 < EXPORT_GOAL.p99Ms && run.errors === 0 && run.rows >= exportRows && run.uploads > 0,
  );
  console.log(
    `\nGoal during an export (every row exported, no upload failed, upload p99 < ${EXPORT_GOAL.p99Ms} ms): ${met ? 'met' : 'NOT met'}`,
  );
  failed ||= !met;
}
const [saturated, atGoalRate] = rows.filter((row) => row.backend.startsWith('postgres'));
if (saturated && atGoalRate) {
  // The goal: PostgreSQL takes at least 2,000 results/s, and at that load 99 % are answered in 20 ms.
  const met =
    saturated.resultsPerSecond >= GOAL.postgres.resultsPerSecond &&
    atGoalRate.resultsPerSecond >= GOAL.postgres.resultsPerSecond * 0.98 &&
    atGoalRate.p99 < GOAL.postgres.p99Ms;
  console.log(
    `\nGoal on PostgreSQL (≥ ${GOAL.postgres.resultsPerSecond} results/s, p99 < ${GOAL.postgres.p99Ms} ms at that load): ${met ? 'met' : 'NOT met'}`,
  );
  failed ||= !met;
}
// The 'Verlauf' section at scale, on both backends, with uploads at the export rate meanwhile.
if (only.has('progress')) {
  const runs: Awaited<ReturnType<typeof runProgress>>[] = [];
  // Timings on a shared machine follow its load: printed at the start and at the end.
  const loadBefore = loadavg()[0]?.toFixed(1);
  const dataDir = mkdtempSync(join(tmpdir(), 'zaehltest-bench-progress-'));
  try {
    runs.push(await runProgress('pglite', { DATA_DIR: dataDir }, exportRate));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const schema = await createTestSchema(await preparePostgres());
  try {
    runs.push(await runProgress('postgres', { DATABASE_URL: schema.url }, exportRate));
  } finally {
    await schema.drop();
  }
  console.log(
    `\n/auswertung 'Verlauf' with ${PROGRESS_RESULTS.toLocaleString('en')} results of ${PROGRESS_CHILDREN.toLocaleString('en')} children, ` +
      `${PROGRESS_REPEATS} runs each after a warm-up, uploads at ${exportRate}/s meanwhile; ${cpus().length} CPUs, ` +
      `load average ${loadBefore} at the start, ${loadavg()[0]?.toFixed(1)} at the end\n`,
  );
  console.log('backend    request              median ms   worst ms   DB CPU ms   goal');
  let met = true;
  for (const run of runs) {
    for (const row of run.rows) {
      const ok = row.worstMs <= row.goalMs;
      met &&= ok;
      console.log(
        `${row.backend.padEnd(10)} ${row.request.padEnd(20)} ${String(row.medianMs).padStart(9)} ${String(row.worstMs).padStart(10)} ${String(row.cpuMs ?? '—').padStart(11)}   worst ≤ ${row.goalMs} ms: ${ok ? 'PASS' : 'OVER'}`,
      );
    }
    const ok = run.uploads.p99 < EXPORT_GOAL.p99Ms && run.uploads.errors === 0;
    met &&= ok;
    console.log(
      `${(run.rows[0]?.backend ?? '').padEnd(10)} uploads meanwhile: ${run.uploads.acknowledged}, p50 ${run.uploads.p50} ms, p99 ${run.uploads.p99} ms, errors ${run.uploads.errors}   p99 < ${EXPORT_GOAL.p99Ms} ms, no error: ${ok ? 'PASS' : 'OVER'}`,
    );
  }
  console.log(`\nGoal of the Verlauf section: ${met ? 'met' : 'NOT met'}`);
  failed ||= !met;
}
// The researchers' page at scale (scripts/bench/auswertung.ts).
if (only.has('auswertung')) {
  const auswertung = await benchAuswertung();
  printAuswertung(auswertung.rows);
  failed ||= !auswertung.met;
}
// The deletion journal's pass at start at scale (scripts/bench/deletion-journal.ts).
if (only.has('journal')) failed ||= !printDeletionJournal(await benchDeletionJournal());
process.exit(failed ? 1 : 0);
