import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bilingual } from '../../schemas/auswertung-api.ts';
import type { ResultPayload } from '../../schemas/result-payload.ts';
import { PAIR_DAYS } from '../../src/children/bilingual.ts';
import { migrate } from '../db/migrate.ts';
import { createResearchStore } from '../db/research.ts';
import { createResultStore } from '../db/result-store.ts';
import type { Session } from '../db/types.ts';
import { GERMAN_RESULT_CODE } from '../languages.ts';
import { type AuswertungApp, openAuswertungApp } from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { parseCsv } from '../testing/csv.ts';
import { correctForPoints, makeResearchPayload } from '../testing/payload.ts';

const TOKEN = 'bilingual-token-for-tests';
const GERMAN = GERMAN_RESULT_CODE as string;

/** Points that give assigned level 1, 2, 3 or 4 ('größer 3'): 5 of 7 reach a level. */
const POINTS_OF_LEVEL = { 1: [0, 0, 0], 2: [5, 0, 0], 3: [5, 5, 0], 4: [5, 5, 5] } as const;

function test(
  childCode: string,
  language: string,
  testDate: string,
  level: keyof typeof POINTS_OF_LEVEL,
  extra: Partial<Record<keyof ResultPayload, unknown>> = {},
): ResultPayload {
  return makeResearchPayload({
    correct: correctForPoints(POINTS_OF_LEVEL[level]),
    overrides: { childCode, language, testDate, ...extra },
  });
}

/**
 * Bilingual pairs (docs/product.md §44), uploaded in this order (so ids rise down the list):
 * K7M3QX Turkish and German exactly PAIR_DAYS apart (a pair, German higher); P4R8TZ one day more (none);
 * B2C5DW the German test ended early (none); H6J9NY a Turkish test between two German ones 10 days
 * either side (its partner the later) and one more German test (its first pair: the first German
 * test and the Turkish one, German lower); R5S6T7 the same code at two Kitas (none); N3M4K5 Arabic
 * and German a few days apart (the same level 'größer 3'); W7X8Y9 Romanian, a German test ended early
 * the next day and one run to its end 19 days later (the partner: the one run to its end).
 */
const T = {
  turkish1: test('K7M3QX', '2', '2026-09-01', 2),
  german1: test('K7M3QX', GERMAN, '2026-10-27', 3),
  arabic2: test('P4R8TZ', '3', '2026-09-01', 2),
  german2: test('P4R8TZ', GERMAN, '2026-10-28', 2),
  romanian3: test('B2C5DW', '4', '2026-09-01', 2),
  german3: test('B2C5DW', GERMAN, '2026-09-10', 1, { endedEarly: { reason: 'unwilling', lastQuestion: 23 } }),
  germanEarly4: test('H6J9NY', GERMAN, '2026-09-10', 1),
  turkish4: test('H6J9NY', '2', '2026-09-20', 2),
  germanLater4: test('H6J9NY', GERMAN, '2026-09-30', 3),
  germanLast4: test('H6J9NY', GERMAN, '2026-10-10', 3),
  turkish5: test('R5S6T7', '2', '2026-09-01', 2, { site: 'KITA-001' }),
  german5: test('R5S6T7', GERMAN, '2026-09-02', 2, { site: 'KITA-002' }),
  arabic6: test('N3M4K5', '3', '2026-11-01', 4),
  german6: test('N3M4K5', GERMAN, '2026-11-05', 4),
  romanian7: test('W7X8Y9', '4', '2026-10-01', 2),
  germanEnded7: test('W7X8Y9', GERMAN, '2026-10-02', 1, {
    endedEarly: { reason: 'disturbance', lastQuestion: 23 },
  }),
  germanLater7: test('W7X8Y9', GERMAN, '2026-10-20', 2),
};

