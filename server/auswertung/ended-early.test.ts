import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORED_QUESTION_IDS } from '../../src/domain/facts.ts';
import { type AuswertungApp, openAuswertungApp } from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { parseCsv } from '../testing/csv.ts';
import { exampleGiven, makeResearchPayload } from '../testing/payload.ts';

const TOKEN = 'ended-early-token-for-tests';
type Reason = 'unwilling' | 'unwell' | 'language' | 'disturbance' | 'other';

/**
 * A test ended with 'Test beenden' (docs/product.md §38) after `lastQuestion`: the scored questions
 * up to it answered (the odd ids right), the others null and without details.
 */
function ended(language: '2' | '3' | '4', reason: Reason, lastQuestion: number, childCode?: string) {
  const reached = SCORED_QUESTION_IDS.filter((id) => id <= lastQuestion);
  const flags = Object.fromEntries(
    SCORED_QUESTION_IDS.map((id) => [`question${id}`, id <= lastQuestion ? id % 2 === 1 : null]),
  );
  return makeResearchPayload({
    overrides: {
      ...flags,
      language,
      ...(childCode ? { childCode } : {}),
      endedEarly: { reason, lastQuestion },
      answers: reached.map((id) => ({
        question: id,
        given: exampleGiven(id, id % 2 === 1),
        responseTimeMs: 900,
      })),
    },
  });
}

/** One child (K7M3QX) tested twice, the second test ended early; two more ended tests; one finished. */
const FINISHED = makeResearchPayload({
  overrides: { language: '2', childCode: 'K7M3QX', testDate: '2026-10-01' },
});
const ENDED = [
  { ...ended('2', 'unwell', 9, 'K7M3QX'), testDate: '2026-11-20' },
  ended('2', 'unwell', 14),
  ended('3', 'language', 4),
];

describe.each(storeBackends)(
  'a test ended early on the results server, $name (docs/product.md §38)',
  (backend) => {
    let auswertung: AuswertungApp | undefined;
    let app: FastifyInstance;
    let cookie: string;
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const total = async (query: string) => (await get(`/api/auswertung/overview${query}`)).json().total;

    beforeAll(async () => {
      if (backend.skip) return;
      auswertung = await openAuswertungApp(backend, [FINISHED, ...ENDED], TOKEN);
      ({ app, cookie } = auswertung);
    }, 120_000);

    afterAll(async () => {
      await auswertung?.close();
    });

    it.skipIf(backend.skip)(
      'stores the reason, the last question and null for every question not reached',
      async () => {
        const rows = (await get('/api/auswertung/results.json?ended=nur')).json() as Record<
          string,
          unknown
        >[];
        const first = rows.find((row) => row.submissionId === ENDED[0]!.submissionId)!;
        expect(first).toMatchObject({
          endedEarly: { reason: 'unwell', lastQuestion: 9 },
          question1: true,
          question2: false,
          question8: false,
          question10: null,
          question23: null,
        });
        const finished = (await get('/api/auswertung/results.json?ended=ohne')).json() as Record<
          string,
          unknown
        >[];
        expect(finished).toHaveLength(1);
        expect(finished[0]).not.toHaveProperty('endedEarly');
        expect(finished[0]?.question10).toBe(false);
      },
    );

    it.skipIf(backend.skip)(
      'refuses null in a finished test, and keeps a repeat of an ended one once',
      async () => {
        const refused = await app.inject({
          method: 'POST',
          url: '/api/results',
          payload: { ...makeResearchPayload(), question23: null },
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toContain(
          'question23: muss true oder false sein (null nur bei vorzeitig beendetem Test)',
        );
        const again = await app.inject({ method: 'POST', url: '/api/results', payload: ENDED[1] });
        expect(again.statusCode).toBeLessThan(300);
        expect(await total('')).toBe(4);
      },
    );

    it.skipIf(backend.skip)(
      "writes 'Vorzeitig beendet' and 'Bearbeitet bis Frage' into the CSV, the questions not reached empty",
      async () => {
        const [header, ...rows] = parseCsv((await get('/api/auswertung/results.csv')).body) as [
          string[],
          ...string[][],
        ];
        const column = (name: string) => header.indexOf(name);
        expect(header.slice(-5, -3)).toEqual(['Vorzeitig beendet', 'Bearbeitet bis Frage']);
        const byId = (id: string) => rows.find((row) => row[column('Einsendungs-ID')] === id)!;
        const row = byId(ENDED[0]!.submissionId);
        expect(row[column('Vorzeitig beendet')]).toBe('Kind ist müde oder unwohl');
        expect(row[column('Bearbeitet bis Frage')]).toBe('9');
        expect([
          row[column('Frage1')],
          row[column('Frage8')],
          row[column('Frage10')],
          row[column('Frage23')],
        ]).toEqual(['1', '0', '', '']);
        expect(byId(ENDED[2]!.submissionId)[column('Vorzeitig beendet')]).toBe(
          'Kind versteht die Sprache nicht',
        );
        const finished = byId(FINISHED.submissionId);
        expect([finished[column('Vorzeitig beendet')], finished[column('Bearbeitet bis Frage')]]).toEqual([
          '',
          '',
        ]);
        expect(finished[column('Frage10')]).toBe('0');
      },
    );

    it.skipIf(backend.skip)(
      "filters 'vorzeitig beendet': ohne, nur, alle, and counts them per reason and language",
      async () => {
        expect(await total('?ended=alle')).toBe(4);
        expect(await total('')).toBe(4);
        expect(await total('?ended=ohne')).toBe(1);
        expect(await total('?ended=nur')).toBe(3);
        const overview = (await get('/api/auswertung/overview?ended=ohne')).json();
        expect(overview.endedExcluded).toBe(3);
        expect(overview.endedEarly).toEqual([
          { reason: 'language', language: '3', n: 1 },
          { reason: 'unwell', language: '2', n: 2 },
        ]);
        expect((await get('/api/auswertung/overview?ended=nur&language=2')).json().endedEarly).toEqual([
          { reason: 'unwell', language: '2', n: 2 },
        ]);
        expect((await get('/api/auswertung/overview?ended=alle')).json().endedExcluded).toBe(0);
        // Item statistics and levels count the children of the filter only.
        expect((await get('/api/auswertung/levels?ended=ohne')).json().n).toBe(1);
        expect((await get('/api/auswertung/levels?ended=nur')).json().n).toBe(3);
        // Verlauf: the child's second test ended early; without it the child has one test only.
        expect((await get('/api/auswertung/progress?ended=ohne')).json().children).toBe(0);
        expect((await get('/api/auswertung/progress?ended=alle')).json().children).toBe(1);
        const refused = await get('/api/auswertung/overview?ended=vielleicht');
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toContain('ended: unbekannter Wert für „vorzeitig beendet“');
      },
    );
  },
);
