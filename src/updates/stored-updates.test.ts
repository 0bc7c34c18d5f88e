import 'fake-indexeddb/auto';
import { resolveObjectURL } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TextState, UpdatesAnswer } from '../../schemas/sprachen-api.ts';
import { compiledCatalogue } from '../../scripts/content/catalogue.ts';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import type { InjectedRequest } from '../../server/testing/inject-fetch.ts';
import { openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import type { UpdatesSnapshot } from './snapshot';

/**
 * The native review's updates kept on the tablet (docs/product.md §50): fetched from the real
 * results server (Fastify on PGlite through inject), kept per language and content version in
 * IndexedDB (fake-indexeddb) with their recordings' bytes, read again after a reload, replaced and
 * cleared; and what happens offline, with a malformed answer, a broken record or no IndexedDB.
 */

const catalogue = compiledCatalogue();
const CONTENT = catalogue.content;
const turkish = catalogue.languages.find((language) => language.code === 'tr');
if (!turkish) throw new Error('content/ has no Turkish pack');
const CORRECTED_KEY = '1.questionText';
const RECORDED_KEY = '1.situationText';
const corrected = `${turkish.texts.find((text) => text.key === CORRECTED_KEY)?.text} (düzeltildi)`;
/** A few bytes that start as an MP3 does (an ID3 tag); the server checks the format, not the sound. */
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(200, 7)]);

let server: PageServer;
let tr1: AccountSession;
let tr2: AccountSession;
/** The URL of the approved recording of RECORDED_KEY. */
let recordingUrl: string;
/** Stands in for the server for one request when it returns a Response (else the server answers). */
let standIn: ((path: string) => Response | Promise<Response> | undefined) | undefined;
let requested: InjectedRequest[];

