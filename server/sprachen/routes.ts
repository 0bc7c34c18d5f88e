import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type ExportAnswer,
  type LanguageTextsAnswer,
  MAX_RECORDING_BYTES,
  progressOf,
  type SprachenLanguage,
  type TextState,
  type UpdatesAnswer,
} from '../../schemas/sprachen-api.ts';
import { type Access, principalOf, requestActor } from '../auth/access.ts';
import { record } from '../auth/protokoll-entries.ts';
import type { Principal } from '../db/accounts.ts';
import type { ResultStore } from '../db/index.ts';
import { firstIssue } from '../verwaltung/operations.ts';
import { type Catalogue, type CatalogueLanguage, readCatalogue } from './catalogue.ts';
import { byKey, sameText, textState } from './state.ts';

/** The page of native review and recording (docs/product.md §50). */
export const SPRACHEN_PAGE_PATH = '/verwaltung/sprachen';
const API = '/api/sprachen';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const MP3_TYPE = 'audio/mpeg';

export interface SprachenOptions {
  db: ResultStore;
  access: Access;
  /** The built app has sprachen.html: serve it at /verwaltung/sprachen. */
  hasPage: boolean;
  /** The texts and content version (default: the server's build, server/sprachen/catalogue.ts). */
  catalogue?: Catalogue;
  /** The built app (dist/): its version.json names the content version the tablets run. */
  staticDir?: string;
}

const refuse = (status: number, message: string) => Object.assign(new Error(message), { statusCode: status });

/** The first bytes of an MP3: an ID3 tag, or an MPEG audio frame's sync word. */
export const looksLikeMp3 = (bytes: Uint8Array) =>
  (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) ||
  (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0);

const text = (max: number) => z.string().max(max, { error: `höchstens ${max} Zeichen` });
const SCHEMAS = {
  language: z.strictObject({ language: z.string().min(1).max(10) }),
  updates: z.strictObject({ content: z.string().max(64), language: z.string().min(1).max(10) }),
  confirm: z.strictObject({
    language: z.string().min(1).max(10),
    key: z.string().min(1).max(80),
    text: text(2000),
  }),
  correct: z.strictObject({
    language: z.string().min(1).max(10),
    key: z.string().min(1).max(80),
    text: text(2000).refine((value) => value.trim() !== '', {
      error: 'Bitte den korrigierten Text angeben.',
    }),
    note: text(2000),
  }),
  recording: z.strictObject({
    language: z.string().min(1).max(10),
    key: z.string().min(1).max(80),
    text: text(2000).refine((value) => value.trim() !== '', { error: 'text: fehlt' }),
  }),
};

/**
 * /api/sprachen: the texts of the child languages for native review and recording, for the page
 * /verwaltung/sprachen (role Verwaltung: every language; Sprachprüfung: its own), the tablets
 * (confirmed corrections and approved recordings, no login) and content:pull (docs/product.md §50).
 * Every route of the page checks role and language.
 */
