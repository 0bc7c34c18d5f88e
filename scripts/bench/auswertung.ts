// The researchers' page at scale (issue 17), a section of `npm run bench:server`: 100,000 results
// in PostgreSQL (a throwaway schema), then the page's requests timed through the real server
// process: overview, level charts, item table (with KR-20) and DIF, each unfiltered and with a
// filter; the statistics reduce the results to one test per child.
// Goal: overview and item table answer in under 1 s; an account's login in 300 ms; a Kita-Leitung's
// statistics (one Einrichtung of 50) no slower than the same over everything.
import pg from 'pg';
import { hashPassword } from '../../server/auth/passwords.ts';
import { createTestSchema, preparePostgres } from '../../server/testing/postgres.ts';
import { startServerProcess } from '../../server/testing/server-process.ts';
import { SCORED_QUESTION_IDS } from '../../src/contract.ts';

const ROWS = 100_000;
const REPEATS = 5;
const GOAL_MS = 1000;
const TOKEN = 'bench-auswertung-token-0123456789ab';
const LEITUNG_PASSWORD = 'bench-leitung-passwort';
/** An account's login on the server (docs/product.md §47). */
const LOGIN_GOAL_MS = 300;

export interface AuswertungRow {
  request: string;
  medianMs: number;
  worstMs: number;
  goalMs?: number;
}

/** Children the results belong to: the statistics count each once (docs/product.md §24). */
const CHILDREN = 40_000;

/**
 * Children with an ability each, items of rising difficulty: answers that correlate as real ones
 * do, so the statistics do their full work (no constant columns). 100,000 results of 40,000
 * children at 50 Kitas (site + child code), every tenth result without a code, so that reducing
 * them to one test per child does its full work too.
 */
function seedSql(rows: number): string {
  const flags = SCORED_QUESTION_IDS.map(
    (_id, index) => `random() < least(0.97, greatest(0.03, 0.5 + ability - ${(index / 21).toFixed(3)}))`,
  );
  return `
    INSERT INTO results (submission_id, born, school, school_level, language,
                         ${SCORED_QUESTION_IDS.map((id) => `q${id}`).join(', ')},
                         test_date, content_version, answers, child_code, site)
    SELECT gen_random_uuid(), date '2019-01-01' + (g % 1400), (ARRAY['Kita','Grundschule','Foerderschule'])[1 + g % 3],
           (ARRAY['','1','2'])[1 + g % 3], (ARRAY['2','3','4'])[1 + (g / 3) % 3],
           ${flags.join(', ')},
           date '2025-09-01' + (g % 420), (ARRAY['0123456789ab','ba9876543210'])[1 + g % 2],
           '[{"question":1,"given":"4","responseTimeMs":2100}]'::jsonb,
           CASE WHEN g % 10 = 0 THEN NULL ELSE 'C' || lpad((g % ${CHILDREN})::text, 5, '0') END,
           'KITA-' || lpad((g % ${CHILDREN} % 50)::text, 3, '0')
      FROM (SELECT g, random() AS ability FROM generate_series(1, ${rows}) AS g) AS children`;
}

