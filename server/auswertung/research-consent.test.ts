import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Progress } from '../../schemas/auswertung-api.ts';
import { buildServer } from '../app.ts';
import type { ResultStore } from '../db/index.ts';
import { type AuswertungApp, openAuswertungApp } from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { parseCsv } from '../testing/csv.ts';
import { makeResearchPayload } from '../testing/payload.ts';

const TOKEN = 'research-consent-token-for-tests';

/**
 * The parents' research consent (docs/product.md §48): child K7M3QX of KITA-1 tested twice with
 * consent, the same code at KITA-2 with consent, one result refused for research, one sent without a
 * recorded consent ('unknown') and one of an older app that does not send the field at all.
 */
const consented = (overrides: Record<string, unknown>) =>
  makeResearchPayload({ overrides: { childCode: 'K7M3QX', site: 'KITA-1', ...overrides } });
const FIRST = consented({ testDate: '2026-10-01' });
const SECOND = consented({ testDate: '2026-11-20' });
const OTHER_KITA = consented({ site: 'KITA-2', testDate: '2026-11-20' });
const REFUSED = makeResearchPayload({ overrides: { researchConsent: 'no', language: '3' } });
const UNKNOWN = makeResearchPayload({ overrides: { researchConsent: 'unknown', language: '3' } });
const { researchConsent: _none, ...OLDER_APP } = makeResearchPayload({ overrides: { language: '4' } });