export const sprachenPlugin: FastifyPluginAsync<SprachenOptions> = async (app, options) => {
  const { access } = options;
  const store = options.db.sprachen;
  const research = options.db.research;
  if (!store || !research) throw new Error('the results store has no Sprachprüfung');
  // Read at the first request, not at the start: in development the texts are compiled from content/.
  let read: Catalogue | undefined = options.catalogue;
  app.addHook('onRequest', async () => {
    read ??= await readCatalogue(options.staticDir);
  });
  const catalogue = (): Catalogue => {
    if (!read) throw new Error('the catalogue is read before the first request');
    return read;
  };
  const reviewers = access.require({ roles: ['verwaltung', 'sprache'] });

  const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => {
    const parsed = schema.safeParse(value ?? {});
    if (!parsed.success) throw refuse(400, firstIssue(parsed.error));
    return parsed.data;
  };
  const languagesOf = (principal: Principal): CatalogueLanguage[] =>
    catalogue().languages.filter(
      (language) => principal.role === 'verwaltung' || principal.languages.includes(language.code),
    );
  /** The language the request names, refused (403) when it is not the account's. */
  const languageFor = (request: FastifyRequest, code: string): CatalogueLanguage => {
    const language = catalogue().languages.find((candidate) => candidate.code === code);
    if (!language) throw refuse(404, `Unbekannte Sprache: ${code}`);
    if (!languagesOf(principalOf(request)).includes(language))
      throw refuse(403, 'Diese Sprache gehört nicht zu diesem Konto.');
    return language;
  };
  const statesOf = async (language: CatalogueLanguage): Promise<TextState[]> => {
    const [reviews, recordings] = await Promise.all([
      store.reviews(language.code),
      store.recordings(language.code),
    ]);
    const reviewsByKey = byKey(reviews);
    const recordingsByKey = byKey(recordings);
    return language.texts.map((text) =>
      textState(text, reviewsByKey.get(text.key) ?? [], recordingsByKey.get(text.key) ?? []),
    );
  };
  const stateOf = async (language: CatalogueLanguage, key: string): Promise<TextState> => {
    const found = (await statesOf(language)).find((text) => text.key === key);
    if (!found) throw refuse(404, `Unbekannter Text: ${key}`);
    return found;
  };
  const accountIdOf = (request: FastifyRequest): number => {
    const { accountId } = principalOf(request);
    if (accountId === null) throw refuse(403, 'Prüfen und Aufnehmen geht nur mit einem eigenen Konto.');
    return accountId;
  };
  /** A confirmation or correction of `state`, made against the build's text and German reference it shows. */
  const review = (
    language: CatalogueLanguage,
    state: TextState,
    accountId: number,
    what: { kind: 'confirm' | 'correct'; text: string; note: string },
  ) =>
    store.addReview({
      language: language.code,
      key: state.key,
      contentVersion: catalogue().content,
      baseText: state.text,
      german: state.german,
      accountId,
      ...what,
    });
  const protokoll = (request: FastifyRequest, language: string, key: string, what: string) =>
    record(research, request.log, {
      kind: 'sprache',
      actor: requestActor(request),
      detail: `${language} ${key}: ${what}`,
    });

  if (options.hasPage) {
    app.get(SPRACHEN_PAGE_PATH, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('sprachen.html'),
    );
  }

  // ————— The tablets: no login; nothing personal —————

  app.get(`${API}/updates`, async (request, reply): Promise<UpdatesAnswer | FastifyReply> => {
    const query = parse(SCHEMAS.updates, request.query);
    const language = catalogue().languages.find((candidate) => candidate.code === query.language);
    const answer: UpdatesAnswer = {
      content: query.content,
      language: query.language,
      texts: {},
      recordings: {},
    };
    // A correction or recording belongs to the texts of the content it was made against: an app of
    // another content version gets nothing (docs/product.md §50).
    if (language && query.content === catalogue().content) {
      const states = await statesOf(language);
      for (const text of states) {
        if (text.corrected) answer.texts[text.key] = text.current;
        if (text.served) answer.recordings[text.key] = { url: text.served.url, text: text.served.text };
      }
      // The page's counts: the tablet is sent no confirmation of an unchanged text, only this count
      // of them. In the ETag too, so a confirmation alone reaches a tablet that asks again.
      answer.progress = progressOf(states);
    }
    const etag = `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
    // Any origin may read it, as any may post results (server/app.ts): an app built with
    // RESULT_ENDPOINT on another host asks this server.
    reply.header('cache-control', 'no-cache').header('etag', etag).header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return answer;
  });

  app.get(`${API}/recordings/:file`, async (request, reply) => {
    const match = /^(\d{1,15})\.mp3$/.exec((request.params as { file: string }).file);
    const found = match ? await store.recording(Number(match[1])) : undefined;
    if (!found) throw refuse(404, 'Diese Aufnahme gibt es nicht.');
    if (found.approvedBy === null) {
      // A take not yet approved is heard by the reviewers of its language only.
      await reviewers(request, reply);
      if (reply.sent) return reply;
      languageFor(request, found.language);
      reply.header('cache-control', 'no-store');
    } else reply.header('cache-control', IMMUTABLE).header('access-control-allow-origin', '*');
    const audio = await store.audio(found.id);
    return reply.type(MP3_TYPE).send(Buffer.from(audio ?? new Uint8Array()));
  });

  // ————— content:pull —————

  app.get(`${API}/export`, { onRequest: reviewers }, async (request): Promise<ExportAnswer> => {
    const language = languageFor(request, parse(SCHEMAS.language, request.query).language);
    const answer: ExportAnswer = {
      content: catalogue().content,
      language: language.code,
      texts: {},
      confirmed: [],
      recordings: {},
    };
    for (const text of await statesOf(language)) {
      if (text.corrected && text.confirmed)
        answer.texts[text.key] = {
          text: text.current,
          confirmedBy: text.confirmed.by,
          confirmedAt: text.confirmed.at,
        };
      if (text.confirmed) answer.confirmed.push(text.key);
      if (text.served) answer.recordings[text.key] = { url: text.served.url, text: text.served.text };
    }
    return answer;
  });

  // ————— The page —————

  app.get(
    `${API}/languages`,
    { onRequest: reviewers },
    async (request): Promise<SprachenLanguage[]> =>
      Promise.all(
        languagesOf(principalOf(request)).map(async (language) => ({
          code: language.code,
          name: language.name,
          dir: language.dir,
          progress: progressOf(await statesOf(language)),
        })),
      ),
  );

  app.get(`${API}/texts`, { onRequest: reviewers }, async (request): Promise<LanguageTextsAnswer> => {
    const language = languageFor(request, parse(SCHEMAS.language, request.query).language);
    const texts = await statesOf(language);
    return { content: catalogue().content, language: language.code, progress: progressOf(texts), texts };
  });

  app.post(`${API}/confirm`, { onRequest: reviewers }, async (request): Promise<TextState> => {
    const body = parse(SCHEMAS.confirm, request.body);
    const language = languageFor(request, body.language);
    const accountId = accountIdOf(request);
    const state = await stateOf(language, body.key);
    const ofProposal = state.proposal !== null && sameText(body.text, state.proposal.text);
    if (ofProposal && state.proposal?.by === principalOf(request).name)
      throw refuse(409, 'Die eigene Korrektur muss eine andere Person bestätigen.');
    if (!ofProposal && !sameText(body.text, state.current))
      throw refuse(409, 'Der Text hat sich inzwischen geändert; bitte die Seite neu laden.');
    if (body.text.trim() === '') throw refuse(409, 'Ein leerer Text kann nicht geprüft werden.');
    await review(language, state, accountId, { kind: 'confirm', text: body.text, note: '' });
    await protokoll(request, language.code, body.key, ofProposal ? 'Korrektur bestätigt' : 'geprüft');
    return stateOf(language, body.key);
  });

  app.post(`${API}/corrections`, { onRequest: reviewers }, async (request, reply): Promise<TextState> => {
    const body = parse(SCHEMAS.correct, request.body);
    const language = languageFor(request, body.language);
    const accountId = accountIdOf(request);
    const state = await stateOf(language, body.key);
    if (sameText(body.text, state.current))
      throw refuse(409, 'Die Korrektur ist derselbe Text; dafür „Geprüft“ wählen.');
    await review(language, state, accountId, {
      kind: 'correct',
      text: body.text.trim(),
      note: body.note.trim(),
    });
    await protokoll(request, language.code, body.key, 'Korrektur vorgeschlagen');
    reply.code(201);
    return stateOf(language, body.key);
  });

  await app.register(async (recordings) => {
    recordings.addContentTypeParser(
      MP3_TYPE,
      { parseAs: 'buffer', bodyLimit: MAX_RECORDING_BYTES },
      (_request, body, done) => done(null, body),
    );
    // The refusals of the body in words of recordings (the app's handler speaks of JSON bodies).
    recordings.setErrorHandler((error: Error & { code?: string }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply.code(413).send({ error: 'Die Aufnahme ist größer als 4 MB.' });
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE')
        return reply.code(415).send({ error: 'content-type: muss audio/mpeg sein (eine MP3-Aufnahme)' });
      throw error;
    });
    recordings.post(
      `${API}/recordings`,
      { onRequest: reviewers, bodyLimit: MAX_RECORDING_BYTES },
      async (request, reply): Promise<TextState> => {
        const query = parse(SCHEMAS.recording, request.query);
        const language = languageFor(request, query.language);
        const accountId = accountIdOf(request);
        const body = request.body;
        if (!(body instanceof Uint8Array) || body.length === 0) throw refuse(400, 'Die Aufnahme ist leer.');
        if (!looksLikeMp3(body)) throw refuse(415, 'Die Aufnahme ist keine MP3-Datei.');
        const state = await stateOf(language, query.key);
        if (!state.recordingKey)
          throw refuse(409, 'Dieser Text wird nie vorgelesen und wird nicht aufgenommen.');
        if (!sameText(query.text, state.current))
          throw refuse(409, 'Der Text hat sich inzwischen geändert; bitte die Seite neu laden.');
        await store.addRecording({
          language: language.code,
          key: query.key,
          contentVersion: catalogue().content,
          text: state.current,
          audio: body,
          accountId,
        });
        await protokoll(request, language.code, query.key, 'aufgenommen');
        reply.code(201);
        return stateOf(language, query.key);
      },
    );
  });

  app.post(`${API}/recordings/:id/approve`, { onRequest: reviewers }, async (request): Promise<TextState> => {
    const id = Number((request.params as { id: string }).id);
    const found = Number.isSafeInteger(id) && id > 0 ? await store.recording(id) : undefined;
    if (!found) throw refuse(404, 'Diese Aufnahme gibt es nicht.');
    const language = languageFor(request, found.language);
    const accountId = accountIdOf(request);
    if (found.madeById === accountId)
      throw refuse(409, 'Die eigene Aufnahme muss eine andere Person freigeben.');
    const state = await stateOf(language, found.key);
    if (!sameText(found.text, state.current))
      throw refuse(409, 'Diese Aufnahme ist veraltet: Der Text hat sich seitdem geändert.');
    if (!(await store.approveRecording(id, accountId)))
      throw refuse(409, 'Diese Aufnahme ist schon freigegeben.');
    await protokoll(request, language.code, found.key, 'Aufnahme freigegeben');
    return stateOf(language, found.key);
  });
};