const post = async (session: AccountSession, url: string, payload: object) => {
  const response = await session.request('POST', url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as TextState;
};

beforeAll(async () => {
  server = await openPageServer({
    exportToken: 'stored-updates-test-token-0123456789',
    sprachenCatalogue: catalogue,
  });
  [tr1, tr2] = [
    await server.signIn({ name: 'tr1', role: 'sprache', sites: [], languages: ['tr'] }),
    await server.signIn({ name: 'tr2', role: 'sprache', sites: [], languages: ['tr'] }),
  ];
  // A correction confirmed by a second person, and a recording approved by a second person.
  await post(tr1, '/api/sprachen/corrections', {
    language: 'tr',
    key: CORRECTED_KEY,
    text: corrected,
    note: '',
  });
  await post(tr2, '/api/sprachen/confirm', { language: 'tr', key: CORRECTED_KEY, text: corrected });
  const spoken = turkish.texts.find((text) => text.key === RECORDED_KEY)?.text ?? '';
  const upload = await server.app.inject({
    method: 'POST',
    url: `/api/sprachen/recordings?${new URLSearchParams({ language: 'tr', key: RECORDED_KEY, text: spoken })}`,
    headers: { cookie: tr2.cookie, 'content-type': 'audio/mpeg' },
    payload: MP3,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const approved = await post(
    tr1,
    `/api/sprachen/recordings/${(upload.json() as TextState).recording?.id}/approve`,
    {},
  );
  recordingUrl = approved.served?.url as string;
  // The tablet asks without a login.
  server.use(undefined);
}, 120_000);

beforeEach(() => {
  standIn = undefined;
  requested = [];
  // Every test starts with an empty device and a fresh page (the module keeps what it read).
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = String(input);
    requested.push({ method: init?.method ?? 'GET', path });
    return (await standIn?.(path)) ?? server.fetch(input, init);
  });
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await server?.close();
});

/** The module as a freshly loaded page has it, with the language list it tells the counts. */
const page = async () => {
  vi.resetModules();
  return {
    updates: await import('./stored-updates'),
    languages: await import('../content/languages'),
  };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const isUpdatesPath = (path: string) => path.startsWith('/api/sprachen/updates');
const snapshotOf = (recordings: UpdatesSnapshot['recordings']): UpdatesSnapshot => ({
  content: CONTENT,
  language: 'tr',
  texts: {},
  recordings,
  counts: { texts: 0, confirmed: 0, spoken: 0, recorded: 0 },
});

describe('the updates kept on the tablet (docs/product.md §50)', () => {
  it("stores each language's corrections and approved recordings with their bytes, and reads them after a reload", async () => {
    const { updates } = await page();
    await updates.loadStoredUpdates();
    expect(updates.storedUpdates('tr')).toBeUndefined();
    expect(await updates.refreshUpdates(['tr', 'ar'], CONTENT)).toBe(true);

    const stored = updates.storedUpdates('tr');
    expect(stored?.content).toBe(CONTENT);
    expect(stored?.texts).toEqual({ [CORRECTED_KEY]: corrected });
    expect(stored?.recordings[RECORDED_KEY]?.url).toBe(recordingUrl);
    expect(stored?.progress?.texts).toBe(turkish.texts.length);
    expect(updates.isRecordingStored(recordingUrl)).toBe(true);
    // Arabic has nothing yet: an empty answer, kept too.
    expect(updates.storedUpdates('ar')).toMatchObject({ language: 'ar', texts: {}, recordings: {} });

    // Asked again: the server answers 304 for the ETag, nothing changes, no MP3 is fetched again.
    requested.length = 0;
    expect(await updates.refreshUpdates(['tr', 'ar'], CONTENT)).toBe(false);
    expect(requested.map((request) => request.path.split('?')[0])).toEqual([
      '/api/sprachen/updates',
      '/api/sprachen/updates',
    ]);

    // Played from the device's copy as a blob: URL; a snapshot without it lets it go.
    await updates.preparePlayback(snapshotOf({ [RECORDED_KEY]: { url: recordingUrl, text: 'x' } }));
    const playable = await updates.playableRecording(recordingUrl);
    expect(playable).toMatch(/^blob:/);
    const bytes = await resolveObjectURL(playable)?.arrayBuffer();
    expect(bytes && Buffer.from(bytes).equals(MP3)).toBe(true);
    await updates.preparePlayback(null);
    expect(await updates.playableRecording(recordingUrl)).toBe(recordingUrl);
    // A built recording the device does not hold plays from its own URL.
    expect(await updates.playableRecording('/audio/q01/tr-situationText.mp3')).toBe(
      '/audio/q01/tr-situationText.mp3',
    );

    // A reload reads the same from IndexedDB, without asking the server.
    requested.length = 0;
    const reloaded = (await page()).updates;
    await reloaded.loadStoredUpdates();
    expect(reloaded.storedUpdates('tr')).toEqual(stored);
    expect(reloaded.isRecordingStored(recordingUrl)).toBe(true);
    expect(requested).toEqual([]);
  });

  it('replaces a language’s updates for another content version and drops the bytes no one needs, unless kept', async () => {
    const { updates } = await page();
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(true);
    expect(updates.isRecordingStored(recordingUrl)).toBe(true);

    // The server has nothing for another build's content version: the answer is replaced, the
    // recording kept while the running session's snapshot (`keep`) plays it.
    expect(await updates.refreshUpdates(['tr'], 'an-older-build', [recordingUrl])).toBe(true);
    expect(updates.storedUpdates('tr')).toEqual({
      content: 'an-older-build',
      language: 'tr',
      texts: {},
      recordings: {},
    });
    expect(updates.isRecordingStored(recordingUrl)).toBe(true);

    // Once no one needs it, its bytes go; a reload finds neither.
    expect(await updates.refreshUpdates(['tr'], 'a-newer-build')).toBe(true);
    expect(updates.isRecordingStored(recordingUrl)).toBe(false);
    const reloaded = (await page()).updates;
    await reloaded.loadStoredUpdates();
    expect(reloaded.isRecordingStored(recordingUrl)).toBe(false);
    expect(reloaded.storedUpdates('tr')?.content).toBe('a-newer-build');
  });

  it('fetches a recording again whose download failed, when the answer is unchanged', async () => {
    const { updates } = await page();
    standIn = (path) => (path === recordingUrl ? new Response(null, { status: 503 }) : undefined);
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(true);
    expect(updates.storedUpdates('tr')?.recordings[RECORDED_KEY]?.url).toBe(recordingUrl);
    expect(updates.isRecordingStored(recordingUrl)).toBe(false);

    standIn = undefined;
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(true);
    expect(updates.isRecordingStored(recordingUrl)).toBe(true);
  });

  it('keeps what it has when offline, on a refusal or with a malformed answer', async () => {
    const { updates } = await page();
    standIn = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(false);
    expect(updates.storedUpdates('tr')).toBeUndefined();

    // A server without the route, or one in trouble.
    standIn = (path) => (isUpdatesPath(path) ? json({ error: 'Not Found' }, 404) : undefined);
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(false);

    const good: UpdatesAnswer = { content: CONTENT, language: 'tr', texts: {}, recordings: {} };
    for (const malformed of [
      null,
      { ...good, language: 'ar' },
      { ...good, content: 7 },
      { ...good, texts: [] },
      { ...good, texts: { [CORRECTED_KEY]: 7 } },
      { ...good, recordings: null },
      { ...good, recordings: { [RECORDED_KEY]: { url: 'https://elsewhere.example/x.mp3', text: 'x' } } },
      { ...good, recordings: { [RECORDED_KEY]: { url: recordingUrl } } },
    ]) {
      standIn = (path) => (isUpdatesPath(path) ? json(malformed) : undefined);
      expect(await updates.refreshUpdates(['tr'], CONTENT), JSON.stringify(malformed)).toBe(false);
      expect(updates.storedUpdates('tr')).toBeUndefined();
    }

    // A malformed progress is dropped, not the corrections beside it.
    standIn = (path) =>
      isUpdatesPath(path)
        ? json({
            ...good,
            texts: { [CORRECTED_KEY]: corrected },
            progress: { texts: 100, confirmed: -1, spoken: 55, recorded: 0, correctionsPending: 0 },
          })
        : undefined;
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(true);
    expect(updates.storedUpdates('tr')).toEqual({ ...good, texts: { [CORRECTED_KEY]: corrected } });
    standIn = (path) => (isUpdatesPath(path) ? json({ ...good, progress: 'alle' }) : undefined);
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(true);
    expect(updates.storedUpdates('tr')).toEqual(good);
  });

  it('skips a broken record when reading, and replaces it with the server’s answer', async () => {
    // A record without its answer (written by hand, or half by an older build).
    const { openDB } = await import('idb');
    const device = await openDB('zaehltest-sprachen', 1, {
      upgrade(upgrade) {
        upgrade.createObjectStore('updates');
        upgrade.createObjectStore('recordings');
      },
    });
    await device.put('updates', { etag: '"kaputt"' }, 'tr');
    await device.put(
      'updates',
      { answer: { content: CONTENT, language: 'ar', texts: {}, recordings: {} }, etag: null },
      'ar',
    );
    device.close();

    const { updates } = await page();
    await updates.loadStoredUpdates();
    expect(updates.storedUpdates('tr')).toBeUndefined();
    expect(updates.storedUpdates('ar')?.language).toBe('ar');
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(true);
    expect(updates.storedUpdates('tr')?.texts).toEqual({ [CORRECTED_KEY]: corrected });
  });

  it('does without IndexedDB: nothing stored, nothing refreshed, recordings play from their URLs', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { updates } = await page();
    await updates.loadStoredUpdates();
    expect(warn).toHaveBeenCalledWith(
      'Sprachprüfung: gespeicherte Aktualisierungen nicht lesbar',
      expect.anything(),
    );
    expect(updates.storedUpdates('tr')).toBeUndefined();
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(false);
    expect(requested).toEqual([]);
    await updates.preparePlayback(snapshotOf({ [RECORDED_KEY]: { url: recordingUrl, text: 'x' } }));
    expect(warn).toHaveBeenCalledWith('Sprachprüfung: Aufnahmen nicht lesbar', expect.anything());
    expect(await updates.playableRecording(recordingUrl)).toBe(recordingUrl);
  });

  it("tells the language list the server's count: a language whose every text is confirmed is no draft", async () => {
    const { updates, languages } = await page();
    expect(languages.isDraftLanguage('tr')).toBe(true);
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(true);
    expect(languages.isDraftLanguage('tr')).toBe(true);

    // Every Turkish text confirmed on the server.
    const texts = (await tr1.request('GET', '/api/sprachen/texts?language=tr')).json() as {
      texts: TextState[];
    };
    for (const text of texts.texts.filter((candidate) => !candidate.confirmed))
      await post(text.proposal?.by === 'tr1' ? tr2 : tr1, '/api/sprachen/confirm', {
        language: 'tr',
        key: text.key,
        text: text.current,
      });
    expect(await updates.refreshUpdates(['tr'], CONTENT)).toBe(true);
    expect(languages.isDraftLanguage('tr')).toBe(false);
    expect(languages.languageLabel('tr')).toBe('Türkisch');

    // The count of another build's content version does not hold for this one.
    const reloaded = await page();
    await reloaded.updates.refreshUpdates(['tr'], 'an-older-build');
    expect(reloaded.languages.isDraftLanguage('tr')).toBe(true);
  });
});