describe.each(storeBackends)(
  'research consent on the results server, $name (docs/product.md §48)',
  (backend) => {
    let store: ResultStore;
    let auswertung: AuswertungApp | undefined;
    let app: FastifyInstance;
    let cookie: string;
    const get = (url: string, server = app, session = cookie) =>
      server.inject({ method: 'GET', url, headers: { cookie: session } });
    const total = async (server = app, session = cookie) =>
      (await get('/api/auswertung/overview', server, session)).json().total as number;
    const csv = async (url: string, headers: Record<string, string>) => {
      const [header, ...rows] = parseCsv((await app.inject({ method: 'GET', url, headers })).body) as [
        string[],
        ...string[][],
      ];
      const cell = (id: string) =>
        rows.find((row) => row[header.indexOf('Einsendungs-ID')] === id)?.[
          header.indexOf('Einwilligung Forschung')
        ];
      return { header, rows: rows.filter((row) => row.length > 1), cell };
    };
    const withdraw = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/consent-withdrawals', payload: payload as object });

    beforeAll(async () => {
      if (backend.skip) return;
      auswertung = await openAuswertungApp(
        backend,
        [FIRST, SECOND, OTHER_KITA, REFUSED, UNKNOWN, OLDER_APP],
        TOKEN,
      );
      ({ app, store, cookie } = auswertung);
    }, 120_000);

    afterAll(async () => {
      await auswertung?.close();
    });

    it.skipIf(backend.skip)(
      'leaves results without consent out of the statistics and the CSV and JSON download of /auswertung',
      async () => {
        expect(await total()).toBe(3);
        // Children: the code at KITA-1 and at KITA-2 are two (one code, two Kitas).
        expect((await get('/api/auswertung/levels')).json().n).toBe(2);
        const { rows, cell, header } = await csv('/api/auswertung/results.csv', { cookie });
        expect(header.at(-1)).toBe('Einwilligung Forschung');
        expect(rows).toHaveLength(3);
        for (const result of [FIRST, SECOND, OTHER_KITA]) expect(cell(result.submissionId)).toBe('ja');
        const json = (await get('/api/auswertung/results.json')).json() as {
          submissionId: string;
          researchConsent: string;
        }[];
        expect(json.map((row) => row.submissionId).sort()).toEqual(
          [FIRST, SECOND, OTHER_KITA].map((result) => result.submissionId).sort(),
        );
        expect(json.every((row) => row.researchConsent === 'yes')).toBe(true);
        // The Verlauf: the child of KITA-1 tested twice is there.
        expect(((await get('/api/auswertung/progress')).json() as Progress).children).toBe(1);
      },
    );

    it.skipIf(backend.skip)(
      "writes ja, nein and unbekannt (an older app's result too) into the token export's CSV",
      async () => {
        const { cell } = await csv('/api/results.csv', { authorization: `Bearer ${TOKEN}` });
        expect(cell(FIRST.submissionId)).toBe('ja');
        expect(cell(REFUSED.submissionId)).toBe('nein');
        expect(cell(UNKNOWN.submissionId)).toBe('unbekannt');
        expect(cell(OLDER_APP.submissionId)).toBe('unbekannt');
      },
    );

    it.skipIf(backend.skip)(
      "counts 'unbekannt' as consent with UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH, never a refusal",
      async () => {
        const lenient = await buildServer({
          db: store,
          exportToken: TOKEN,
          logLevel: false,
          rateLimit: false,
          unknownConsentCountsForResearch: true,
        });
        try {
          const login = await lenient.inject({
            method: 'POST',
            url: '/api/auswertung/login',
            payload: { token: TOKEN },
          });
          const session = String(login.headers['set-cookie']).split(';')[0] as string;
          expect(await total(lenient, session)).toBe(5);
          const json = (await get('/api/auswertung/results.json', lenient, session)).json() as {
            submissionId: string;
          }[];
          expect(json.map((row) => row.submissionId)).not.toContain(REFUSED.submissionId);
          expect(json.map((row) => row.submissionId)).toContain(OLDER_APP.submissionId);
        } finally {
          await lenient.close();
        }
      },
    );

    it.skipIf(backend.skip)('refuses another value of researchConsent, naming the field', async () => {
      const before = await store.count();
      for (const researchConsent of ['ja', 'true', true, null]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/results',
          payload: makeResearchPayload({ overrides: { researchConsent } }),
        });
        expect(response.statusCode, JSON.stringify(researchConsent)).toBe(400);
        expect(response.json().error).toBe("researchConsent: muss 'yes', 'no' oder 'unknown' sein");
      }
      expect(await store.count()).toBe(before);
    });

    it.skipIf(backend.skip)(
      "takes a withdrawn consent's results of that Kita out of research, once, and later uploads of before the withdrawal too",
      async () => {
        const withdrawal = { childCode: 'K7M3QX', site: 'KITA-1', withdrawnOn: '2026-11-25' };
        const first = await withdraw(withdrawal);
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json()).toEqual({ results: 2 });
        // Sent again (a lost answer): nothing more changes.
        expect((await withdraw(withdrawal)).json()).toEqual({ results: 0 });
        // Only the other Kita's result of the same code is left for research; the Verlauf lost the child.
        expect(await total()).toBe(1);
        expect(((await get('/api/auswertung/progress')).json() as Progress).children).toBe(0);
        const { cell } = await csv('/api/results.csv', { authorization: `Bearer ${TOKEN}` });
        expect([cell(FIRST.submissionId), cell(SECOND.submissionId), cell(OTHER_KITA.submissionId)]).toEqual([
          'nein',
          'nein',
          'ja',
        ]);
        // A result that waited in the tablet's outbox (tested before the withdrawal) arrives later with
        // its old 'yes': stored as 'no'. A test after a new consent keeps its 'yes'.
        const late = consented({ testDate: '2026-11-24' });
        const renewed = consented({ testDate: '2026-12-02' });
        for (const payload of [late, renewed])
          expect((await app.inject({ method: 'POST', url: '/api/results', payload })).statusCode).toBe(201);
        const after = await csv('/api/results.csv', { authorization: `Bearer ${TOKEN}` });
        expect(after.cell(late.submissionId)).toBe('nein');
        expect(after.cell(renewed.submissionId)).toBe('ja');
        expect(await total()).toBe(2);
      },
    );

    it.skipIf(backend.skip)('refuses a malformed withdrawal with a German message', async () => {
      const refused = [
        [{ childCode: 'k7', withdrawnOn: '2026-11-25' }, /^childCode: muss ein Kind-Code sein/],
        [{ childCode: 'K7M3QX' }, /^withdrawnOn: muss ein Datum JJJJ-MM-TT/],
        [{ childCode: 'K7M3QX', withdrawnOn: '2026-11-25', name: 'Ayşe' }, /name/],
      ] as const;
      for (const [payload, message] of refused) {
        const response = await withdraw(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error).toMatch(message);
      }
    });

    it.skipIf(backend.skip)('takes a withdrawal from another origin, as the upload does', async () => {
      const preflight = await app.inject({ method: 'OPTIONS', url: '/api/consent-withdrawals' });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toBe('POST');
      const response = await withdraw({ childCode: 'P4W9ZT', withdrawnOn: '2026-11-25' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    });
  },
);
