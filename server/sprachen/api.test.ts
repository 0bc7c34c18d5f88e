// Native review and recording (docs/product.md §50): who may review which language, confirmations
// and corrections by two people, recordings and their approval, what the tablets and content:pull
// are given. On PGlite and PostgreSQL, with the texts of content/.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtokollAnswer } from '../../schemas/auswertung-api.ts';
import type {
  ExportAnswer,
  LanguageTextsAnswer,
  SprachenLanguage,
  TextState,
  UpdatesAnswer,
} from '../../schemas/sprachen-api.ts';
import type { NewApiToken } from '../../schemas/verwaltung-api.ts';
import { compiledCatalogue } from '../../scripts/content/catalogue.ts';
import {
  type AccountSession,
  type AuswertungApp,
  openAuswertungApp,
  signInAs,
} from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';

const TOKEN = 'sprachen-test-export-token-0123456789abcdef';
const catalogue = compiledCatalogue();
const turkish = catalogue.languages.find((language) => language.code === 'tr');
if (!turkish) throw new Error('content/ has no Turkish pack');
/** A question text the build's review record confirms, and one it does not. */
const confirmedText = turkish.texts.find((text) => text.fileConfirmed && text.recordingKey);
const KEY = '1.questionText';
const original = turkish.texts.find((text) => text.key === KEY);
/** A translated text the build's review record does not confirm. */
const unconfirmed = turkish.texts.find(
  (text) => !text.fileConfirmed && text.text.trim() !== '' && text.key !== KEY,
);
if (!confirmedText || !original || !unconfirmed)
  throw new Error('content/ has no confirmed and no unconfirmed Turkish text');

/** A few bytes that start as an MP3 does (an ID3 tag); the server checks the format, not the sound. */
const mp3 = (marker: number) => Buffer.concat([Buffer.from('ID3'), Buffer.alloc(200, marker)]);

type Who = 'chef' | 'tr1' | 'tr2' | 'ar1' | 'team' | 'leitung';

