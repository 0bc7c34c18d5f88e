import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Bilingual, DifAnswer, ItemsAnswer, Levels } from '../../schemas/auswertung-api.ts';
import type { TokenGuard } from '../auth/export-token.ts';
import { ACTOR, deleteChildResults, describeFilter, record } from '../auth/protokoll-entries.ts';
import type { ResultStore } from '../db/index.ts';
import { DEFAULT_PROTOKOLL_MONTHS } from '../db/protokoll.ts';
import { csvChunks, fileNameDay, jsonChunks } from '../export.ts';
import { type ChildCodeQuery, childCodeQuery } from '../plugins/child-code.ts';
import { useZodSchemas } from '../plugins/zod-validation.ts';
import { bilingualStatistics } from './bilingual.ts';
import { describeFilterIssues, filterQuery, type StatisticsFilter } from './filters.ts';
import { progressStatistics } from './progress.ts';
import { protokollRoutes } from './protokoll-routes.ts';
import {
  analyseItems,
  differentialItemFunctioning,
  minChildrenFromEnv,
  REFERENCE_LANGUAGE,
} from './statistics.ts';

/** The researchers' page and its API (docs/product.md §24). */
export const PAGE_PATH = '/auswertung';
const API = '/api/auswertung';
export const SESSION_COOKIE = 'zt_auswertung';
/** A working day; then the researcher logs in again. */
export const SESSION_HOURS = 8;

export interface AuswertungOptions {
  db: ResultStore;
  /**
   * EXPORT_TOKEN, the key the login checks (through `guard`): a session is kept with a fingerprint
   * of it and ends when the key changes (docs/product.md §46).
   */
  exportToken: string;
  /**
   * The export token's guard (server/auth/export-token.ts): constant-time check, and wrong tokens
   * counted per address together with those sent to the export.
   */
  guard: TokenGuard;
  exportTimeZone: string;
  /** The built app has auswertung.html: serve it at /auswertung. */
  hasPage: boolean;
  /** Limit of all requests to the login per address and minute, or false (benchmarks, tests). */
  rateLimit: { max: number; timeWindow: number } | false;
  /**
   * Statistics from fewer children carry a warning; absent: MIN_CHILDREN_FOR_STATISTICS or 30
   * (minChildrenFromEnv).
   */
  minChildren?: number;
  /** Months the Protokoll keeps its entries (PROTOKOLL_MONTHS; shown on the page); absent: 24. */
  protokollMonths?: number;
  /**
   * UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH: results without a recorded research consent count as
   * consent (docs/product.md §47); absent: false.
   */
  unknownConsentCountsForResearch?: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  // Secure when the page is served over HTTPS (directly, or behind a proxy with TRUST_PROXY).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

const tokenHash = (value: string) => sha256(value).toString('hex');

/** /auswertung and /api/auswertung/*: the researchers' page, its login and its statistics. */
export const auswertungPlugin: FastifyPluginAsync<AuswertungOptions> = async (app, options) => {
  const { db, guard } = options;
  const minChildren = options.minChildren ?? minChildrenFromEnv();
  const research = db.research;
  if (!research) throw new Error('the results store has no research queries');
  useZodSchemas(app, describeFilterIssues);

  // Older entries than this go in the server's daily pass (server/retention.ts); the page says it.
  const protokollMonths = options.protokollMonths ?? DEFAULT_PROTOKOLL_MONTHS;

  // A hash of the key, never the key: a copy of the database cannot open anything with it.
  const keyFingerprint = createHash('sha256')
    .update(`zaehltest /auswertung session key\0${options.exportToken}`)
    .digest('hex');
  const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const value = readCookie(request, SESSION_COOKIE);
    if (!value || !(await research.hasSession(tokenHash(value), keyFingerprint))) {
      return reply.code(401).send({ error: 'Bitte anmelden.' });
    }
  };
  // Research sees only results with the parents' research consent (docs/product.md §47): the one
  // place that sets it for every statistics and download request.
  const researchScope = async (request: FastifyRequest<Filtered>) => {
    request.query.researchConsent = options.unknownConsentCountsForResearch
      ? 'consent-or-unknown'
      : 'consent';
  };
  /** A statistics or download request: signed in (checked before the filter), then the filter. */
  const filtered = {
    onRequest: requireSession,
    preHandler: researchScope,
    schema: { querystring: filterQuery },
  };
  type Filtered = { Querystring: StatisticsFilter };

  if (options.hasPage) {
    app.get(PAGE_PATH, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('auswertung.html'),
    );
  }

