import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORED_QUESTION_IDS } from '../../src/domain/facts.ts';
import { resultSound } from '../result-sound.ts';
import { type AuswertungApp, openAuswertungApp } from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { parseCsv } from '../testing/csv.ts';
import { makePayload, makeResearchPayload } from '../testing/payload.ts';
import type { ItemAnalysis } from './statistics.ts';

const TOKEN = 'site-sound-token-for-tests';

type Source = 'recording' | 'synthesis' | 'none';

/**
 * A result of the current shape whose prompts came from `sources` (by question id; `fallback` for
 * the others, undefined = no prompt detail) and whose `noAnswer` ids were answered 'Weiß nicht'.
 */
function result(options: {
  language: '2' | '3' | '4';
  site?: string;
  fallback?: Source;
  sources?: Record<number, Source>;
  noAnswer?: number[];
}) {
  const noAnswer = new Set(options.noAnswer ?? []);
  // The odd ids correct (as makeResearchPayload), never one answered 'Weiß nicht'.
  const correct = SCORED_QUESTION_IDS.filter((id) => id % 2 === 1 && !noAnswer.has(id));
  const base = makeResearchPayload({ correct, overrides: { language: options.language } });
  return {
    ...base,
    ...(options.site ? { site: options.site } : {}),
    answers: SCORED_QUESTION_IDS.map((id) => {
      const source = options.sources?.[id] ?? options.fallback;
      return {
        question: id,
        given: noAnswer.has(id) ? '' : correct.includes(id) ? String(id) : '0',
        responseTimeMs: 1000 + id,
        ...(source ? { prompt: { source, replays: 0 } } : {}),
        ...(noAnswer.has(id) ? { noAnswer: true as const } : {}),
      };
    }),
  };
}

/**
 * The data set, hand-made: per result its site, how it was heard and its 'Weiß nicht' answers.
 * Turkish: 3 results, question 23 without answer twice (2 of 3), question 13 once (1 of 3).
 */
const RESULTS = [
  result({ language: '2', site: 'KITA-001', fallback: 'synthesis', noAnswer: [23] }),
  result({ language: '2', site: 'KITA-001', fallback: 'none', noAnswer: [13, 23] }),
  result({ language: '2', site: 'KITA-002', fallback: 'recording' }),
  // Arabic: mixed (some prompts recorded, the others not spoken) → 'mit Ton'.
  result({ language: '3', site: 'KITA-002', fallback: 'none', sources: { 1: 'recording' }, noAnswer: [1] }),
  // Arabic, silent, without a site.
  result({ language: '3', fallback: 'none' }),
  // Romanian, details without any prompt (sound unknown) and no site.
  result({ language: '4' }),
];

