import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuswertungApp, openAuswertungApp } from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { parseCsv } from '../testing/csv.ts';
import { correctForPoints, makeResearchPayload } from '../testing/payload.ts';

const TOKEN = 'unusual-profile-token-for-tests';

/** A result with these points on levels 1–3. */
const withPoints = (points: [number, number, number], overrides: Record<string, unknown> = {}) =>
  makeResearchPayload({ correct: correctForPoints(points), overrides });

/**
 * Every profile at the 65 % line (4 or 5 of 7 on each level), Turkish and Arabic in turn: four are
 * unusual ([4,5,4], [4,4,5], [5,4,5], [4,5,5]). And one child (K7M3QX) tested twice: level 1 at 1 of 7
 * with levels 2 and 3 at 7 of 7, then every level reached.
 */
const EDGES = [0, 1, 2, 3, 4, 5, 6, 7].map((bits) =>
  withPoints([4 + (bits & 1), 4 + ((bits >> 1) & 1), 4 + ((bits >> 2) & 1)], {
    language: bits % 2 === 0 ? '2' : '3',
  }),
);
const FIRST = withPoints([1, 7, 7], { childCode: 'K7M3QX', testDate: '2026-10-01', language: '2' });
const SECOND = withPoints([7, 7, 7], { childCode: 'K7M3QX', testDate: '2026-11-20', language: '2' });

describe.each(storeBackends)('unusual profiles on /auswertung, $name (docs/product.md §28)', (backend) => {
  let auswertung: AuswertungApp | undefined;
  const get = (url: string) => (auswertung as AuswertungApp).request('GET', url);
  const csv = async (query: string) => {
    const [header, ...rows] = parseCsv((await get(`/api/auswertung/results.csv${query}`)).body) as [
      string[],
      ...string[][],
    ];
    const column = header.indexOf('Ungewöhnliches Profil');
    return rows.map((row) => row[column]);
  };

  beforeAll(async () => {
    if (backend.skip) return;
    auswertung = await openAuswertungApp(backend, [...EDGES, FIRST, SECOND], TOKEN);
  }, 120_000);

  afterAll(async () => {
    await auswertung?.close();
  });

  it.skipIf(backend.skip)(
    "counts them per language, as the CSV's 'Ungewöhnliches Profil' marks them",
    async () => {
      const overview = (await get('/api/auswertung/overview')).json();
      // Turkish: [4,5,4], [4,4,5], [4,5,5] and K7M3QX's first test; Arabic: [5,4,5].
      expect(overview.unusualProfiles).toEqual([
        { language: '2', n: 4 },
        { language: '3', n: 1 },
      ]);
      // Under the other filters, whatever 'Profil' says.
      expect((await get('/api/auswertung/overview?profile=ohne&language=3')).json().unusualProfiles).toEqual([
        { language: '3', n: 1 },
      ]);
      // The SQL flag and the CSV's rule agree on every row at the 65 % line.
      const marked = await csv('');
      expect(marked.filter((cell) => cell !== '').length).toBe(5);
      expect((await csv('?profile=nur')).sort()).toEqual(['1', '1', '1', '1 2', '2']);
      expect((await csv('?profile=ohne')).every((cell) => cell === '')).toBe(true);
    },
  );

  it.skipIf(backend.skip)(
    "filters 'Profil' through the overview, items, levels, Verlauf and downloads",
    async () => {
      const total = async (query: string) => (await get(`/api/auswertung/overview${query}`)).json().total;
      expect(await total('')).toBe(10);
      expect(await total('?profile=alle')).toBe(10);
      expect(await total('?profile=nur')).toBe(5);
      expect(await total('?profile=ohne')).toBe(5);
      // Statistics count children: K7M3QX's first test is unusual, its second is not.
      expect((await get('/api/auswertung/levels?profile=nur')).json().n).toBe(5);
      expect((await get('/api/auswertung/levels?profile=ohne')).json().n).toBe(5);
      const items = (await get('/api/auswertung/items?profile=nur')).json();
      expect(JSON.stringify(items)).toContain('"n":5');
      // The assigned level keeps its rule: [4,5,4] is level 3; [4,4,5], [4,5,5], [1,7,7] 'größer 3'.
      const levels = (await get('/api/auswertung/levels?profile=nur&language=2')).json();
      expect(levels.byLanguage).toEqual([
        { language: '2', level: 3, n: 1 },
        { language: '2', level: 4, n: 3 },
      ]);
      // Verlauf: with either choice the child has one test only.
      expect((await get('/api/auswertung/progress?profile=alle')).json().children).toBe(1);
      expect((await get('/api/auswertung/progress?profile=nur')).json().children).toBe(0);
      expect((await get('/api/auswertung/progress?profile=ohne')).json().children).toBe(0);
      expect(await csv('?profile=nur')).toHaveLength(5);
      const json = (await get('/api/auswertung/results.json?profile=ohne')).json() as {
        submissionId: string;
      }[];
      expect(json.map((row) => row.submissionId)).toContain(SECOND.submissionId);
      expect(json.map((row) => row.submissionId)).not.toContain(FIRST.submissionId);
    },
  );

  it.skipIf(backend.skip)(
    'refuses an unknown value with a German message naming the allowed ones',
    async () => {
      for (const url of [
        '/api/auswertung/overview?profile=ja',
        '/api/auswertung/results.csv?profile=unusual',
      ]) {
        const refused = await get(url);
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json().error).toBe(
          'profile: unbekannter Wert für „Profil“: erlaubt sind „alle“, „nur“ (nur ungewöhnliche) und „ohne“ (ohne ungewöhnliche)',
        );
      }
    },
  );
});