async function time(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

export async function benchAuswertung(): Promise<{ rows: AuswertungRow[]; met: boolean }> {
  const schema = await createTestSchema(await preparePostgres());
  const server = await startServerProcess({
    DATABASE_URL: schema.url,
    EXPORT_TOKEN: TOKEN,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'off',
  });
  try {
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    await client.query(seedSql(ROWS));
    await client.query('ANALYZE results');
    // A Kita-Leitung of one Einrichtung of the 50 (docs/product.md §47).
    await client.query(`INSERT INTO einrichtungen (code, name) VALUES ('KITA-017', 'Kita Sonnenschein')`);
    const [account] = (
      await client.query(
        `INSERT INTO accounts (name, role, password_hash, must_change_password) VALUES ('leitung', 'leitung', $1, false) RETURNING id`,
        [await hashPassword(LEITUNG_PASSWORD)],
      )
    ).rows;
    await client.query(`INSERT INTO account_sites (account_id, site) VALUES ($1, 'KITA-017')`, [account.id]);
    await client.end();

    const login = await fetch(`${server.url}/api/auswertung/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: TOKEN }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    if (login.status !== 204 || !cookie) throw new Error(`login failed: HTTP ${login.status}`);

    // An account's login: the scrypt check and the session, on the server (goal ≤ 300 ms).
    const logins: number[] = [];
    let leitungCookie = '';
    for (let i = 0; i < REPEATS + 1; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/auswertung/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'leitung', password: LEITUNG_PASSWORD }),
      });
      if (response.status !== 204) throw new Error(`account login failed: HTTP ${response.status}`);
      logins.push(performance.now() - started);
      leitungCookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
    }
    logins.shift(); // the warm-up
    logins.sort((a, b) => a - b);

    const filtered = '?from=2026-01-01&to=2026-06-30&school=Kita';
    const cases: [string, string, number?][] = [
      ['overview', '/api/auswertung/overview', GOAL_MS],
      ['levels', '/api/auswertung/levels', GOAL_MS],
      ['items + KR-20', '/api/auswertung/items', GOAL_MS],
      ['items, latest test', '/api/auswertung/items?test=letzter', GOAL_MS],
      ['DIF', '/api/auswertung/dif'],
      ['overview, filtered', `/api/auswertung/overview${filtered}`, GOAL_MS],
      ['items, filtered', `/api/auswertung/items${filtered}`, GOAL_MS],
      ['DIF, filtered', `/api/auswertung/dif${filtered}`],
    ];
    const rows: AuswertungRow[] = [];
    for (const [request, path, goalMs] of cases) {
      await time(`${server.url}${path}`, cookie); // warm-up: plans, caches
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i++) times.push(await time(`${server.url}${path}`, cookie));
      times.sort((a, b) => a - b);
      rows.push({
        request,
        medianMs: Math.round(times[Math.floor(times.length / 2)] as number),
        worstMs: Math.round(times.at(-1) as number),
        goalMs,
      });
    }
    rows.push({
      request: 'login (account)',
      medianMs: Math.round(logins[Math.floor(logins.length / 2)] as number),
      worstMs: Math.round(logins.at(-1) as number),
      goalMs: LOGIN_GOAL_MS,
    });
    // A Kita-Leitung's statistics: her Einrichtung only, no slower than the same over everything
    // (goal: the worst time of the request over all results, plus 10 % for noise).
    for (const [request, path] of [
      ['overview', '/api/auswertung/overview'],
      ['levels', '/api/auswertung/levels'],
      ['items + KR-20', '/api/auswertung/items'],
    ] as const) {
      const everything = rows.find((row) => row.request === request) as AuswertungRow;
      await time(`${server.url}${path}`, leitungCookie);
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i++) times.push(await time(`${server.url}${path}`, leitungCookie));
      times.sort((a, b) => a - b);
      rows.push({
        request: `${request}, Kita-Leitung`,
        medianMs: Math.round(times[Math.floor(times.length / 2)] as number),
        worstMs: Math.round(times.at(-1) as number),
        goalMs: Math.max(GOAL_MS / 10, Math.round(everything.worstMs * 1.1)),
      });
    }
    return { rows, met: rows.every((row) => row.goalMs === undefined || row.worstMs < row.goalMs) };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await schema.drop();
  }
}

export function printAuswertung(rows: AuswertungRow[]): void {
  console.log(
    `\n/auswertung with ${ROWS.toLocaleString('en')} results in PostgreSQL, ${REPEATS} runs each after a warm-up\n`,
  );
  console.log('request                 median ms   worst ms   goal');
  for (const row of rows) {
    const goal =
      row.goalMs === undefined ? '' : `< ${row.goalMs} ms: ${row.worstMs < row.goalMs ? 'met' : 'NOT met'}`;
    console.log(
      `${row.request.padEnd(22)} ${String(row.medianMs).padStart(10)} ${String(row.worstMs).padStart(10)}   ${goal}`,
    );
  }
}