describe.each(storeBackends)(
  'bilingual pairs on the results server, $name (docs/product.md §44)',
  (backend) => {
    let auswertung: AuswertungApp | undefined;
    const minChildren = process.env.MIN_CHILDREN_FOR_STATISTICS;
    const get = (url: string) => (auswertung as AuswertungApp).request('GET', url);
    const section = async (query = '') =>
      (await get(`/api/auswertung/bilingual${query}`)).json() as Bilingual;
    /** Per group: language, n, higher, same, lower, mean home level, mean German level. */
    const rows = (answer: Bilingual) =>
      answer.groups.map((group) => [
        group.language,
        group.n,
        group.higher,
        group.same,
        group.lower,
        group.meanHome,
        group.meanGerman,
      ]);

    beforeAll(async () => {
      if (backend.skip) return;
      expect(PAIR_DAYS).toBe(56);
      process.env.MIN_CHILDREN_FOR_STATISTICS = '2';
      auswertung = await openAuswertungApp(backend, Object.values(T), TOKEN);
    }, 120_000);

    afterAll(async () => {
      if (minChildren === undefined) delete process.env.MIN_CHILDREN_FOR_STATISTICS;
      else process.env.MIN_CHILDREN_FOR_STATISTICS = minChildren;
      await auswertung?.close();
    });

    it.skipIf(backend.skip)(
      "writes each result's partner into the CSV column 'Sprachpaar' (before 'Einwilligung Forschung') and the JSON export",
      async () => {
        const [header, ...lines] = parseCsv((await get('/api/auswertung/results.csv')).body) as [
          string[],
          ...string[][],
        ];
        expect(header.slice(-2)).toEqual(['Sprachpaar', 'Einwilligung Forschung']);
        const id = header.indexOf('Einsendungs-ID');
        const pair = header.indexOf('Sprachpaar');
        const partners = Object.fromEntries(
          lines.filter((line) => line.length > 1).map((line) => [line[id], line[pair]]),
        );
        const partnerOf = (payload: ResultPayload) => partners[payload.submissionId];
        // Within PAIR_DAYS, each the other's partner.
        expect(partnerOf(T.turkish1)).toBe(T.german1.submissionId);
        expect(partnerOf(T.german1)).toBe(T.turkish1.submissionId);
        // A day more, with a test ended early, or at another Kita: none.
        for (const alone of [T.arabic2, T.german2, T.romanian3, T.german3, T.turkish5, T.german5])
          expect(partnerOf(alone)).toBe('');
        // As near on either side: the later; each German test's nearest is the one Turkish test.
        expect(partnerOf(T.turkish4)).toBe(T.germanLater4.submissionId);
        for (const german of [T.germanEarly4, T.germanLater4, T.germanLast4])
          expect(partnerOf(german)).toBe(T.turkish4.submissionId);
        expect(partnerOf(T.arabic6)).toBe(T.german6.submissionId);
        expect(partnerOf(T.romanian7)).toBe(T.germanLater7.submissionId);
        expect(partnerOf(T.germanLater7)).toBe(T.romanian7.submissionId);
        expect(partnerOf(T.germanEnded7)).toBe('');

        const json = (await get('/api/auswertung/results.json')).json() as Record<string, unknown>[];
        const stored = (payload: ResultPayload) =>
          json.find((row) => row.submissionId === payload.submissionId);
        expect(stored(T.german6)?.bilingualPartner).toBe(T.arabic6.submissionId);
        expect(stored(T.german2)).not.toHaveProperty('bilingualPartner');
      },
    );

    it.skipIf(backend.skip)(
      "counts per home language the children with a pair, their first pair's levels compared, and the means",
      async () => {
        const answer = await section();
        expect(answer).toMatchObject({ german: GERMAN, pairDays: PAIR_DAYS, minChildren: 2 });
        // Turkish: K7M3QX 2 → 3 (higher), H6J9NY 2 → 1 (its first pair: the German test of 10 September).
        // Arabic: N3M4K5 größer 3 (4) in both. Romanian: W7X8Y9 2 in both (not the German test ended early).
        expect(rows(answer)).toEqual([
          ['2', 2, 1, 0, 1, 2, 2],
          ['3', 1, 0, 1, 0, 4, 4],
          ['4', 1, 0, 1, 0, 2, 2],
          [null, 4, 1, 2, 1, 2.5, 2.5],
        ]);
        expect(answer.groups.map((group) => group.fewChildren)).toEqual([false, true, true, false]);
      },
    );

    it.skipIf(backend.skip)(
      'honours the filters: both tests must pass, the language one picks the home language',
      async () => {
        // From 15 September: K7M3QX's Turkish test is left out, so its pair is; H6J9NY keeps the pair of
        // its Turkish test (German level 3).
        expect(rows(await section('?from=2026-09-15'))).toEqual([
          ['2', 1, 1, 0, 0, 2, 3],
          ['3', 1, 0, 1, 0, 4, 4],
          ['4', 1, 0, 1, 0, 2, 2],
          [null, 3, 1, 2, 0, 8 / 3, 3],
        ]);
        expect(rows(await section('?language=3'))).toEqual([
          ['3', 1, 0, 1, 0, 4, 4],
          [null, 1, 0, 1, 0, 4, 4],
        ]);
        // German is one side of every pair.
        expect((await section(`?language=${GERMAN}`)).groups.at(-1)?.n).toBe(4);
        // Tests ended early never form pairs.
        expect(rows(await section('?ended=nur'))).toEqual([[null, 0, 0, 0, 0, null, null]]);
        expect((await section('?ended=ohne')).groups.at(-1)?.n).toBe(4);
        expect((await section('?site=KITA-001')).groups.at(-1)?.n).toBe(0);
        expect((await get('/api/auswertung/bilingual?ended=vielleicht')).statusCode).toBe(400);
      },
    );
  },
);

describe('bilingual pairs read in chunks of child codes, as on PGlite', () => {
  it('gives the same counts as one query, for every filter', async () => {
    const lite = await PGlite.create();
    try {
      const session: Session = {
        query: async <Row>(text: string, params?: unknown[]) => (await lite.query<Row>(text, params)).rows,
        exec: async (script: string) => void (await lite.exec(script)),
      };
      await migrate(session);
      const store = createResultStore({
        kind: 'pglite',
        db: session,
        maxConcurrentBatches: 1,
        close: async () => {},
      });
      for (const payload of Object.values(T)) await store.insertResult(payload);
      const whole = createResearchStore(session);
      // About two results per chunk: a chunk takes every test of its last child code, so most
      // children get a chunk of their own.
      const chunked = createResearchStore(session, { progressChunkRows: 2 });
      for (const filter of [
        {},
        { from: '2026-09-15' },
        { language: '3' },
        { language: GERMAN },
        { ended: 'nur' as const },
      ]) {
        const expected = await whole.bilingualPairs(filter);
        const sorted = (rows: typeof expected) =>
          [...rows].sort((a, b) => a.language.localeCompare(b.language));
        expect(sorted(await chunked.bilingualPairs(filter)), JSON.stringify(filter)).toEqual(
          sorted(expected),
        );
      }
      expect((await whole.bilingualPairs({})).reduce((sum, row) => sum + row.n, 0)).toBe(4);
    } finally {
      await lite.close();
    }
  });
});
