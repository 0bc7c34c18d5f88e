import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import type { ResultStore } from './db/index.ts';
import { storeBackends } from './testing/backends.ts';
import { parseCsv } from './testing/csv.ts';
import { makePayload } from './testing/payload.ts';

const TOKEN = 'export-token-for-site-tests';

/** The 'Einrichtungskennung' (`site`): validated, stored and exported (docs/deploy.md). */
describe.each(storeBackends)('Einrichtungskennung on $name', (backend) => {
  let store: ResultStore;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  const post = (body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/results',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    if (backend.skip) return;
    ({ store, cleanup } = await backend.open());
    app = await buildServer({ db: store, exportToken: TOKEN, logLevel: false });
  }, 120_000);

  afterAll(async () => {
    if (backend.skip) return;
    await app?.close();
    await store?.close();
    await cleanup?.();
  });

  it.skipIf(backend.skip)(
    'refuses anything but letters, digits and "-" up to 20 with 400, storing nothing',
    async () => {
      const before = await store.count();
      for (const site of [
        '=1+1',
        '-KITA',
        '+49',
        '@SUM',
        'KITA 017',
        'KITA_017',
        'Kita-Ä',
        'A'.repeat(21),
        '',
        17,
      ]) {
        const response = await post(makePayload({ site }));
        expect(response.statusCode, JSON.stringify(site)).toBe(400);
        expect(response.json().error).toMatch(/^site: /);
      }
      expect(await store.count()).toBe(before);
    },
  );

  it.skipIf(backend.skip)('stores the code and exports it in the CSV column and the JSON', async () => {
    const withSite = makePayload({ site: 'KITA-017' });
    const longest = makePayload({ site: `K${'9'.repeat(19)}` });
    const without = makePayload();
    for (const payload of [withSite, longest, without]) expect((await post(payload)).statusCode).toBe(201);

    const csv = await get('/api/results.csv');
    const [header, ...rows] = parseCsv(csv.rawPayload.subarray(3).toString('utf8'));
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(column('Einrichtungskennung')).toBeGreaterThan(-1);
    const siteOf = (id: string) =>
      rows.find((row) => row[column('Einsendungs-ID')] === id)?.[column('Einrichtungskennung')];
    expect(siteOf(withSite.submissionId)).toBe('KITA-017');
    expect(siteOf(longest.submissionId)).toBe(`K${'9'.repeat(19)}`);
    expect(siteOf(without.submissionId)).toBe('');

    const json = (await get('/api/results.json')).json() as { submissionId: string; site?: string }[];
    expect(json.find((row) => row.submissionId === withSite.submissionId)?.site).toBe('KITA-017');
    expect(json.find((row) => row.submissionId === without.submissionId)).not.toHaveProperty('site');
  });
});
