import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultStore } from '../db/index.ts';
import { type AuswertungApp, openAuswertungApp } from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { parseCsv } from '../testing/csv.ts';
import { makeResearchPayload } from '../testing/payload.ts';

const TOKEN = 'understanding-token-for-tests';

/**
 * 'Hat das Kind die Ansage verstanden?' (docs/product.md §39): one child (K7M3QX) tested twice,
 * understood 'teilweise' the first time and 'ja' the second; one child who did not understand; one
 * result of an older app without the field.
 */
const FIRST = makeResearchPayload({
  overrides: { childCode: 'K7M3QX', testDate: '2026-10-01', understanding: 'partly' },
});
const SECOND = makeResearchPayload({
  overrides: { childCode: 'K7M3QX', testDate: '2026-11-20', understanding: 'yes' },
});
const NOT_UNDERSTOOD = makeResearchPayload({ overrides: { language: '3', understanding: 'no' } });
const OLDER_APP = makeResearchPayload();

describe.each(storeBackends)(
  "the child's understanding on the results server, $name (docs/product.md §39)",
  (backend) => {
    let store: ResultStore;
    let auswertung: AuswertungApp | undefined;
    let app: FastifyInstance;
    let cookie: string;
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const total = async (query: string) => (await get(`/api/auswertung/overview${query}`)).json().total;

    beforeAll(async () => {
      if (backend.skip) return;
      expect(OLDER_APP).not.toHaveProperty('understanding');
      auswertung = await openAuswertungApp(backend, [FIRST, SECOND, NOT_UNDERSTOOD, OLDER_APP], TOKEN);
      ({ app, store, cookie } = auswertung);
    }, 120_000);

    afterAll(async () => {
      await auswertung?.close();
    });

    it.skipIf(backend.skip)(
      'stores the answer, gives it back in the JSON export, and keeps an older upload without it as unknown',
      async () => {
        const rows = (await get('/api/auswertung/results.json')).json() as Record<string, unknown>[];
        const byId = (id: string) => rows.find((row) => row.submissionId === id);
        expect(byId(FIRST.submissionId)?.understanding).toBe('partly');
        expect(byId(SECOND.submissionId)?.understanding).toBe('yes');
        expect(byId(NOT_UNDERSTOOD.submissionId)?.understanding).toBe('no');
        expect(byId(OLDER_APP.submissionId)).toBeDefined();
        expect(byId(OLDER_APP.submissionId)).not.toHaveProperty('understanding');
      },
    );

    it.skipIf(backend.skip)('refuses any other value, naming the field and the allowed ones', async () => {
      const before = await store.count();
      for (const understanding of ['ja', 'maybe', '', 1, null]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/results',
          payload: makeResearchPayload({ overrides: { understanding } }),
        });
        expect(response.statusCode, JSON.stringify(understanding)).toBe(400);
        expect(response.json().error).toBe("understanding: muss 'yes', 'partly' oder 'no' sein");
      }
      expect(await store.count()).toBe(before);
    });

    it.skipIf(backend.skip)(
      "writes 'Sprachverständnis' after the ended-early columns: ja, teilweise, nein, empty when unknown",
      async () => {
        const [header, ...rows] = parseCsv((await get('/api/auswertung/results.csv')).body) as [
          string[],
          ...string[][],
        ];
        expect(header.slice(-5, -2)).toEqual([
          'Vorzeitig beendet',
          'Bearbeitet bis Frage',
          'Sprachverständnis',
        ]);
        const cell = (id: string) =>
          rows.find((row) => row[header.indexOf('Einsendungs-ID')] === id)?.[
            header.indexOf('Sprachverständnis')
          ];
        expect(cell(FIRST.submissionId)).toBe('teilweise');
        expect(cell(SECOND.submissionId)).toBe('ja');
        expect(cell(NOT_UNDERSTOOD.submissionId)).toBe('nein');
        expect(cell(OLDER_APP.submissionId)).toBe('');
      },
    );

    it.skipIf(backend.skip)(
      "filters 'Sprachverständnis' through results, statistics and the Verlauf, and refuses an unknown value",
      async () => {
        expect(await total('')).toBe(4);
        expect(await total('?understanding=alle')).toBe(4);
        expect(await total('?understanding=ja')).toBe(1);
        expect(await total('?understanding=teilweise')).toBe(1);
        expect(await total('?understanding=nein')).toBe(1);
        expect(await total('?understanding=nein&language=2')).toBe(0);
        const csv = parseCsv((await get('/api/auswertung/results.csv?understanding=nein')).body);
        expect(csv).toHaveLength(2);
        const json = (await get('/api/auswertung/results.json?understanding=teilweise')).json();
        expect(json.map((row: { submissionId: string }) => row.submissionId)).toEqual([FIRST.submissionId]);
        expect((await get('/api/auswertung/levels?understanding=ja')).json().n).toBe(1);
        // Verlauf: the child's two tests differ in understanding; under either answer it has one test.
        expect((await get('/api/auswertung/progress?understanding=alle')).json().children).toBe(1);
        expect((await get('/api/auswertung/progress?understanding=ja')).json().children).toBe(0);
        expect((await get('/api/auswertung/progress?understanding=teilweise')).json().children).toBe(0);
        const refused = await get('/api/auswertung/overview?understanding=yes');
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toBe(
          'understanding: unbekannter Wert für „Sprachverständnis“: erlaubt sind „ja“, „teilweise“, „nein“ und „alle“',
        );
      },
    );
  },
);