describe.each(storeBackends)('native review and recording on $name (docs/product.md §50)', (backend) => {
  let api: AuswertungApp;
  const sessions = {} as Record<Who, AccountSession>;
  const json = <T>(response: LightMyRequestResponse) => response.json() as T;
  const upload = (who: Who | 'nobody', query: Record<string, string>, body: Buffer, type = 'audio/mpeg') =>
    api.app.inject({
      method: 'POST',
      url: `/api/sprachen/recordings?${new URLSearchParams(query)}`,
      headers: { 'content-type': type, ...(who === 'nobody' ? {} : { cookie: sessions[who].cookie }) },
      payload: body,
    });
  const texts = async (who: Who, language = 'tr') =>
    json<LanguageTextsAnswer>(await sessions[who].request('GET', `/api/sprachen/texts?language=${language}`));
  const textOf = async (key: string) =>
    (await texts('chef')).texts.find((text) => text.key === key) as TextState;
  const updates = async (content = catalogue.content) =>
    json<UpdatesAnswer>(
      await api.app.inject({ method: 'GET', url: `/api/sprachen/updates?content=${content}&language=tr` }),
    );

  beforeAll(async () => {
    if (backend.skip) return;
    api = await openAuswertungApp(backend, [], TOKEN, { sprachenCatalogue: catalogue });
    await api.store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
    sessions.chef = await signInAs(api.app, api.store, { name: 'chef', role: 'verwaltung', sites: 'alle' });
    for (const [name, languages] of [
      ['tr1', ['tr']],
      ['tr2', ['tr', 'ar']],
      ['ar1', ['ar']],
    ] as const)
      sessions[name] = await signInAs(api.app, api.store, {
        name,
        role: 'sprache',
        sites: [],
        languages: [...languages],
      });
    sessions.team = await signInAs(api.app, api.store, { name: 'team', role: 'forschung', sites: 'alle' });
    sessions.leitung = await signInAs(api.app, api.store, {
      name: 'leitung',
      role: 'leitung',
      sites: ['KITA-017'],
    });
  }, 120_000);
  afterAll(async () => api?.close());

  it.skipIf(backend.skip)(
    'lets a reviewer see only her languages, and nothing else of the server',
    async () => {
      const status = async (who: Who | 'nobody', url: string) =>
        (who === 'nobody'
          ? await api.app.inject({ method: 'GET', url })
          : await sessions[who].request('GET', url)
        ).statusCode;
      expect(await status('tr1', '/api/sprachen/texts?language=tr')).toBe(200);
      expect(await status('tr1', '/api/sprachen/texts?language=ar')).toBe(403);
      expect(await status('ar1', '/api/sprachen/texts?language=tr')).toBe(403);
      expect(await status('tr1', '/api/sprachen/texts?language=xx')).toBe(404);
      expect(await status('chef', '/api/sprachen/texts?language=uk')).toBe(200);
      for (const who of ['team', 'leitung'] as const) {
        expect(await status(who, '/api/sprachen/texts?language=tr')).toBe(403);
        expect(await status(who, '/api/sprachen/languages')).toBe(403);
        expect(await status(who, '/api/sprachen/export?language=tr')).toBe(403);
      }
      expect(await status('nobody', '/api/sprachen/texts?language=tr')).toBe(401);
      // A reviewer sees no results, no accounts, no Einrichtungen, no Protokoll…
      for (const url of [
        '/api/auswertung/overview',
        '/api/auswertung/results.csv',
        '/api/auswertung/protokoll',
        '/api/auswertung/auskunft?childCode=AAAAA2',
        '/api/verwaltung/accounts',
        '/api/verwaltung/sites',
        '/api/verwaltung/settings',
      ])
        expect(await status('tr1', url), url).toBe(403);
      // …but her own session, password and API tokens.
      expect(await status('tr1', '/api/auswertung/session')).toBe(200);
      expect(await status('tr1', '/api/konto/tokens')).toBe(200);

      const languages = async (who: Who) =>
        json<SprachenLanguage[]>(await sessions[who].request('GET', '/api/sprachen/languages')).map(
          (language) => language.code,
        );
      expect(await languages('tr2')).toEqual(['tr', 'ar']);
      expect(await languages('chef')).toEqual(catalogue.languages.map((language) => language.code));
      const arabic = json<SprachenLanguage[]>(
        await sessions.ar1.request('GET', '/api/sprachen/languages'),
      )[0];
      expect(arabic).toMatchObject({ code: 'ar', name: 'Arabisch', dir: 'rtl' });
      expect(arabic?.progress.texts).toBe(catalogue.languages[1]?.texts.length);
    },
  );

  it.skipIf(backend.skip)('counts a text the build confirmed as geprüft by the file', async () => {
    const answer = await texts('tr1');
    expect(answer.content).toBe(catalogue.content);
    const state = answer.texts.find((text) => text.key === confirmedText.key);
    expect(state?.confirmed).toEqual({ by: 'Datei', at: null });
    expect(answer.progress.confirmed).toBe(turkish.texts.filter((text) => text.fileConfirmed).length);
    expect(answer.progress.texts).toBe(turkish.texts.length);
  });

  it.skipIf(backend.skip)(
    'sends the tablets the page’s progress, which a confirmation of an unchanged text changes',
    async () => {
      const before = await updates();
      expect(before.progress).toEqual((await texts('tr1')).progress);
      const url = `/api/sprachen/updates?content=${catalogue.content}&language=tr`;
      const etag = String((await api.app.inject({ method: 'GET', url })).headers.etag);
      // A text neither the build's record nor anyone confirmed yet, confirmed as it stands.
      const confirmed = await sessions.tr1.request('POST', '/api/sprachen/confirm', {
        language: 'tr',
        key: unconfirmed.key,
        text: unconfirmed.text,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const after = await updates();
      // Nothing to send of the text itself, but the count: the tablet's result counts it.
      expect(after.texts).toEqual({});
      expect(after.progress).toEqual({
        ...before.progress,
        confirmed: (before.progress?.confirmed ?? 0) + 1,
      });
      expect(after.progress).toEqual((await texts('chef')).progress);
      const repeat = await api.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(repeat.statusCode).toBe(200);
    },
  );

  it.skipIf(backend.skip)(
    'makes a correction the wording only when a second person confirms it',
    async () => {
      const corrected = `${original.text} (düzeltildi)`;
      const proposed = await sessions.tr1.request('POST', '/api/sprachen/corrections', {
        language: 'tr',
        key: KEY,
        text: corrected,
        note: 'Daha doğal',
      });
      expect(proposed.statusCode, proposed.body).toBe(201);
      expect(json<TextState>(proposed)).toMatchObject({
        current: original.text,
        corrected: false,
        confirmed: null,
        proposal: { text: corrected, note: 'Daha doğal', by: 'tr1' },
      });
      expect((await texts('tr1')).progress.correctionsPending).toBe(1);
      // Not by the one who proposed it; not by a reviewer of another language.
      const own = await sessions.tr1.request('POST', '/api/sprachen/confirm', {
        language: 'tr',
        key: KEY,
        text: corrected,
      });
      expect(own.statusCode).toBe(409);
      expect(json<{ error: string }>(own).error).toBe(
        'Die eigene Korrektur muss eine andere Person bestätigen.',
      );
      const other = await sessions.ar1.request('POST', '/api/sprachen/confirm', {
        language: 'tr',
        key: KEY,
        text: corrected,
      });
      expect(other.statusCode).toBe(403);
      // Nothing reaches the tablets yet.
      expect((await updates()).texts).toEqual({});

      const confirmed = await sessions.tr2.request('POST', '/api/sprachen/confirm', {
        language: 'tr',
        key: KEY,
        text: corrected,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(json<TextState>(confirmed)).toMatchObject({
        current: corrected,
        corrected: true,
        confirmed: { by: 'tr2' },
        proposal: null,
      });
      expect((await updates()).texts).toEqual({ [KEY]: corrected });
      // A confirmation of a wording that is no longer the current one is refused.
      const stale = await sessions.tr1.request('POST', '/api/sprachen/confirm', {
        language: 'tr',
        key: KEY,
        text: original.text,
      });
      expect(stale.statusCode).toBe(409);
    },
  );

  it.skipIf(backend.skip)(
    'takes a recording, lets another person approve it, and serves only that',
    async () => {
      const current = (await textOf(KEY)).current;
      const made = await upload('tr1', { language: 'tr', key: KEY, text: current }, mp3(1));
      expect(made.statusCode, made.body).toBe(201);
      const take = json<TextState>(made).recording;
      expect(take).toMatchObject({ text: current, madeBy: 'tr1', approvedBy: null, stale: false });
      expect(json<TextState>(made).served).toBeNull();
      expect((await updates()).recordings).toEqual({});
      const url = take?.url as string;
      // Not approved: only its language's reviewers hear it.
      expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await sessions.ar1.request('GET', url)).statusCode).toBe(403);
      const heard = await sessions.tr2.request('GET', url);
      expect(heard.statusCode).toBe(200);
      expect(heard.headers['content-type']).toBe('audio/mpeg');
      expect(heard.headers['cache-control']).toBe('no-store');
      expect(heard.rawPayload.equals(mp3(1))).toBe(true);

      const approve = (who: Who) =>
        sessions[who].request('POST', `/api/sprachen/recordings/${take?.id}/approve`);
      expect((await approve('tr1')).statusCode).toBe(409);
      expect((await approve('ar1')).statusCode).toBe(403);
      const approved = await approve('tr2');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(json<TextState>(approved).served).toMatchObject({ id: take?.id, approvedBy: 'tr2' });
      expect((await approve('chef')).statusCode).toBe(409);
      expect((await updates()).recordings).toEqual({ [KEY]: { url, text: current } });
      const served = await api.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await texts('tr1')).progress.recorded).toBe(1);
    },
  );

  it.skipIf(backend.skip)('refuses what is no recording of a current spoken text, in German', async () => {
    const current = (await textOf(KEY)).current;
    const refused = async (response: Promise<LightMyRequestResponse>, status: number, message: string) => {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(status);
      expect(json<{ error: string }>(answer).error).toBe(message);
    };
    await refused(
      upload('tr1', { language: 'tr', key: KEY, text: current }, Buffer.from('RIFF....WAVEfmt ')),
      415,
      'Die Aufnahme ist keine MP3-Datei.',
    );
    await refused(
      upload('tr1', { language: 'tr', key: KEY, text: current }, Buffer.alloc(4 * 1024 * 1024 + 1, 0xff)),
      413,
      'Die Aufnahme ist größer als 4 MB.',
    );
    await refused(
      upload('tr1', { language: 'tr', key: KEY, text: current }, mp3(2), 'audio/wav'),
      415,
      'content-type: muss audio/mpeg sein (eine MP3-Aufnahme)',
    );
    await refused(
      upload('tr1', { language: 'tr', key: KEY, text: original.text }, mp3(2)),
      409,
      'Der Text hat sich inzwischen geändert; bitte die Seite neu laden.',
    );
    await refused(
      upload('tr1', { language: 'tr', key: 'numberWords.3.word', text: 'üç' }, mp3(2)),
      409,
      'Dieser Text wird nie vorgelesen und wird nicht aufgenommen.',
    );
    await refused(upload('tr1', { language: 'tr', key: KEY }, mp3(2)), 400, 'text: fehlt');
    expect((await upload('ar1', { language: 'tr', key: KEY, text: current }, mp3(2))).statusCode).toBe(403);
    expect((await upload('nobody', { language: 'tr', key: KEY, text: current }, mp3(2))).statusCode).toBe(
      401,
    );
  });

  it.skipIf(backend.skip)('makes a recording stale when its text is corrected again', async () => {
    const before = await textOf(KEY);
    const again = `${before.current}!`;
    await sessions.tr2.request('POST', '/api/sprachen/corrections', {
      language: 'tr',
      key: KEY,
      text: again,
      note: '',
    });
    // Still current while the correction waits.
    expect((await textOf(KEY)).served).not.toBeNull();
    const confirmed = await sessions.tr1.request('POST', '/api/sprachen/confirm', {
      language: 'tr',
      key: KEY,
      text: again,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const state = json<TextState>(confirmed);
    expect(state.current).toBe(again);
    expect(state.recording?.stale).toBe(true);
    expect(state.served).toBeNull();
    expect(await updates()).toEqual({
      content: catalogue.content,
      language: 'tr',
      texts: { [KEY]: again },
      recordings: {},
      progress: (await texts('tr1')).progress,
    });
    // A stale take cannot be approved.
    const take = await upload('tr1', { language: 'tr', key: KEY, text: again }, mp3(3));
    expect(take.statusCode).toBe(201);
    expect(json<TextState>(take).recording?.stale).toBe(false);
  });

  it.skipIf(backend.skip)(
    'gives another content version nothing, not even a progress, and answers a repeat with 304',
    async () => {
      expect(await updates('0123456789ab')).toEqual({
        content: '0123456789ab',
        language: 'tr',
        texts: {},
        recordings: {},
      });
      const url = `/api/sprachen/updates?content=${catalogue.content}&language=tr`;
      const first = await api.app.inject({ method: 'GET', url });
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers['access-control-allow-origin']).toBe('*');
      const etag = String(first.headers.etag);
      const repeat = await api.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(repeat.statusCode).toBe(304);
      expect(
        (await api.app.inject({ method: 'GET', url: '/api/sprachen/updates?language=tr' })).statusCode,
      ).toBe(400);
    },
  );

  it.skipIf(backend.skip)('exports the confirmed state for content:pull, with an API token too', async () => {
    const created = await sessions.tr1.request('POST', '/api/konto/tokens', { name: 'content:pull' });
    const { token } = json<NewApiToken>(created);
    const answer = await api.app.inject({
      method: 'GET',
      url: '/api/sprachen/export?language=tr',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const exported = json<ExportAnswer>(answer);
    const state = await textOf(KEY);
    expect(exported.content).toBe(catalogue.content);
    expect(exported.texts).toEqual({
      [KEY]: { text: state.current, confirmedBy: 'tr1', confirmedAt: state.confirmed?.at },
    });
    expect(exported.confirmed).toContain(KEY);
    expect(exported.confirmed).toContain(confirmedText.key);
    expect(exported.confirmed).toHaveLength((await texts('tr1')).progress.confirmed);
    expect(exported.recordings).toEqual({});
    for (const url of ['/api/sprachen/export?language=ar', '/api/results.csv', '/api/auswertung/overview']) {
      const refused = await api.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it.skipIf(backend.skip)(
    'records who confirmed, corrected, recorded and approved in the Protokoll',
    async () => {
      const protokoll = json<ProtokollAnswer>(
        await sessions.chef.request('GET', '/api/auswertung/protokoll?kind=sprache'),
      );
      const lines = protokoll.entries.map((entry) => `${entry.actor}: ${entry.detail}`).reverse();
      expect(lines).toEqual([
        `tr1 (Sprachprüfung): tr ${unconfirmed.key}: geprüft`,
        `tr1 (Sprachprüfung): tr ${KEY}: Korrektur vorgeschlagen`,
        `tr2 (Sprachprüfung): tr ${KEY}: Korrektur bestätigt`,
        `tr1 (Sprachprüfung): tr ${KEY}: aufgenommen`,
        `tr2 (Sprachprüfung): tr ${KEY}: Aufnahme freigegeben`,
        `tr2 (Sprachprüfung): tr ${KEY}: Korrektur vorgeschlagen`,
        `tr1 (Sprachprüfung): tr ${KEY}: Korrektur bestätigt`,
        `tr1 (Sprachprüfung): tr ${KEY}: aufgenommen`,
      ]);
    },
  );
});
