import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Bilingual, DifAnswer, ItemsAnswer, Levels } from '../../schemas/auswertung-api.ts';
import type { Me } from '../../schemas/verwaltung-api.ts';
import {
  type Access,
  accountActor,
  checkSiteInScope,
  childScope,
  EVERY_ROLE,
  principalOf,
  requestActor,
  researchConsentOf,
  SESSION_COOKIE,
  scopeOf,
  sha256Hex,
} from '../auth/access.ts';
import type { TokenGuard } from '../auth/export-token.ts';
import { type LoginThrottle, throttleKeys } from '../auth/login-throttle.ts';
import { unknownAccountHash, verifyPassword } from '../auth/passwords.ts';
import { ACTOR, deleteChildResults, describeFilter, record } from '../auth/protokoll-entries.ts';
import type { Principal } from '../db/accounts.ts';
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

/** The researchers' page and its API (docs/product.md §24, §47). */
export const PAGE_PATH = '/auswertung';
const API = '/api/auswertung';

export { SESSION_COOKIE };
/** A working day; then the researcher logs in again. */
export const SESSION_HOURS = 8;

export interface AuswertungOptions {
  db: ResultStore;
  /** Who asks (server/auth/access.ts): sessions, API tokens, EXPORT_TOKEN. */
  access: Access;
  /**
   * EXPORT_TOKEN's guard (server/auth/export-token.ts): constant-time check, and wrong tokens
   * counted per address together with those sent to the export; absent without EXPORT_TOKEN.
   */
  guard: TokenGuard | undefined;
  /** Growing delays after failed logins, per address and per account (server/auth/login-throttle.ts). */
  throttle: LoginThrottle;
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
   * consent (docs/product.md §48); absent: false.
   */
  unknownConsentCountsForResearch?: boolean;
}

function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  // Secure when the page is served over HTTPS (directly, or behind a proxy with TRUST_PROXY).
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/** What a signed-in page is told about who it is (schemas/verwaltung-api.ts Me). */
export const meOf = (principal: Principal): Me => ({
  name: principal.name,
  role: principal.role,
  sites: principal.sites,
  ...(principal.role === 'sprache' && { languages: principal.languages }),
  mustChangePassword: principal.mustChangePassword,
});

const loginBody = z.union([
  z.object({ name: z.string().trim().min(1).max(100), password: z.string().min(1).max(1000) }),
  z.object({ token: z.string().min(1).max(1000) }),
]);

/**
 * /auswertung and /api/auswertung/*: the researchers' page, the login it shares with /verwaltung,
 * and its statistics, downloads and deletions — each limited to the Einrichtungen of who asks.
 */
