// `npm run bench:tablets` (docs/product.md §51): uploads signed by enrolled tablets against today's
// open uploads, on PGlite and PostgreSQL, and /verwaltung's list of 60 tablets. The server runs in
// this process on loopback (rate limit and logger off); the tablets' keys and signatures are made
// before the clock starts, as each tablet signs its own. Uploads alternate open and signed, twice,
// and the better run of each counts, so that a noisy neighbour on the machine hurts both alike.
//
// Options: --uploads=N per run (default 2000), --connections=N (default 16), --only=pglite,postgres.
// PostgreSQL: TEST_DATABASE_URL (a fresh schema is created and dropped), started locally when needed.
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { EnrolAnswer } from '../../schemas/tablets-api.ts';
import { buildServer } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import type { ResultStore } from '../../server/db/index.ts';
import { newEnrolmentCode } from '../../server/tablets/operations.ts';
import { storeBackends } from '../../server/testing/backends.ts';
import { makePayload } from '../../server/testing/payload.ts';

/** Signed uploads keep at least this share of the open uploads' rate (the rest is the machine's noise). */
const SIGNED_SHARE = 0.9;
/** /verwaltung's list of 60 tablets (30 Einrichtungen × 2), the slowest of LIST_RUNS. */
const LIST_BUDGET_MS = 200;
const LIST_RUNS = 20;

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '16' },
    only: { type: 'string', default: 'pglite,postgres' },
  },
});
const uploads = Number(values.uploads);
const connections = Number(values.connections);
const { subtle } = globalThis.crypto;

interface Tablet {
  tabletId: string;
  keys: CryptoKeyPair;
}

