import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DifAnswer, ItemAnalysis, ItemsAnswer, Levels } from '../../schemas/auswertung-api.ts';
import { SCORED_QUESTION_IDS, SCORED_QUESTION_LEVELS } from '../../src/domain/facts.ts';
import { type AuswertungApp, openAuswertungApp } from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { makePayload } from '../testing/payload.ts';
import { DEFAULT_MIN_CHILDREN, minChildrenFromEnv } from './statistics.ts';

const TOKEN = 'per-child-token-for-tests';

/** Flags with the given points on levels 1, 2 and 3 (the first questions of each level correct). */
function withPoints(points: [number, number, number]): number[] {
  return ([1, 2, 3] as const).flatMap((level) =>
    SCORED_QUESTION_IDS.filter((id) => SCORED_QUESTION_LEVELS[id] === level).slice(0, points[level - 1]),
  );
}

/** A result with the given questions correct and the research fields that matter here. */
function payload(correct: readonly number[], overrides: Record<string, unknown>) {
  const flags = Object.fromEntries(SCORED_QUESTION_IDS.map((id) => [`question${id}`, correct.includes(id)]));
  return makePayload({
    ...flags,
    testDate: '2026-11-20',
    contentVersion: '0123456789ab',
    // With the parents' research consent, so that /auswertung counts it (docs/product.md §48).
    researchConsent: 'yes',
    ...overrides,
  });
}

/**
 * Eleven results of seven children (docs/product.md §24: a child is its Einrichtungskennung and
 * child code together; a result without a code is a child of its own), uploaded out of test order.
 */
const TESTS = [
  // site, code, language, test day, points per level
  ['KITA-001', 'AAAAA2', '2', '2026-11-10', [7, 7, 0]], // A's latest (level 3), uploaded first
  ['KITA-001', 'AAAAA2', '2', '2026-09-01', [2, 0, 0]], // A's first (level 1)
  ['KITA-002', 'AAAAA2', '2', '2026-09-02', [7, 2, 0]], // another Kita's child with the same code
  [undefined, 'BBBBB3', '2', '2026-09-03', [7, 7, 7]], // a code without a site: two tests, one day
  [undefined, 'BBBBB3', '2', '2026-09-03', [7, 0, 0]], // the later arrival is B's latest
  ['KITA-001', 'CCCCC4', '3', '2026-10-01', [7, 7, 7]],
  ['KITA-001', 'CCCCC4', '3', '2026-12-01', [7, 7, 7]],
  ['KITA-001', 'CCCCC4', '3', '2027-01-15', [1, 0, 0]],
  ['KITA-002', 'DDDDD5', '3', '2026-10-10', [7, 7, 2]],
  ['KITA-001', undefined, '2', '2026-09-05', [7, 7, 0]], // without a code: a child each
  ['KITA-001', undefined, '2', '2026-09-05', [7, 7, 0]],
] as const;

/** Level 1 question 1 solved: the children whose chosen test has at least one point on level 1. */
const FIRST_QUESTION = SCORED_QUESTION_IDS.find((id) => SCORED_QUESTION_LEVELS[id] === 1) as number;

