import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORED_QUESTION_IDS } from '../../src/domain/facts.ts';
import { buildServer } from '../app.ts';
import { DEFAULT_MAX_FAILURES as MAX_FAILED_LOGINS } from '../auth/export-token.ts';
import { openPgliteStore, openPostgresStore, type ResultStore } from '../db/index.ts';
import { CSV_HEADERS } from '../export.ts';
import { parseCsv } from '../testing/csv.ts';
import { makePayload, makeResearchPayload } from '../testing/payload.ts';
import { freshDataDir } from '../testing/pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from '../testing/postgres.ts';
import { SESSION_COOKIE } from './routes.ts';
import type { DifResult, ItemAnalysis } from './statistics.ts';

const TOKEN = 'auswertung-token-for-tests';

const backends = [
  {
    name: 'pglite',
    skip: false,
    async open() {
      const dir = freshDataDir('zaehltest-auswertung-');
      const store = await openPgliteStore(dir);
      return { store, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    skip: SKIP_POSTGRES,
    async open() {
      const schema = await createTestSchema(await preparePostgres());
      const store = await openPostgresStore(schema.url, { poolSize: 4 });
      return { store, cleanup: schema.drop };
    },
  },
];

/** The ids a child answered correctly, from the flags of a payload. */
const correctIds = (payload: Record<string, unknown>) =>
  SCORED_QUESTION_IDS.filter((id) => payload[`question${id}`]);

describe.each(backends)('/auswertung API on $name', (backend) => {
  let store: ResultStore;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let cookie: string;

  const upload = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/results', payload: payload as object });
  const get = (url: string, withCookie = true) =>
    app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });
  const login = (token: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auswertung/login', payload: { token }, headers });

  /** A known data set: Turkish, Arabic and Romanian children at different score levels and days. */
  const children = [
    // language, school, test day, born, ids correct
    ['2', 'Kita', '2026-09-15', '2021-03-10', SCORED_QUESTION_IDS.slice(0, 18)],
    ['2', 'Kita', '2026-09-16', '2020-09-16', SCORED_QUESTION_IDS.slice(0, 9)],
    ['2', 'Grundschule', '2026-10-01', '2019-01-01', SCORED_QUESTION_IDS.slice(0, 14)],
    ['2', 'Grundschule', '2026-10-02', '', SCORED_QUESTION_IDS.slice(0, 4)],
    ['3', 'Kita', '2026-10-05', '2021-10-06', SCORED_QUESTION_IDS.slice(0, 5)],
    ['3', 'Grundschule', '2026-10-06', '2019-05-05', SCORED_QUESTION_IDS.slice(2, 16)],
    ['3', 'Kita', '2026-11-01', '2020-02-29', SCORED_QUESTION_IDS.slice(0, 12)],
    ['4', 'Foerderschule', '2026-11-02', '2018-11-02', SCORED_QUESTION_IDS.slice(0, 21)],
    ['4', 'Kita', '2026-11-03', '2021-05-01', SCORED_QUESTION_IDS.slice(1, 8)],
  ] as const;
  const payloads = children.map(([language, school, testDate, born, correct]) =>
    makeResearchPayload({ correct, overrides: { language, school, testDate, born } }),
  );

  beforeAll(async () => {
    if (backend.skip) return;
    ({ store, cleanup } = await backend.open());
    // The first-shape result below has no research consent: counted as consent here, so that this
    // file still sees every result (the consent's own tests: research-consent.test.ts).
    app = await buildServer({
      db: store,
      exportToken: TOKEN,
      logLevel: false,
      trustProxy: true,
      unknownConsentCountsForResearch: true,
    });
    for (const payload of payloads) expect((await upload(payload)).statusCode).toBe(201);
    // One result of the first shape: no test date, no version, no details.
    expect((await upload(makePayload({ language: '2' }))).statusCode).toBe(201);
    const response = await login(TOKEN);
    expect(response.statusCode).toBe(204);
    cookie = String(response.headers['set-cookie']).split(';')[0] as string;
  }, 120_000);

  afterAll(async () => {
    if (backend.skip) return;
    await app?.close();
    await store?.close();
    await cleanup?.();
  });

  it.skipIf(backend.skip)('stores the research fields and derives age, points and level', async () => {
    const [stored] = await collect(store, {
      contentVersion: '0123456789ab',
      language: '4',
      school: 'Foerderschule',
    });
    const payload = payloads[7] as (typeof payloads)[number];
    expect(stored).toMatchObject({
      testDate: '2026-11-02',
      contentVersion: '0123456789ab',
      answers: payload.answers,
      // Born 2018-11-02, tested 2026-11-02: exactly 8 years.
      ageMonths: 96,
      pointsPerLevel: [7, 7, 7],
      assignedLevel: 4,
    });
    // Born 29 Feb 2020, tested 1 Nov 2026: 6 years, 8 months and a few days.
    const [leap] = await collect(store, { from: '2026-11-01', to: '2026-11-01' });
    expect(leap?.ageMonths).toBe(80);
  });

  it.skipIf(backend.skip)('keeps a repeated upload of the new shape once', async () => {
    const payload = makeResearchPayload({ overrides: { language: '3' } });
    const first = await upload(payload);
    const again = await upload(payload);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    expect(await store.research?.deleteBySubmissionId(payload.submissionId)).toEqual({ childCode: null });
  });

  it.skipIf(backend.skip)('refuses a malformed detail with the field named', async () => {
    const payload = makeResearchPayload();
    const response = await upload({ ...payload, answers: [{ question: 7, given: '3', responseTimeMs: 5 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('answers.0.question');
  });

  it.skipIf(backend.skip)(
    'answers nothing without a session, and the page does not open the API',
    async () => {
      for (const path of [
        'session',
        'overview',
        'levels',
        'items',
        'dif',
        'progress',
        'bilingual',
        'results.csv',
        'results.json',
      ]) {
        expect((await get(`/api/auswertung/${path}`, false)).statusCode).toBe(401);
      }
      const forged = await app.inject({
        method: 'GET',
        url: '/api/auswertung/overview',
        headers: { cookie: `${SESSION_COOKIE}=not-a-session` },
      });
      expect(forged.statusCode).toBe(401);
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/auswertung/results/${payloads[0]?.submissionId}`,
      });
      expect(del.statusCode).toBe(401);
    },
  );

  it.skipIf(backend.skip)('sets an HttpOnly, SameSite=Strict cookie, Secure behind HTTPS', async () => {
    const plain = await login(TOKEN);
    const header = String(plain.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{40,};`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).not.toContain('Secure');
    const secure = await login(TOKEN, { 'x-forwarded-proto': 'https' });
    expect(String(secure.headers['set-cookie'])).toContain('; Secure');
  });

  it.skipIf(backend.skip)(
    'ends every session when EXPORT_TOKEN changes (someone left), and only then',
    async () => {
      const session = async (server: FastifyInstance) =>
        (await server.inject({ method: 'GET', url: '/api/auswertung/session', headers: { cookie } }))
          .statusCode;
      // The same database after a restart with a new key, and after one with the old key again.
      const changed = await buildServer({ db: store, exportToken: `${TOKEN}-neu`, logLevel: false });
      const same = await buildServer({ db: store, exportToken: TOKEN, logLevel: false });
      try {
        expect(await session(changed)).toBe(401);
        expect(await session(same)).toBe(200);
        expect(await session(app)).toBe(200);
      } finally {
        await changed.close();
        await same.close();
      }
    },
  );

  it.skipIf(backend.skip)('ends the session on logout', async () => {
    const response = await login(TOKEN);
    const own = String(response.headers['set-cookie']).split(';')[0] as string;
    expect(
      (await app.inject({ method: 'GET', url: '/api/auswertung/session', headers: { cookie: own } }))
        .statusCode,
    ).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auswertung/logout',
      headers: { cookie: own },
    });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toContain('Max-Age=0');
    expect(
      (await app.inject({ method: 'GET', url: '/api/auswertung/session', headers: { cookie: own } }))
        .statusCode,
    ).toBe(401);
  });

  it.skipIf(backend.skip)(
    'limits failed logins per address: after the limit even the right token waits',
    async () => {
      const from = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < MAX_FAILED_LOGINS; i++)
        expect((await login(`guess-${i}`, from)).statusCode).toBe(401);
      const blocked = await login(TOKEN, from);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toContain('Zu viele Fehlversuche');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await login(TOKEN, { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(204);
    },
  );

  it.skipIf(backend.skip)(
    'counts by language, institution, school year and month, and filters them',
    async () => {
      const all = (await get('/api/auswertung/overview')).json();
      expect(all.total).toBe(10);
      expect(all.byLanguage).toEqual([
        { key: '2', n: 5 },
        { key: '3', n: 3 },
        { key: '4', n: 2 },
      ]);
      expect(all.contentVersions).toEqual([
        { key: '0123456789ab', n: 9 },
        { key: null, n: 1 },
      ]);
      const filtered = (
        await get('/api/auswertung/overview?from=2026-10-01&to=2026-10-31&school=Grundschule')
      ).json();
      expect(filtered.total).toBe(3);
      expect(filtered.byMonth).toEqual([{ key: '2026-10', n: 3 }]);
      expect(filtered.byLanguage).toEqual([
        { key: '2', n: 2 },
        { key: '3', n: 1 },
      ]);
      const old = (await get('/api/auswertung/overview?version=ohne')).json();
      expect(old.total).toBe(1);
      const bad = await get('/api/auswertung/overview?from=gestern');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toContain('from');
    },
  );

  it.skipIf(backend.skip)('gives the level distribution by language and by age band', async () => {
    const levels = (await get('/api/auswertung/levels?language=4')).json();
    expect(levels).toMatchObject({ n: 2, test: 'erster', minChildren: 30 });
    // Romanian: all 21 right → 'größer 3' (4); ids 2..10 right → level 1 has 6 of 7 → level 2.
    expect(levels.byLanguage).toEqual([
      { language: '4', level: 2, n: 1 },
      { language: '4', level: 4, n: 1 },
    ]);
    // 8 years exactly, and 5 years 6 months.
    expect(levels.byAgeBand).toEqual([
      { band: 5, level: 2, n: 1 },
      { band: 8, level: 4, n: 1 },
    ]);
  });

  it.skipIf(backend.skip)(
    'computes solution rate, n, item–total correlation and KR-20 as from the raw answers',
    async () => {
      const { groups } = (await get('/api/auswertung/items?language=3')).json() as { groups: ItemAnalysis[] };
      const arabic = groups.find((group) => group.language === '3') as ItemAnalysis;
      const rows = payloads.filter((p) => p.language === '3').map((p) => correctIds(p));
      expect(arabic.n).toBe(3);
      const q5 = arabic.items.find((item) => item.question === 5);
      // Question 5 (5th id) solved by children 1 and 2 (slices 0..5 and 2..16) and 3: all three.
      expect(q5?.solutionRate).toBe(1);
      const q16 = arabic.items.find((item) => item.question === 16);
      expect(q16?.solutionRate).toBeCloseTo(1 / 3, 10);
      // Rest scores without question 16: 5, 13, 12; item: 0, 1, 0 → r by the definition.
      const item = rows.map((ids) => (ids.includes(16) ? 1 : 0));
      const rest = rows.map((ids, i) => ids.length - (item[i] as number));
      expect(rest).toEqual([5, 13, 12]);
      expect(q16?.itemTotalCorrelation).toBeCloseTo(pearson(item, rest), 10);
      const all = arabic.reliability.find((row) => row.level === 'all');
      const totals = rows.map((ids) => ids.length);
      const mean = totals.reduce((a, b) => a + b, 0) / 3;
      const variance = totals.reduce((s, t) => s + (t - mean) ** 2, 0) / 3;
      const sumPq = SCORED_QUESTION_IDS.reduce((s, id) => {
        const p = rows.filter((ids) => ids.includes(id)).length / 3;
        return s + p * (1 - p);
      }, 0);
      expect(all?.kr20).toBeCloseTo((21 / 20) * (1 - sumPq / variance), 10);
      // The whole filtered set (language null) is there too.
      expect(groups.find((group) => group.language === null)?.n).toBe(3);
    },
  );

  it.skipIf(backend.skip)('runs Mantel–Haenszel DIF against Turkish for each other language', async () => {
    const { reference, items } = (await get('/api/auswertung/dif')).json() as {
      reference: string;
      items: DifResult[];
    };
    expect(reference).toBe('2');
    expect(new Set(items.map((row) => row.focal))).toEqual(new Set(['3', '4']));
    expect(items.filter((row) => row.focal === '3')).toHaveLength(21);
    for (const row of items) {
      if (row.alpha !== null) expect(row.delta).toBeCloseTo(-2.35 * Math.log(row.alpha), 10);
      expect(['A', 'B', 'C', null]).toContain(row.category);
    }
  });

  it.skipIf(backend.skip)('downloads the filtered set as CSV with the new columns and as JSON', async () => {
    const csv = await get('/api/auswertung/results.csv?language=4');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="zaehltest-auswertung-.*\.csv"/);
    const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, '')).filter((row) => row.length > 1);
    expect(header).toEqual(CSV_HEADERS);
    expect(rows).toHaveLength(2);
    const at = (name: string) => (header as string[]).indexOf(name);
    const full = rows.find((row) => row[at('Zugeordnetes Niveau')] === '4') as string[];
    expect(full[at('Testdatum')]).toBe('02.11.2026');
    expect(full[at('Alter in Monaten')]).toBe('96');
    expect([full[at('Punkte Niveau 1')], full[at('Punkte Niveau 2')], full[at('Punkte Niveau 3')]]).toEqual([
      '7',
      '7',
      '7',
    ]);
    expect(full[at('Inhaltsversion')]).toBe('0123456789ab');
    const json = (await get('/api/auswertung/results.json?version=ohne')).json();
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ ageMonths: null, assignedLevel: 1 });
    expect(json[0].testDate).toBeUndefined();
  });

  it.skipIf(backend.skip)('deletes one result by its submission id', async () => {
    const payload = makeResearchPayload({ overrides: { language: '3' } });
    await upload(payload);
    const url = `/api/auswertung/results/${payload.submissionId.toUpperCase()}`;
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie } })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url, headers: { cookie } })).statusCode).toBe(404);
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/auswertung/results/123',
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/auswertung/overview')).json().total).toBe(10);
  });
});

async function collect(
  store: ResultStore,
  filter: Parameters<NonNullable<ResultStore['research']>['iterateResults']>[0],
) {
  const rows = [];
  for await (const row of store.research?.iterateResults(filter) ?? []) rows.push(row);
  return rows;
}

function pearson(x: number[], y: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((xi, i) => {
    sxy += (xi - mx) * ((y[i] as number) - my);
    sxx += (xi - mx) ** 2;
    syy += ((y[i] as number) - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}