/** A tablet enrolled as the app enrols one, with a code made as 'Tablet hinzufügen' makes it. */
async function enrol(url: string, store: ResultStore, site: string): Promise<Tablet> {
  const code = newEnrolmentCode();
  await store.tablets?.createCodes({
    site,
    batch: 'bench',
    codes: [{ hash: createHash('sha256').update(code).digest('hex'), name: '' }],
    expiresAt: new Date(Date.now() + 3600_000),
    createdBy: 'bench',
  });
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const publicKey = Buffer.from(await subtle.exportKey('spki', keys.publicKey)).toString('base64');
  const response = await fetch(`${url}/api/tablets/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, publicKey, appVersion: '0.1.0+bench', contentVersion: 'bench' }),
  });
  if (response.status !== 201)
    throw new Error(`enrolment failed: ${response.status} ${await response.text()}`);
  return { tabletId: ((await response.json()) as EnrolAnswer).tabletId, keys };
}

async function signatureOf(tablet: Tablet, path: string, body: string): Promise<string> {
  const digest = createHash('sha256').update(body).digest('hex');
  const signed = await subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    tablet.keys.privateKey,
    new TextEncoder().encode(`POST ${path}\n${digest}`),
  );
  return `${tablet.tabletId}.${Buffer.from(signed).toString('base64url')}`;
}

/** `requests` posted with `connections` at a time; results per second, all answered 201. */
async function fire(url: string, requests: { body: string; header?: string }[]): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests.length) {
      const { body, header } = requests[next++] as { body: string; header?: string };
      const response = await fetch(`${url}/api/results`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(header ? { 'x-zaehltest-tablet': header } : {}) },
        body,
      });
      if (response.status !== 201)
        throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return requests.length / ((performance.now() - started) / 1000);
}

interface Row {
  metric: string;
  value: string;
  budget: string;
  pass: boolean;
}

async function benchBackend(name: string, open: () => ReturnType<(typeof storeBackends)[number]['open']>) {
  const { store, cleanup } = await open();
  const app = await buildServer({ db: store, logLevel: false, rateLimit: false, uploadAccess: 'open' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const rows: Row[] = [];
  try {
    const sites = Array.from({ length: 30 }, (_, i) => `KITA-${String(i + 1).padStart(3, '0')}`);
    for (const site of sites) await store.accounts?.addSite(site, `Kita ${site}`);
    const tablets: Tablet[] = [];
    for (const site of sites) for (let i = 0; i < 2; i++) tablets.push(await enrol(url, store, site));

    const unsigned = () =>
      Array.from({ length: uploads }, (_, i) => ({
        body: JSON.stringify(makePayload({ site: sites[i % sites.length] })),
      }));
    const signed = async () => {
      const requests: { body: string; header: string }[] = [];
      for (let i = 0; i < uploads; i++) {
        const tablet = tablets[i % tablets.length] as Tablet;
        const site = sites[Math.floor((i % tablets.length) / 2)] as string;
        const body = JSON.stringify(makePayload({ site }));
        requests.push({ body, header: await signatureOf(tablet, '/api/results', body) });
      }
      return requests;
    };
    // Warm-up: both paths, and every tablet's credential in the cache.
    await fire(url, unsigned().slice(0, 200));
    await fire(url, (await signed()).slice(0, 200));
    const openRates: number[] = [];
    const signedRates: number[] = [];
    for (let round = 0; round < 2; round++) {
      openRates.push(await fire(url, unsigned()));
      signedRates.push(await fire(url, await signed()));
    }
    const openRate = Math.max(...openRates);
    const signedRate = Math.max(...signedRates);
    rows.push({
      metric: `${name}: open uploads (results/s, best of 2)`,
      value: openRate.toFixed(0),
      budget: '—',
      pass: true,
    });
    rows.push({
      metric: `${name}: signed uploads of enrolled tablets (results/s, best of 2)`,
      value: `${signedRate.toFixed(0)} (${((signedRate / openRate) * 100).toFixed(0)} % of open)`,
      budget: `≥ ${SIGNED_SHARE * 100} % of open`,
      pass: signedRate >= SIGNED_SHARE * openRate,
    });

    // 60 tablets that reported their state, listed for the Verwaltung.
    for (const tablet of tablets) {
      const body = JSON.stringify({
        unsent: 1,
        lastBackupAt: new Date().toISOString(),
        appVersion: '0.1.0+bench',
      });
      const response = await fetch(`${url}/api/tablets/status`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-zaehltest-tablet': await signatureOf(tablet, '/api/tablets/status', body),
        },
        body,
      });
      if (response.status !== 200) throw new Error(`status answered ${response.status}`);
    }
    const password = 'bench-verwaltung-passwort';
    const hash = await hashPassword(password);
    const accounts = store.accounts;
    if (!accounts) throw new Error('no accounts');
    await accounts.setPassword(
      await accounts.addAccount({ name: 'bench', role: 'verwaltung', sites: 'alle' }, hash),
      hash,
      false,
    );
    const login = await fetch(`${url}/api/auswertung/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', password }),
    });
    const cookie = String(login.headers.get('set-cookie')).split(';')[0] as string;
    const times: number[] = [];
    for (let run = 0; run < LIST_RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${url}/api/verwaltung/tablets`, { headers: { cookie } });
      const listed = (await response.json()) as { sites: { tablets: unknown[] }[] };
      times.push(performance.now() - started);
      const count = listed.sites.reduce((sum, site) => sum + site.tablets.length, 0);
      if (count !== 60) throw new Error(`the list holds ${count} tablets, not 60`);
    }
    times.sort((a, b) => a - b);
    const worst = times.at(-1) as number;
    rows.push({
      metric: `${name}: /verwaltung list of 60 tablets (ms, median / worst of ${LIST_RUNS}; the database holds ${4 * uploads + 400} results)`,
      value: `${(times[LIST_RUNS / 2] as number).toFixed(1)} / ${worst.toFixed(1)}`,
      budget: `worst ≤ ${LIST_BUDGET_MS}`,
      pass: worst <= LIST_BUDGET_MS,
    });
  } finally {
    await app.close();
    await store.close();
    await cleanup();
  }
  return rows;
}

const rows: Row[] = [];
for (const backend of storeBackends) {
  if (!values.only.split(',').includes(backend.name) || backend.skip) continue;
  rows.push(...(await benchBackend(backend.name, () => backend.open())));
}
const width = Math.max(...rows.map((row) => row.metric.length));
for (const row of rows)
  console.log(
    `${row.metric.padEnd(width)}  ${row.value.padEnd(22)}  ${row.budget.padEnd(20)}  ${row.pass ? 'PASS' : 'OVER'}`,
  );
process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