describe.each(storeBackends)('statistics per child on $name', (backend) => {
  let auswertung: AuswertungApp | undefined;
  let app: FastifyInstance;
  let cookie: string;

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const items = async (query = '') => (await get(`/api/auswertung/items${query}`)).json() as ItemsAnswer;
  const group = (answer: ItemsAnswer, language: string | null) =>
    answer.groups.find((entry) => entry.language === language) as ItemAnalysis;
  const levels = async (query = '') => (await get(`/api/auswertung/levels${query}`)).json() as Levels;

  beforeAll(async () => {
    if (backend.skip) return;
    auswertung = await openAuswertungApp(
      backend,
      TESTS.map(([site, childCode, language, testDate, points]) =>
        payload(withPoints([...points] as [number, number, number]), {
          language,
          testDate,
          ...(site ? { site } : {}),
          ...(childCode ? { childCode } : {}),
        }),
      ),
      TOKEN,
    );
    ({ app, cookie } = auswertung);
  }, 120_000);

  afterAll(async () => {
    await auswertung?.close();
  });

  it.skipIf(backend.skip)('counts results in the overview and children in the statistics', async () => {
    expect((await get('/api/auswertung/overview')).json().total).toBe(11);
    const answer = await items();
    expect(answer).toMatchObject({ test: 'erster', minChildren: DEFAULT_MIN_CHILDREN });
    // A, A of the other Kita, B, the two without a code; C and D.
    expect(group(answer, null).n).toBe(7);
    expect(group(answer, '2').n).toBe(5);
    expect(group(answer, '3').n).toBe(2);
    expect(group(answer, '2').items.every((item) => item.n === 5)).toBe(true);
    expect((await levels()).n).toBe(7);
  });

  it.skipIf(backend.skip)('uses the first test by default and the latest with test=letzter', async () => {
    // First tests: A [2,0,0] → level 1, A' [7,2,0] → 2, B [7,7,7] (first arrival) → 4, two
    // without a code [7,7,0] → 3; C [7,7,7] → 4, D [7,7,2] → 3.
    expect((await levels()).byLanguage).toEqual([
      { language: '2', level: 1, n: 1 },
      { language: '2', level: 2, n: 1 },
      { language: '2', level: 3, n: 2 },
      { language: '2', level: 4, n: 1 },
      { language: '3', level: 3, n: 1 },
      { language: '3', level: 4, n: 1 },
    ]);
    expect(await levels('?test=erster')).toEqual(await levels());
    // Latest tests: A [7,7,0] → 3, A' → 2, B [7,0,0] → 2, the two without a code → 3; C [1,0,0]
    // → 1, D → 3.
    const latest = await levels('?test=letzter');
    expect(latest.test).toBe('letzter');
    expect(latest.byLanguage).toEqual([
      { language: '2', level: 2, n: 2 },
      { language: '2', level: 3, n: 3 },
      { language: '3', level: 1, n: 1 },
      { language: '3', level: 3, n: 1 },
    ]);
    // Level-3 points: first tests 0, 0, 7, 0, 0 (Turkish); latest 0, 0, 0, 0, 0.
    const level3 = SCORED_QUESTION_IDS.find((id) => SCORED_QUESTION_LEVELS[id] === 3) as number;
    const rate = (answer: ItemsAnswer, language: string, question: number) =>
      group(answer, language).items.find((item) => item.question === question)?.solutionRate;
    expect(rate(await items(), '2', level3)).toBeCloseTo(1 / 5, 10);
    expect(rate(await items('?test=letzter'), '2', level3)).toBe(0);
    // Arabic question 1: C's first solved, D solved; C's latest (1 point) solved too.
    expect(rate(await items(), '3', FIRST_QUESTION)).toBe(1);
  });

  it.skipIf(backend.skip)('takes the filtered tests of a child: its first within a date range', async () => {
    // From October on, A's first test is its November one; C's is its October one.
    const answer = await levels('?from=2026-10-01');
    expect(answer.n).toBe(3);
    expect(answer.byLanguage).toEqual([
      { language: '2', level: 3, n: 1 },
      { language: '3', level: 3, n: 1 },
      { language: '3', level: 4, n: 1 },
    ]);
  });

  it.skipIf(backend.skip)('keeps two Kitas’ children with one code apart', async () => {
    expect((await levels('?site=KITA-001')).n).toBe(4);
    expect((await levels('?site=KITA-002')).n).toBe(2);
    expect((await levels('?language=2')).n).toBe(5);
  });

  it.skipIf(backend.skip)('counts children in the DIF and warns below the threshold', async () => {
    const dif = (await get('/api/auswertung/dif')).json() as DifAnswer;
    expect(dif).toMatchObject({ test: 'erster', minChildren: DEFAULT_MIN_CHILDREN, reference: '2' });
    for (const row of dif.items) {
      expect(row.referenceN + row.focalN).toBeLessThanOrEqual(7);
      expect(row.fewChildren).toBe(true);
    }
    expect(group(await items(), null).fewChildren).toBe(true);
  });

  it.skipIf(backend.skip)('refuses an unknown test choice with a German message', async () => {
    const response = await get('/api/auswertung/items?test=zweiter');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'test: unbekannter Wert für „Tests je Kind“: erlaubt sind „erster“ und „letzter“',
    );
    expect((await get('/api/auswertung/levels?test=')).statusCode).toBe(200);
  });

  it.skipIf(backend.skip)('ignores the test choice in the counts and the download', async () => {
    expect((await get('/api/auswertung/overview?test=letzter')).json().total).toBe(11);
    const csv = await get('/api/auswertung/results.csv?test=letzter');
    expect(csv.statusCode).toBe(200);
    // The header and one line per result.
    expect(csv.body.trim().split('\n')).toHaveLength(12);
  });
});

describe.each(storeBackends)('the warning threshold on $name', (backend) => {
  const saved = process.env.MIN_CHILDREN_FOR_STATISTICS;
  afterEach(() => {
    if (saved === undefined) delete process.env.MIN_CHILDREN_FOR_STATISTICS;
    else process.env.MIN_CHILDREN_FOR_STATISTICS = saved;
  });

  it.skipIf(backend.skip)(
    'comes from MIN_CHILDREN_FOR_STATISTICS',
    async () => {
      process.env.MIN_CHILDREN_FOR_STATISTICS = '2';
      // Three children in Turkish, one in Arabic (it tested twice).
      const results = (
        [
          ['2', undefined],
          ['2', undefined],
          ['2', undefined],
          ['3', 'CCCCC4'],
          ['3', 'CCCCC4'],
        ] as const
      ).map(([language, childCode]) => payload([1, 2, 3], { language, ...(childCode ? { childCode } : {}) }));
      const own = await openAuswertungApp(backend, results, TOKEN);
      try {
        const answer = (await own.request('GET', '/api/auswertung/items')).json() as ItemsAnswer;
        expect(answer.minChildren).toBe(2);
        expect(answer.groups.map((entry) => [entry.language, entry.n, entry.fewChildren])).toEqual([
          [null, 4, false],
          ['2', 3, false],
          ['3', 1, true],
        ]);
      } finally {
        await own.close();
      }
    },
    120_000,
  );

  it('refuses a threshold that is not a whole number ≥ 1', () => {
    expect(minChildrenFromEnv({})).toBe(30);
    expect(minChildrenFromEnv({ MIN_CHILDREN_FOR_STATISTICS: '' })).toBe(30);
    expect(minChildrenFromEnv({ MIN_CHILDREN_FOR_STATISTICS: '50' })).toBe(50);
    for (const bad of ['0', '-3', '2.5', 'dreißig']) {
      expect(() => minChildrenFromEnv({ MIN_CHILDREN_FOR_STATISTICS: bad })).toThrow(
        /MIN_CHILDREN_FOR_STATISTICS muss eine ganze Zahl ≥ 1 sein/,
      );
    }
  });
});
