import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuskunftAnswer, ProtokollAnswer, ProtokollChildAnswer } from '../../schemas/auswertung-api.ts';
import { berlinDay } from '../db/retention.ts';
import { CSV_HEADERS } from '../export.ts';
import {
  type AccountSession,
  type AuswertungApp,
  openAuswertungApp,
  signInAs,
} from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { parseCsv } from '../testing/csv.ts';
import { makeResearchPayload } from '../testing/payload.ts';

const TOKEN = 'protokoll-token-for-tests-0123456789';
const CODE = 'KQ7MX4';
const OTHER = 'RT3PW9';
const SUBMISSION = '0f8e2b1c-7d4a-4e3b-9c2d-5a6b7c8d9e0f';
const PAYLOADS = [
  makeResearchPayload({ overrides: { childCode: CODE } }),
  makeResearchPayload({ overrides: { childCode: CODE, testDate: '2026-03-02' } }),
  makeResearchPayload({ overrides: { childCode: OTHER } }),
  makeResearchPayload({ overrides: { submissionId: SUBMISSION } }),
];

describe.each(storeBackends)('the Protokoll on $name (docs/product.md §46)', (backend) => {
  let api: AuswertungApp;
  /** The Protokoll is the Verwaltung's to read (docs/product.md §47). */
  let verwaltung: AccountSession;
  const logged: string[] = [];
  const protokoll = async (query = '') => {
    const response = await verwaltung.request('GET', `/api/auswertung/protokoll${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProtokollAnswer;
  };

  beforeAll(async () => {
    if (backend.skip) return;
    api = await openAuswertungApp(backend, PAYLOADS, TOKEN, {
      logLevel: 'warn',
      logStream: { write: (line: string) => logged.push(line) },
    });
    verwaltung = await signInAs(api.app, api.store, { name: 'chef', role: 'verwaltung', sites: 'alle' });
  });
  afterAll(async () => api?.close());

  it.skipIf(backend.skip)(
    'records logins, a failed one, exports by page and by script, and deletions, newest first',
    async () => {
      const { app } = api;
      const failed = await app.inject({
        method: 'POST',
        url: '/api/auswertung/login',
        payload: { token: 'guessed-wrong-token' },
      });
      expect(failed.statusCode).toBe(401);
      expect(
        (await api.request('GET', '/api/auswertung/results.csv?language=2&from=2026-01-01')).statusCode,
      ).toBe(200);
      const script = await app.inject({
        method: 'GET',
        url: '/api/results.json',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(script.statusCode).toBe(200);
      expect((await api.request('DELETE', `/api/auswertung/child-results?childCode=${CODE}`)).json()).toEqual(
        {
          deleted: 2,
        },
      );
      const bySubmission = await api.request('DELETE', `/api/auswertung/results/${SUBMISSION}`);
      expect(bySubmission.statusCode).toBe(204);
      const byScript = await app.inject({
        method: 'DELETE',
        url: `/api/results?childCode=${OTHER.toLowerCase()}`,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(byScript.json()).toEqual({ deleted: 1 });

      const answer = await protokoll();
      expect(answer.total).toBe(8);
      expect(answer.months).toBe(24);
      expect(
        answer.entries.map(({ kindLabel, actor, count, detail }) => [kindLabel, actor, count, detail]),
      ).toEqual([
        ['Löschung', 'Zugangsschlüssel EXPORT_TOKEN (Skript)', 1, 'alle Ergebnisse eines Kind-Codes'],
        ['Löschung', 'Zugangsschlüssel EXPORT_TOKEN (/auswertung)', 1, 'ein Ergebnis (Einsendungs-ID)'],
        ['Löschung', 'Zugangsschlüssel EXPORT_TOKEN (/auswertung)', 2, 'alle Ergebnisse eines Kind-Codes'],
        ['Export', 'Zugangsschlüssel EXPORT_TOKEN (Skript)', null, 'JSON, alle Ergebnisse'],
        [
          'Export',
          'Zugangsschlüssel EXPORT_TOKEN (/auswertung)',
          null,
          'CSV, Filter: Testdatum von: 2026-01-01, Sprachcode: 2',
        ],
        ['Fehlversuch', 'unbekannt', null, 'falscher Zugangsschlüssel'],
        ['Anmeldung', 'chef (Verwaltung)', null, ''],
        ['Anmeldung', 'Zugangsschlüssel EXPORT_TOKEN (/auswertung)', null, ''],
      ]);
      for (const entry of answer.entries) expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 600_000);

      // Never a token, a password tried, or a child code: not in the answer, the CSV or the log.
      const csv = await verwaltung.request('GET', '/api/auswertung/protokoll.csv');
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual(['Zeit', 'Art', 'Wer', 'Anzahl', 'Angabe']);
      expect(rows.slice(1).map((row) => row[1])).toEqual(answer.entries.map((entry) => entry.kindLabel));
      expect(rows[1]?.[0]).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
      for (const text of [JSON.stringify(answer), csv.body, logged.join('')]) {
        for (const secret of [
          TOKEN,
          'guessed-wrong-token',
          CODE,
          OTHER,
          OTHER.toLowerCase(),
          verwaltung.password,
        ])
          expect(text).not.toContain(secret);
      }
      // Deletions are in the server's log at its default level (warn), with their count.
      expect(logged.filter((line) => line.includes('deleted on request'))).toHaveLength(3);
    },
  );

  it.skipIf(backend.skip)(
    "confirms a parent's deletion request by the code alone, and filters by kind and day",
    async () => {
      const confirm = async (code: string) =>
        (
          (
            await verwaltung.request('GET', `/api/auswertung/protokoll/child-code?childCode=${code}`)
          ).json() as ProtokollChildAnswer
        ).deletions.map((entry) => [entry.kindLabel, entry.count]);
      expect(await confirm(CODE)).toEqual([['Löschung', 2]]);
      // Written as read out over the phone.
      expect(await confirm(` ${CODE.toLowerCase()} `)).toEqual([['Löschung', 2]]);
      expect(await confirm(OTHER)).toEqual([['Löschung', 1]]);
      expect(await confirm('ZZZZZ2')).toEqual([]);

      expect((await protokoll('?kind=export')).entries.map((entry) => entry.kind)).toEqual([
        'export',
        'export',
      ]);
      const today = berlinDay(new Date());
      expect((await protokoll(`?from=${today}&to=${today}&kind=`)).total).toBeGreaterThanOrEqual(7);
      // A day is a day of EXPORT_TIME_ZONE, not of the database session: the same entries are on
      // another date at UTC+14 than at UTC-11.
      const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
      const kiritimati = dayIn('Pacific/Kiritimati');
      const research = api.store.research;
      const count = (timeZone: string) =>
        research?.countProtokoll({ from: kiritimati, to: kiritimati, timeZone });
      expect(await count('Pacific/Kiritimati')).toBeGreaterThanOrEqual(7);
      expect(await count('Pacific/Pago_Pago')).toBe(0);
      expect((await protokoll('?to=2000-01-01')).total).toBe(0);
      for (const query of ['?kind=nothing', '?from=1899-12-31', '?from=2026-02-01&to=2026-01-01', '?x=1']) {
        const refused = await verwaltung.request('GET', `/api/auswertung/protokoll${query}`);
        expect(refused.statusCode, query).toBe(400);
        expect(refused.json().error, query).toBeTruthy();
      }
      // Without a session: nothing; with Forschung's (EXPORT_TOKEN): not the Protokoll.
      for (const url of [
        '/api/auswertung/protokoll',
        '/api/auswertung/protokoll.csv',
        `/api/auswertung/protokoll/child-code?childCode=${CODE}`,
      ]) {
        expect((await api.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
        expect((await api.request('GET', url)).statusCode, url).toBe(403);
      }
    },
  );

  it.skipIf(backend.skip)(
    'gives a parent the Auskunft: every result of the code, readable and whole, and its deletions; recorded',
    async () => {
      const kept = makeResearchPayload({ overrides: { childCode: 'HX4N7P', site: 'KITA-017' } });
      expect((await api.app.inject({ method: 'POST', url: '/api/results', payload: kept })).statusCode).toBe(
        201,
      );
      const auskunft = async (code: string) => {
        const response = await verwaltung.request('GET', `/api/auswertung/auskunft?childCode=${code}`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        return response.json() as AuskunftAnswer;
      };
      const held = await auskunft('hx4n7p');
      expect(held.childCode).toBe('HX4N7P');
      expect(held.results).toHaveLength(1);
      expect(held.results[0]).toMatchObject({
        submissionId: kept.submissionId,
        childCode: 'HX4N7P',
        site: 'KITA-017',
      });
      expect(held.readable[0]?.map((cell) => cell.header)).toEqual(CSV_HEADERS);
      expect(held.readable[0]?.find((cell) => cell.header === 'Einrichtungskennung')?.value).toBe('KITA-017');
      expect(held.deletions).toEqual([]);
      // A code whose results were deleted on request: nothing held, and the deletion shown.
      const deleted = await auskunft(CODE);
      expect(deleted.results).toEqual([]);
      expect(deleted.deletions.map((entry) => [entry.kindLabel, entry.count])).toEqual([['Löschung', 2]]);
      expect(
        (await protokoll('?kind=auskunft')).entries.map(({ kindLabel, count, detail }) => [
          kindLabel,
          count,
          detail,
        ]),
      ).toEqual([
        ['Auskunft', 0, 'Auskunft zu einem Kind-Code (Art. 15 DSGVO)'],
        ['Auskunft', 1, 'Auskunft zu einem Kind-Code (Art. 15 DSGVO)'],
      ]);
      expect(JSON.stringify(await protokoll())).not.toContain('HX4N7P');
      expect(
        (await api.app.inject({ method: 'GET', url: `/api/auswertung/auskunft?childCode=${CODE}` }))
          .statusCode,
      ).toBe(401);
      expect(
        (await verwaltung.request('GET', '/api/auswertung/auskunft?childCode=nicht-ein-code')).statusCode,
      ).toBe(400);
    },
  );

  it.skipIf(backend.skip)('keeps the entries of the last PROTOKOLL_MONTHS only', async () => {
    const research = api.store.research;
    if (!research) throw new Error('no research store');
    const total = (await protokoll()).total;
    const inMonths = (months: number) => {
      const date = new Date();
      date.setUTCMonth(date.getUTCMonth() + months);
      return date;
    };
    expect(await research.pruneProtokoll(24, inMonths(23))).toBe(0);
    expect((await protokoll()).total).toBe(total);
    expect(await research.pruneProtokoll(24, inMonths(25))).toBe(total);
    expect((await protokoll()).total).toBe(0);
  });
});