export const auswertungPlugin: FastifyPluginAsync<AuswertungOptions> = async (app, options) => {
  const { db, access, guard, throttle } = options;
  const minChildren = options.minChildren ?? minChildrenFromEnv();
  const research = db.research;
  const accounts = db.accounts;
  if (!research || !accounts) throw new Error('the results store has no research queries');
  useZodSchemas(app, describeFilterIssues);

  // Older entries than this go in the server's daily pass (server/retention.ts); the page says it.
  const protokollMonths = options.protokollMonths ?? DEFAULT_PROTOKOLL_MONTHS;

  const requireSession = access.require();
  // Research sees only results with the parents' research consent (docs/product.md §48): the one
  // place that sets it for every statistics and download request of role Forschung (the
  // EXPORT_TOKEN's too). A Kita-Leitung and the Verwaltung see their Kitas' results whatever the
  // consent to research.
  const researchScope = async (request: FastifyRequest<Filtered>) => {
    const rule = researchConsentOf(principalOf(request), options.unknownConsentCountsForResearch);
    if (rule) request.query.researchConsent = rule;
  };
  /** A statistics or download request: signed in (checked before the filter), then the filter. */
  const filtered = {
    onRequest: requireSession,
    preHandler: researchScope,
    schema: { querystring: filterQuery },
  };
  type Filtered = { Querystring: StatisticsFilter };
  /**
   * The request's filter limited to the asker's Einrichtungen; an Einrichtung named in the filter
   * that is not one of them is refused (403) rather than answered with nothing.
   */
  const scoped = <F extends { site?: string }>(
    request: FastifyRequest,
    filter: F,
  ): F & { scope?: string[] } => {
    const scope = scopeOf(principalOf(request));
    checkSiteInScope(scope, filter.site);
    return scope ? { ...filter, scope } : filter;
  };

  if (options.hasPage) {
    app.get(PAGE_PATH, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('auswertung.html'),
    );
  }

  const openSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    create: (hash: string, expiresAt: Date) => Promise<void>,
  ) => {
    const value = randomBytes(32).toString('base64url');
    await create(sha256Hex(value), new Date(Date.now() + SESSION_HOURS * 3600_000));
    return reply
      .header('set-cookie', sessionCookie(request, value, SESSION_HOURS * 3600))
      .code(204)
      .send();
  };
  const tooMany = (reply: FastifyReply, seconds: number) =>
    reply
      .code(429)
      .header('retry-after', String(seconds))
      .send({
        error:
          seconds >= 120
            ? `Zu viele Fehlversuche. Bitte in ${Math.ceil(seconds / 60)} Minuten erneut versuchen.`
            : `Zu viele Fehlversuche. Bitte in ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'} erneut versuchen.`,
      });

  // One login for /auswertung and /verwaltung: an account's name and password, or EXPORT_TOKEN.
  app.post<{ Body: unknown }>(
    `${API}/login`,
    { config: { rateLimit: options.rateLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const parsed = loginBody.safeParse(request.body);
      if (!parsed.success)
        return reply.code(400).send({ error: 'Bitte Benutzername und Passwort eingeben.' });
      const body = parsed.data;
      if ('token' in body) {
        const check = guard ? guard.check(request.ip, body.token) : ({ outcome: 'refused' } as const);
        if (check.outcome === 'blocked') return tooMany(reply, check.retryAfterSeconds);
        if (check.outcome === 'refused') {
          await record(research, request.log, {
            kind: 'login-failed',
            actor: ACTOR.unknown,
            detail: 'falscher Zugangsschlüssel',
          });
          return reply.code(401).send({ error: 'Der Zugangsschlüssel stimmt nicht.' });
        }
        await record(research, request.log, { kind: 'login', actor: ACTOR.page });
        return openSession(request, reply, (hash, expiresAt) =>
          research.createSession(hash, expiresAt, access.keyFingerprint),
        );
      }
      const keys = throttleKeys(request.ip, body.name);
      const wait = throttle.waitMs(keys);
      if (wait > 0) return tooMany(reply, Math.ceil(wait / 1000));
      const account = await accounts.accountForLogin(body.name);
      // An unknown name costs the same time as a wrong password, so names cannot be found by timing.
      const matches = await verifyPassword(
        body.password,
        account?.passwordHash ?? (await unknownAccountHash()),
      );
      if (!account || !matches || account.disabled) {
        throttle.failed(keys);
        await record(research, request.log, {
          kind: 'login-failed',
          actor: account ? accountActor(account) : ACTOR.unknown,
          detail:
            account?.disabled && matches
              ? 'Konto deaktiviert'
              : 'falscher Benutzername oder falsches Passwort',
        });
        return reply.code(401).send({
          error:
            account?.disabled && matches
              ? 'Dieses Konto ist deaktiviert. Bitte die Verwaltung fragen.'
              : 'Benutzername oder Passwort stimmen nicht.',
        });
      }
      throttle.succeeded(keys);
      await record(research, request.log, { kind: 'login', actor: accountActor(account) });
      return openSession(request, reply, (hash, expiresAt) =>
        accounts.createAccountSession(hash, expiresAt, account),
      );
    },
  );

  app.post(`${API}/logout`, async (request, reply) => {
    const hash = access.sessionHash(request);
    if (hash) await research.deleteSession(hash);
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', sessionCookie(request, '', 0))
      .code(204)
      .send();
  });

  // Who is signed in; also while a one-time password waits to be replaced (the page then asks for a new one).
  app.get(
    `${API}/session`,
    { onRequest: access.require({ roles: EVERY_ROLE, passwordChange: true }) },
    async (request) => meOf(principalOf(request)),
  );

  app.get<Filtered>(`${API}/overview`, filtered, async (request) =>
    research.overview(scoped(request, request.query)),
  );

  // The statistics count children, one test each (docs/product.md §24); each answer says which
  // test and from how few children on a value carries a warning.
  app.get<Filtered>(`${API}/levels`, filtered, async (request): Promise<Levels> => {
    const { test, ...filter } = scoped(request, request.query);
    return { test, minChildren, ...(await research.childLevels(filter, test)) };
  });

  app.get<Filtered>(`${API}/items`, filtered, async (request): Promise<ItemsAnswer> => {
    const { test, ...filter } = scoped(request, request.query);
    const sums = await research.itemSums(filter, test);
    return { test, minChildren, groups: sums.map((group) => analyseItems(group, minChildren)) };
  });

  app.get<Filtered>(`${API}/dif`, filtered, async (request): Promise<DifAnswer> => {
    // DIF compares languages: a language filter would leave nothing to compare, so it is ignored.
    const { language: _ignored, test, ...acrossLanguages } = scoped(request, request.query);
    return {
      test,
      minChildren,
      reference: REFERENCE_LANGUAGE,
      items: differentialItemFunctioning(await research.scoreStrata(acrossLanguages, test), minChildren),
    };
  });

  app.get<Filtered>(`${API}/progress`, filtered, async (request) =>
    progressStatistics(await research.progressGroups(scoped(request, request.query))),
  );

  // 'Zweisprachige Profile' (docs/product.md §44): children tested in their home language and in
  // German; 'Tests je Kind' does not apply (each child counts with its first pair).
  app.get<Filtered>(`${API}/bilingual`, filtered, async (request): Promise<Bilingual> => {
    const { test: _ignored, ...filter } = scoped(request, request.query);
    return bilingualStatistics(await research.bilingualPairs(filter), minChildren);
  });

  const download =
    (kind: 'csv' | 'json') => async (request: FastifyRequest<Filtered>, reply: FastifyReply) => {
      const { test: _notAFilterOfRows, ...filter } = request.query;
      const limited = scoped(request, filter);
      await record(research, request.log, {
        kind: 'export',
        actor: requestActor(request),
        detail: `${kind.toUpperCase()}, ${describeFilter(filter)}${limited.scope ? `, Einrichtungen: ${limited.scope.join(', ')}` : ''}`,
      });
      const rows = research.iterateResults(limited);
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
      const deleted = await research.deleteBySubmissionId(parsed.data, scopeOf(principalOf(request)));
      if (!deleted) return reply.code(404).send({ error: 'Kein Ergebnis mit dieser Einsendungs-ID.' });
      request.log.warn('a result was deleted on request by its submission id (/auswertung)');
      // With its child code's keyed hash, so that the check of a parent's request finds it too.
      await record(research, request.log, {
        kind: 'deletion',
        actor: requestActor(request),
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
    count: await research.countByChildCode(
      request.query.childCode,
      childScope(principalOf(request), request.query.site),
    ),
  }));
  app.delete<{ Querystring: ChildCodeQuery }>(`${API}/child-results`, childRoute, async (request) => {
    return {
      deleted: await deleteChildResults(research, request.log, request.query.childCode, {
        actor: requestActor(request),
        scope: childScope(principalOf(request), request.query.site),
      }),
    };
  });

  protokollRoutes(app, {
    api: API,
    protokoll: research,
    access,
    exportTimeZone: options.exportTimeZone,
    months: protokollMonths,
  });
};
