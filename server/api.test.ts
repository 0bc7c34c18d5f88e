import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORED_QUESTION_IDS } from '../schemas/result-payload.ts';
import { buildServer, MAX_BODY_BYTES } from './app.ts';
import type { ResultStore } from './db/index.ts';
import { CSV_HEADERS } from './export.ts';
import { languageOfResultCode, RESULT_CODES } from './languages.ts';
import { storeBackends } from './testing/backends.ts';
import { parseCsv } from './testing/csv.ts';
import { makePayload, makeResearchPayload } from './testing/payload.ts';

const TOKEN = 'export-token-for-tests';
const BORN_ERROR = 'muss ein Datum JJJJ-MM-TT zwischen 1900 und 2999 sein, oder leer';

function post(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/results',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe.each(storeBackends)('results API on $name', (backend) => {
  let store: ResultStore;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;

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

  it.skipIf(backend.skip)('stores a result: 201 with its id, and the row holds what was sent', async () => {
    const payload = makePayload({ born: '2018-12-31', school: 'Grundschule', schoolLevel: '2' });
    const response = await post(app, payload);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(typeof id).toBe('number');
    const stored = await store.getById(id);
    expect(stored).toMatchObject({ ...payload, id });
    expect(Math.abs((stored?.receivedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it.skipIf(backend.skip)('stores an empty birth date as empty', async () => {
    const payload = makePayload({ born: '' });
    const { id } = (await post(app, payload)).json();
    expect((await store.getById(id))?.born).toBe('');
  });

  it.skipIf(backend.skip)('answers a repeated upload 200 with the stored id and keeps one row', async () => {
    const payload = makePayload();
    const first = await post(app, payload);
    const before = await store.count();
    const again = await post(app, payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await store.count()).toBe(before);
  });

  it.skipIf(backend.skip)(
    'stores 20 concurrent repeats of one submission once: one 201, 19 × 200',
    async () => {
      const payload = makePayload();
      const before = await store.count();
      const responses = await Promise.all(Array.from({ length: 20 }, () => post(app, payload)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(19);
      expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
      expect(await store.count()).toBe(before + 1);
    },
  );

  it.skipIf(backend.skip)('stores 50 concurrent different results with 50 different ids', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(app, makePayload())));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(50);
  });

  it.skipIf(backend.skip)('answers 400 for a body that is not JSON', async () => {
    const response = await post(app, '{"submissionId": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'body: kein gültiges JSON' });
  });

  it.skipIf(backend.skip)('answers 400 naming the field when the shape is wrong', async () => {
    const cases: [unknown, string][] = [
      [
        makePayload({ question5: 1 }),
        'question5: muss true oder false sein (null nur bei vorzeitig beendetem Test)',
      ],
      [makePayload({ language: 'de' }), "language: muss ein Sprachcode wie '2' (tr) sein"],
      // A code no language pack has (content/languages/) is refused too.
      [
        makePayload({ language: '99' }),
        `language: muss der Ergebniscode einer Sprache des Tests sein: ${RESULT_CODES.map((code) => `'${code}'`).join(', ')}`,
      ],
      [makePayload({ submissionId: 'abc' }), 'submissionId: muss eine UUID sein'],
      [makePayload({ born: '04.03.2019' }), `born: ${BORN_ERROR}`],
      [{ ...makePayload(), name: 'Mia' }, 'name: unbekanntes Feld'],
      [[1, 2], 'body: muss ein JSON-Objekt sein'],
    ];
    for (const [body, message] of cases) {
      const response = await post(app, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
    const { question8: _missing, ...withoutQuestion8 } = makePayload();
    expect((await post(app, withoutQuestion8)).json()).toEqual({
      error: 'question8: muss true oder false sein (null nur bei vorzeitig beendetem Test)',
    });
  });

  it.skipIf(backend.skip)(
    'answers 400 for a date the database refuses, without failing the results sent with it',
    async () => {
      const good = Array.from({ length: 5 }, () => makePayload());
      const bad = makePayload({ born: '0000-01-01' });
      const responses = await Promise.all([...good, bad].map((payload) => post(app, payload)));
      expect(responses.slice(0, 5).map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(responses[5]?.statusCode).toBe(400);
      expect(responses[5]?.json().error).toMatch(/^born: /);
    },
  );

  it.skipIf(backend.skip)("stores birth dates in the app's range only: real days of 1900–2999", async () => {
    for (const born of ['1000-01-01', '9999-12-31', '1899-12-31', '3000-01-01', '2019-02-30', '2019-13-01']) {
      const response = await post(app, makePayload({ born }));
      expect(response.statusCode, born).toBe(400);
      expect(response.json()).toEqual({ error: `born: ${BORN_ERROR}` });
    }
    for (const born of ['1900-01-01', '2999-12-31', '2020-02-29']) {
      const response = await post(app, makePayload({ born }));
      expect(response.statusCode, born).toBe(201);
      expect((await store.getById(response.json().id))?.born).toBe(born);
    }
  });

  it.skipIf(backend.skip)('answers 413 for a body over 16 KB', async () => {
    const response = await post(app, { ...makePayload(), padding: 'x'.repeat(MAX_BODY_BYTES) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'body: größer als 16 KB' });
  });

  it.skipIf(backend.skip)('answers 429 to a flood from one address', async () => {
    const limited = await buildServer({
      db: store,
      logLevel: false,
      rateLimit: { max: 5, timeWindowMs: 60_000 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post(limited, makePayload())).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = await post(limited, makePayload());
    expect(refused.json().error).toMatch(/^Zu viele Anfragen/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await limited.close();
  });

  it.skipIf(backend.skip)('reports health with the backend in use', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: backend.name });
  });

  it.skipIf(backend.skip)('refuses the export without the right token (401)', async () => {
    for (const url of ['/api/results.csv', '/api/results.json']) {
      for (const authorization of [undefined, 'Bearer wrong', TOKEN, `Basic ${TOKEN}`]) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
    }
  });

  it.skipIf(backend.skip)(
    'limits wrong export tokens hardest: 429 from the 11th per address, even for the right token',
    async () => {
      const guarded = await buildServer({ db: store, exportToken: TOKEN, logLevel: false });
      const guess = (authorization: string, remoteAddress = '198.51.100.7') =>
        guarded.inject({ method: 'GET', url: '/api/results.csv', headers: { authorization }, remoteAddress });
      const statuses: number[] = [];
      for (let i = 0; i < 70; i++) statuses.push((await guess(`Bearer guess-${i}`)).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(60).fill(429));
      const blocked = await guess(`Bearer ${TOKEN}`);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/^authorization: zu viele falsche Schlüssel/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The researcher at another address is not locked out by the guesser.
      expect((await guess(`Bearer ${TOKEN}`, '203.0.113.5')).statusCode).toBe(200);
      await guarded.close();
    },
  );

  it.skipIf(backend.skip)('allows cross-origin uploads to the route whatever the query string', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/results?x=1',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const upload = await app.inject({
      method: 'POST',
      url: '/api/results?x=1',
      headers: { 'content-type': 'application/json', origin: 'https://example.org' },
      payload: JSON.stringify(makePayload()),
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.headers['access-control-allow-origin']).toBe('*');
    expect(
      (await app.inject({ method: 'GET', url: '/api/health?x=1' })).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it.skipIf(backend.skip)(
    'without EXPORT_TOKEN opens the export to no key but an API token (401)',
    async () => {
      const closed = await buildServer({ db: store, logLevel: false });
      for (const url of ['/api/results.csv', '/api/results.json']) {
        for (const headers of [{ authorization: `Bearer ${TOKEN}` }, {}]) {
          const response = await closed.inject({ method: 'GET', url, headers });
          expect(response.statusCode).toBe(401);
          expect(response.json().error).toContain('Zugangsschlüssel');
        }
      }
      await closed.close();
    },
  );

  it.skipIf(backend.skip)(
    'exports CSV for German Excel: BOM, semicolons, TT.MM.JJJJ, a row per result',
    async () => {
      const sent = [
        makePayload({ born: '2019-07-01', school: 'Foerderschule', schoolLevel: '3', language: '4' }),
        makePayload({ born: '', language: '2' }),
      ];
      const ids = [];
      for (const payload of sent) ids.push((await post(app, payload)).json().id);
      const response = await app.inject({
        method: 'GET',
        url: '/api/results.csv',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="zaehltest-ergebnisse-.*\.csv"$/,
      );
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      const [header, ...rows] = parseCsv(text);
      expect(header).toEqual(CSV_HEADERS);
      expect(header).toContain('Frage23');
      expect(header).not.toContain('Frage7');
      expect(rows).toHaveLength(await store.count());
      const column = (name: string) => header?.indexOf(name) ?? -1;
      const first = rows.find((row) => row[column('Einsendungs-ID')] === sent[0]?.submissionId);
      expect(first?.[column('Nr')]).toBe(String(ids[0]));
      expect(first?.[column('Geburtsdatum')]).toBe('01.07.2019');
      expect(first?.[column('Einrichtung')]).toBe('Foerderschule');
      expect(first?.[column('Jahrgang')]).toBe('3');
      // A language with unreviewed texts is a draft (content/reviews/, docs/product.md).
      expect(first?.[column('Sprache')]).toMatch(/^Rumänisch( \(Entwurf\))?$/);
      expect(first?.[column('Sprachcode')]).toBe('4');
      expect(first?.[column('Eingegangen')]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
      for (const id of SCORED_QUESTION_IDS)
        expect(first?.[column(`Frage${id}`)]).toBe(id % 2 === 1 ? '1' : '0');
      const second = rows.find((row) => row[column('Einsendungs-ID')] === sent[1]?.submissionId);
      expect(second?.[column('Geburtsdatum')]).toBe('');
      // A language with unreviewed texts is a draft (content/reviews/, docs/product.md).
      expect(second?.[column('Sprache')]).toMatch(/^Türkisch( \(Entwurf\))?$/);
      expect(rows.every((row) => row.length === header?.length)).toBe(true);
    },
  );

  it.skipIf(backend.skip)(
    "keeps a draft language's result a draft: the upload's translationStatus in JSON and the CSV",
    async () => {
      const draft = languageOfResultCode('5');
      expect(draft?.status).toBe('Entwurf');
      const sent = [
        makePayload({ language: '5', translationStatus: 'Entwurf' }),
        makePayload({ language: '2' }),
      ];
      for (const payload of sent) expect((await post(app, payload)).statusCode).toBe(201);
      const csv = await app.inject({
        method: 'GET',
        url: '/api/results.csv',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const [header, ...rows] = parseCsv(csv.rawPayload.subarray(3).toString('utf8'));
      const column = (name: string) => header?.indexOf(name) ?? -1;
      const row = (index: number) =>
        rows.find((cells) => cells[column('Einsendungs-ID')] === sent[index]?.submissionId);
      expect(row(0)?.[column('Sprache')]).toBe(`${draft?.name} (Entwurf)`);
      expect(row(0)?.[column('Übersetzung')]).toBe('Entwurf');
      expect(row(1)?.[column('Übersetzung')]).toBe('geprüft');
      const json = await app.inject({
        method: 'GET',
        url: '/api/results.json',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const stored = (json.json() as { submissionId: string; translationStatus?: string }[]).find(
        (result) => result.submissionId === sent[0]?.submissionId,
      );
      expect(stored?.translationStatus).toBe('Entwurf');
    },
  );

  it.skipIf(backend.skip)(
    "keeps 'Weiß nicht' apart from a wrong answer: the noAnswer flag in JSON, the question numbers in CSV",
    async () => {
      const payload = makeResearchPayload({ correct: [1, 2, 3] });
      const answers = (payload.answers ?? []).map((detail) =>
        detail.question === 21 || detail.question === 17
          ? { ...detail, given: '', noAnswer: true as const }
          : detail,
      );
      const sent = { ...payload, answers };
      const { id } = (await post(app, sent)).json();
      const json = await app.inject({
        method: 'GET',
        url: '/api/results.json',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const ours = json.json().find((result: { id: number }) => result.id === id);
      expect(ours.answers.filter((detail: { noAnswer?: boolean }) => detail.noAnswer)).toEqual([
        expect.objectContaining({ question: 17, given: '', noAnswer: true }),
        expect.objectContaining({ question: 21, given: '', noAnswer: true }),
      ]);
      expect(ours.question17).toBe(false);
      const csv = await app.inject({
        method: 'GET',
        url: '/api/results.csv',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const [header, ...rows] = parseCsv(csv.rawPayload.subarray(3).toString('utf8'));
      const column = (name: string) => header?.indexOf(name) ?? -1;
      const row = rows.find((r) => r[column('Einsendungs-ID')] === sent.submissionId);
      expect(row?.[column('Keine Antwort')]).toBe('17 21');
      expect(row?.[column('Frage17')]).toBe('0');
      const other = rows.find((r) => r[column('Einsendungs-ID')] !== sent.submissionId);
      expect(other?.[column('Keine Antwort')]).toBe('');
    },
  );

  it.skipIf(backend.skip)('exports JSON: every stored result with id and receivedAt', async () => {
    const payload = makePayload();
    const { id } = (await post(app, payload)).json();
    const response = await app.inject({
      method: 'GET',
      url: '/api/results.json',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const results = response.json();
    expect(results).toHaveLength(await store.count());
    const ours = results.find((result: { id: number }) => result.id === id);
    // makePayload answers the odd ids correctly: 3, 3 and 4 points, no level achieved; no test
    // date (the first payload shape), so no age.
    expect(ours).toEqual({
      ...payload,
      id,
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      ageMonths: null,
      pointsPerLevel: [3, 3, 4],
      assignedLevel: 1,
    });
  });

  it.skipIf(backend.skip)(
    'exports the results stored when the export began, not those arriving during it',
    async () => {
      const before = await store.count();
      const ids: number[] = [];
      for await (const result of store.iterateResults(3)) {
        if (ids.length === 0) for (let i = 0; i < 5; i++) await store.insertResult(makePayload());
        ids.push(result.id);
      }
      expect(ids).toHaveLength(before);
      expect(await store.count()).toBe(before + 5);
    },
  );

  it.skipIf(backend.skip)('reads all results in batches, in id order', async () => {
    for (let i = 0; i < 7; i++) await store.insertResult(makePayload());
    const ids: number[] = [];
    for await (const result of store.iterateResults(3)) ids.push(result.id);
    expect(ids).toHaveLength(await store.count());
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});