  app.post<{ Body: { token?: unknown } | undefined }>(
    `${API}/login`,
    { config: { rateLimit: options.rateLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.body?.token;
      const check = guard.check(request.ip, typeof token === 'string' ? token : undefined);
      if (check.outcome === 'blocked') {
        return reply
          .code(429)
          .header('retry-after', String(check.retryAfterSeconds))
          .send({
            error: `Zu viele Fehlversuche. Bitte in ${Math.ceil(check.retryAfterSeconds / 60)} Minuten erneut versuchen.`,
          });
      }
      if (check.outcome === 'refused') {
        await record(research, request.log, {
          kind: 'login-failed',
          actor: ACTOR.unknown,
          detail: 'falscher Zugangsschlüssel',
        });
        return reply.code(401).send({ error: 'Der Zugangsschlüssel stimmt nicht.' });
      }
      const value = randomBytes(32).toString('base64url');
      await research.createSession(
        tokenHash(value),
        new Date(Date.now() + SESSION_HOURS * 3600_000),
        keyFingerprint,
      );
      await record(research, request.log, { kind: 'login', actor: ACTOR.page });
      return reply
        .header('set-cookie', sessionCookie(request, value, SESSION_HOURS * 3600))
        .code(204)
        .send();
    },
  );

  app.post(`${API}/logout`, async (request, reply) => {
    const value = readCookie(request, SESSION_COOKIE);
    if (value) await research.deleteSession(tokenHash(value));
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', sessionCookie(request, '', 0))
      .code(204)
      .send();
  });

  app.get(`${API}/session`, { onRequest: requireSession }, async () => ({ ok: true }));

  app.get<Filtered>(`${API}/overview`, filtered, async (request) => research.overview(request.query));

  // The statistics count children, one test each (docs/product.md §24); each answer says which
  // test and from how few children on a value carries a warning.
  app.get<Filtered>(`${API}/levels`, filtered, async (request): Promise<Levels> => {
    const { test, ...filter } = request.query;
    return { test, minChildren, ...(await research.childLevels(filter, test)) };
  });

  app.get<Filtered>(`${API}/items`, filtered, async (request): Promise<ItemsAnswer> => {
    const { test, ...filter } = request.query;
    const sums = await research.itemSums(filter, test);
    return { test, minChildren, groups: sums.map((group) => analyseItems(group, minChildren)) };
  });

  app.get<Filtered>(`${API}/dif`, filtered, async (request): Promise<DifAnswer> => {
    // DIF compares languages: a language filter would leave nothing to compare, so it is ignored.
    const { language: _ignored, test, ...acrossLanguages } = request.query;
    return {
      test,
      minChildren,
      reference: REFERENCE_LANGUAGE,
      items: differentialItemFunctioning(await research.scoreStrata(acrossLanguages, test), minChildren),
    };
  });

  app.get<Filtered>(`${API}/progress`, filtered, async (request) =>
    progressStatistics(await research.progressGroups(request.query)),
  );

  // 'Zweisprachige Profile' (docs/product.md §44): children tested in their home language and in
  // German; 'Tests je Kind' does not apply (each child counts with its first pair).
  app.get<Filtered>(`${API}/bilingual`, filtered, async (request): Promise<Bilingual> => {
    const { test: _ignored, ...filter } = request.query;
    return bilingualStatistics(await research.bilingualPairs(filter), minChildren);
  });

  const download =
    (kind: 'csv' | 'json') => async (request: FastifyRequest<Filtered>, reply: FastifyReply) => {
      const { test: _notAFilterOfRows, ...filter } = request.query;
      await record(research, request.log, {
        kind: 'export',
        actor: ACTOR.page,
        detail: `${kind.toUpperCase()}, ${describeFilter(filter)}`,
      });
      const rows = research.iterateResults(request.query);
      return reply
        .header(
          'content-type',
          kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="zaehltest-auswertung-${fileNameDay()}.${kind}"`)
        .send(Readable.from(kind === 'csv' ? csvChunks(rows, options.exportTimeZone) : jsonChunks(rows)));
    };
  app.get<Filtered>(`${API}/results.csv`, filtered, download('csv'));
  app.get<Filtered>(`${API}/results.json`, filtered, download('json'));

  app.delete<{ Params: { submissionId: string } }>(
    `${API}/results/:submissionId`,
    { onRequest: requireSession },
    async (request, reply) => {
      const parsed = z.uuid().safeParse(request.params.submissionId.trim());
      if (!parsed.success) return reply.code(400).send({ error: 'Die Einsendungs-ID ist keine gültige ID.' });
      const deleted = await research.deleteBySubmissionId(parsed.data);
      if (!deleted) return reply.code(404).send({ error: 'Kein Ergebnis mit dieser Einsendungs-ID.' });
      request.log.warn('a result was deleted on request by its submission id (/auswertung)');
      // With its child code's keyed hash, so that the check of a parent's request finds it too.
      await record(research, request.log, {
        kind: 'deletion',
        actor: ACTOR.page,
        count: 1,
        detail: 'ein Ergebnis (Einsendungs-ID)',
        ...(deleted.childCode ? { childCode: deleted.childCode } : {}),
      });
      return reply.code(204).send();
    },
  );

  // Deletion by child code (a parent's request): the page asks for the count first, names it in
  // its confirmation, then deletes; the Protokoll records it with the code's keyed hash. The code
  // is never logged.
  const childRoute = {
    onRequest: requireSession,
    schema: { querystring: childCodeQuery },
  };
  app.get<{ Querystring: ChildCodeQuery }>(`${API}/child-results`, childRoute, async (request) => ({
    count: await research.countByChildCode(request.query.childCode),
  }));
  app.delete<{ Querystring: ChildCodeQuery }>(`${API}/child-results`, childRoute, async (request) => {
    return { deleted: await deleteChildResults(research, request.log, request.query.childCode, ACTOR.page) };
  });

  protokollRoutes(app, {
    api: API,
    protokoll: research,
    requireSession,
    exportTimeZone: options.exportTimeZone,
    months: protokollMonths,
  });
};