describe.each(storeBackends)("/auswertung filters 'Einrichtungskennung' and 'Ton' on $name", (backend) => {
  let auswertung: AuswertungApp | undefined;
  let app: FastifyInstance;
  let cookie: string;

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const total = async (query: string) => (await get(`/api/auswertung/overview${query}`)).json().total;

  beforeAll(async () => {
    if (backend.skip) return;
    auswertung = await openAuswertungApp(
      backend,
      [
        ...RESULTS,
        // A result of the first shape: no details at all (sound unknown), no site.
        makePayload({ language: '4' }),
      ],
      TOKEN,
      // That first-shape result has no research consent; counted as consent here, so that the
      // filters are tested on it (the consent's own tests: research-consent.test.ts).
      { unknownConsentCountsForResearch: true },
    );
    ({ app, cookie } = auswertung);
  }, 120_000);

  afterAll(async () => {
    await auswertung?.close();
  });

  it.skipIf(backend.skip)('filters by Einrichtungskennung and lists the codes present', async () => {
    expect(await total('')).toBe(7);
    expect(await total('?site=KITA-001')).toBe(2);
    expect(await total('?site=KITA-002')).toBe(2);
    expect(await total('?site=KITA-999')).toBe(0);
    const overview = (await get('/api/auswertung/overview?site=KITA-001&language=2')).json();
    // The select offers every code of the other filters' results, not only the chosen one.
    expect(overview.sites).toEqual([
      { key: 'KITA-001', n: 2 },
      { key: 'KITA-002', n: 1 },
    ]);
    const items = (await get('/api/auswertung/items?site=KITA-002')).json().groups as ItemAnalysis[];
    expect(items.find((group) => group.language === null)?.n).toBe(2);
  });

  it.skipIf(backend.skip)(
    "filters by Ton: 'mit' keeps spoken, mixed and unknown, 'ohne' the silent",
    async () => {
      expect(await total('?sound=alle')).toBe(7);
      expect(await total('?sound=ohne')).toBe(2);
      expect(await total('?sound=mit')).toBe(5);
      const overview = (await get('/api/auswertung/overview?sound=mit')).json();
      expect(overview.soundExcluded).toBe(2);
      expect(overview.bySound).toEqual([
        { key: 'mixed', n: 1 },
        { key: 'none', n: 2 },
        { key: 'recording', n: 1 },
        { key: 'synthesis', n: 1 },
        { key: null, n: 2 },
      ]);
      expect((await get('/api/auswertung/overview?sound=alle')).json().soundExcluded).toBe(0);
      expect(await total('?sound=mit&site=KITA-001')).toBe(1);
    },
  );

  it.skipIf(backend.skip)('the stored sound agrees with the export’s sound of every result', async () => {
    for (const [query, accepts] of [
      ['ohne', (sound: string | null) => sound === 'none'],
      ['mit', (sound: string | null) => sound !== 'none'],
    ] as const) {
      const rows = (await get(`/api/auswertung/results.json?sound=${query}`)).json() as {
        answers?: Parameters<typeof resultSound>[0];
      }[];
      expect(rows.length).toBe(query === 'ohne' ? 2 : 5);
      for (const row of rows) expect(accepts(resultSound(row.answers))).toBe(true);
    }
  });

  it.skipIf(backend.skip)('applies both filters to the CSV download', async () => {
    const csv = parseCsv((await get('/api/auswertung/results.csv?site=KITA-002&sound=mit')).body);
    const [header, ...rows] = csv;
    expect(rows).toHaveLength(2);
    const site = (header as string[]).indexOf('Einrichtungskennung');
    const sound = (header as string[]).indexOf('Ton');
    expect(rows.map((row) => row[site])).toEqual(['KITA-002', 'KITA-002']);
    expect(rows.map((row) => row[sound]).sort()).toEqual(['Aufnahme', 'gemischt']);
  });

  it.skipIf(backend.skip)("gives the share of 'keine Antwort' per item and language", async () => {
    const groups = (await get('/api/auswertung/items')).json().groups as ItemAnalysis[];
    const rate = (language: string | null, question: number) =>
      groups.find((group) => group.language === language)?.items.find((item) => item.question === question)
        ?.noAnswerRate;
    expect(rate('2', 23)).toBeCloseTo(2 / 3, 10);
    expect(rate('2', 13)).toBeCloseTo(1 / 3, 10);
    expect(rate('2', 1)).toBe(0);
    expect(rate('3', 1)).toBeCloseTo(1 / 2, 10);
    expect(rate('4', 23)).toBe(0);
    // All 7 results together: 2 of 7 on question 23, 1 of 7 on question 1.
    expect(rate(null, 23)).toBeCloseTo(2 / 7, 10);
    expect(rate(null, 1)).toBeCloseTo(1 / 7, 10);
    // The filters apply: the silent results left out, only one Turkish 'Weiß nicht' on 23 remains.
    const spoken = (await get('/api/auswertung/items?sound=mit&language=2')).json().groups as ItemAnalysis[];
    expect(spoken.find((group) => group.language === '2')?.items.at(-1)).toMatchObject({
      question: 23,
      n: 2,
      noAnswerRate: 0.5,
    });
  });

  it.skipIf(backend.skip)('refuses unknown values with a German message', async () => {
    const sound = await get('/api/auswertung/overview?sound=leise');
    expect(sound.statusCode).toBe(400);
    expect(sound.json().error).toContain('sound: unbekannter Wert für „Ton“');
    const site = await get('/api/auswertung/results.csv?site=%3DHYPERLINK(1)');
    expect(site.statusCode).toBe(400);
    expect(site.json().error).toContain('site: keine gültige Einrichtungskennung');
    // An empty field of the form means 'alle'.
    expect(await total('?site=&sound=')).toBe(7);
  });
});
