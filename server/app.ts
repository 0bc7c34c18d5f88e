import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { auswertungPlugin, PAGE_PATH } from './auswertung/routes.ts';
import { createAccess } from './auth/access.ts';
import { createTokenGuard } from './auth/export-token.ts';
import { createLoginThrottle, type LoginThrottle } from './auth/login-throttle.ts';
import type { ResultStore } from './db/index.ts';
import { DEFAULT_EXPORT_TIME_ZONE } from './export.ts';
import { DEFAULT_UPLOADS_PER_MINUTE, MAX_BODY_BYTES } from './limits.ts';
import { CONSENT_WITHDRAWALS_PATH, consentWithdrawalPlugin } from './plugins/consent-withdrawal.ts';
import { exportPlugin } from './plugins/export.ts';
import { healthPlugin } from './plugins/health.ts';
import { NO_CACHE, staticPlugin } from './plugins/static.ts';
import { UPLOAD_PATH, uploadPlugin } from './plugins/upload.ts';
import type { Catalogue } from './sprachen/catalogue.ts';
import { sprachenPlugin } from './sprachen/routes.ts';
import { ENROL_PATH, STATUS_PATH, tabletsPlugin, tabletsVerwaltungPlugin } from './tablets/routes.ts';
import { createUploadGate, type UploadAccess } from './tablets/signature.ts';
import { type DatenschutzSettings, verwaltungPlugin } from './verwaltung/routes.ts';

// Re-exported for the server's callers; the constants live in limits.ts so that the
// Datenschutz-Unterlagen, served from a plugin of this app, can state them without an import cycle.
export { DEFAULT_UPLOADS_PER_MINUTE, MAX_BODY_BYTES };

export interface ServerOptions {
  db: ResultStore;
  /** The built app (dist/); without it only the API is served. */
  staticDir?: string;
  /**
   * EXPORT_TOKEN: a key with Forschung's rights on all Einrichtungen, for `Authorization: Bearer`
   * and the login of /auswertung (docs/product.md §47); accounts and their API tokens work without it.
   */
  exportToken?: string;
  /** Upload limit per client address, or false for none (benchmarks). */
  rateLimit?: { max: number; timeWindowMs: number } | false;
  /** Fastify's logger: false, or a level ('info', 'warn', …). Payloads are never logged. */
  logLevel?: string | false;
  /** Where the log lines go (default: standard output); tests read what is logged. */
  logStream?: { write(line: string): void };
  /** Behind a reverse proxy: trust X-Forwarded-For (true, or the proxy addresses, comma-separated). */
  trustProxy?: boolean | string;
  /** Time zone of the received time in the CSV. */
  exportTimeZone?: string;
  /** Wrong export tokens per client address and window before it is refused with 429. */
  exportTokenFailures?: { max: number; windowMs: number };
  /** Months the Protokoll keeps its entries (PROTOKOLL_MONTHS, docs/product.md §46); default 24. */
  protokollMonths?: number;
  /** Months the server keeps results after a child's latest test (RETENTION_MONTHS), shown on /verwaltung. */
  retentionMonths?: number;
  /** Delays after failed logins (tests make their own, with a clock of their own). */
  loginThrottle?: LoginThrottle;
  /**
   * The settings the server was started with, for the Datenschutz-Unterlagen on /verwaltung
   * (docs/privacy.md): its environment and the database it opened. Default: process.env, and the
   * database DATABASE_URL or DATA_DIR names.
   */
  datenschutz?: DatenschutzSettings;
  /**
   * UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH: research statistics and exports take results without a
   * recorded research consent as consented (docs/product.md §48); default false.
   */
  unknownConsentCountsForResearch?: boolean;
  /** The texts native speakers review (default: the server's build, docs/product.md §50); tests make their own. */
  sprachenCatalogue?: Catalogue;
  /**
   * UPLOAD_ACCESS (docs/product.md §51): 'open' (default) stores unsigned uploads as before;
   * 'enrolled' takes results and consent withdrawals only from enrolled tablets.
   */
  uploadAccess?: UploadAccess;
}

/** Enrolments per client address and minute (a code is guessed at most this often). */
const ENROLMENTS_PER_MINUTE = 20;

const JSON_TYPE = 'application/json; charset=utf-8';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React style props and html2canvas (PDF) set inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // The native review's recordings play from the tablet's stored copy (src/updates/stored-updates.ts).
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  // The authoring preview frames the app's own pages; no other site may frame it (clickjacking).
  "frame-ancestors 'self'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
};

/** What a client reads of a request the server could not answer: no stack trace, no internal detail. */
export const INTERNAL_ERROR = 'interner Fehler des Servers';

/**
 * Fastify's own refusals of a request, in German and naming the part of the request that is wrong
 * (docs/product.md §32). A refusal of our own code (a schema, a handler) carries its message.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `body: größer als ${MAX_BODY_BYTES / 1024} KB`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'content-type: muss application/json sein',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: muss ein JSON-Objekt sein',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body: kein gültiges JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content-length: passt nicht zur Länge des body',
  FST_ERR_CTP_EMPTY_TYPE: 'content-type: darf nicht leer sein',
  FST_ERR_BAD_URL: 'url: keine gültige Adresse (ungültige %-Kodierung)',
  FST_ERR_ASYNC_CONSTRAINT: 'url: Anfrage nicht zuzuordnen',
};

/** Turns an error into the status and German message a client may see. */
function clientError(error: { code?: string; message: string; statusCode?: number }): {
  status: number;
  message: string;
} {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) return { status: 500, message: INTERNAL_ERROR };
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (known) return { status, message: known };
  // secure-json-parse refuses `__proto__` keys with a SyntaxError of its own.
  if (error instanceof SyntaxError) return { status, message: 'body: kein gültiges JSON' };
  // A schema's refusal (FST_ERR_VALIDATION) carries its German message; other Fastify codes do not.
  if (error.code?.startsWith('FST_') && error.code !== 'FST_ERR_VALIDATION')
    return { status, message: `Anfrage ungültig (${error.code})` };
  // A plugin's bare HTTP refusal (@fastify/static answers a path with NUL 'Bad Request').
  if (error.message === STATUS_CODES[status])
    return {
      status,
      message: `Anfrage abgelehnt: ${GERMAN_STATUS[status] ?? 'ungültige Anfrage'} (${status})`,
    };
  return { status, message: error.message };
}

/** The refusals a plugin may answer with only the status's English name. */
const GERMAN_STATUS: Record<number, string> = {
  400: 'ungültige Anfrage',
  403: 'Zugriff verweigert',
  404: 'nicht gefunden',
  405: 'Methode nicht erlaubt',
  406: 'Format nicht lieferbar',
  412: 'Vorbedingung nicht erfüllt',
  416: 'Bereich nicht lieferbar',
};

/** A route as registered: its methods and URL pattern (the property test walks them all). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route of a server built by buildServer, as registered (HEAD and OPTIONS routes included). */
export function routesOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

/**
 * The results server, composed of its plugins (docs/architecture.md, server): the built app
 * (static), the upload, the health check, the token API (export and deletion by child code) and
 * the researchers' page. Here only what spans them: logging, security headers, errors, rate limit.
 */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { db } = options;
  const logger: FastifyServerOptions['logger'] =
    options.logLevel === false
      ? false
      : {
          level: options.logLevel ?? 'info',
          ...(options.logStream ? { stream: options.logStream } : {}),
          // Only method and path: no bodies, no client addresses, no headers (tokens).
          serializers: {
            req: (request: { method: string; url: string }) => ({
              method: request.method,
              url: request.url.split('?')[0],
            }),
            res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
          },
        };
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Refusals before routing (a malformed %-escape in the path) get the app's JSON error too.
    frameworkErrors: (error, _request, reply) => {
      const { status, message } = clientError(error);
      (reply as FastifyReply).code(status).type(JSON_TYPE).send({ error: message });
    },
  });

  const routes: RegisteredRoute[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    // The upload endpoint accepts cross-origin posts, for apps built with RESULT_ENDPOINT pointing
    // to a central server; no credentials are involved, so any origin may post. Set before any
    // other hook, so that a cross-origin client also reads its 400, 413 or 429.
    // Matched by route, so a query string (`/api/results?x=1`) gets the header too.
    // Not the deletion by child code on the same path: it needs the token and stays same-origin.
    // The tablets' enrolment and status report (docs/product.md §51) come from the same apps.
    if (
      (request.routeOptions.url === UPLOAD_PATH && request.method !== 'DELETE') ||
      request.routeOptions.url === CONSENT_WITHDRAWALS_PATH ||
      request.routeOptions.url === ENROL_PATH ||
      request.routeOptions.url === STATUS_PATH
    )
      reply.header('access-control-allow-origin', '*');
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const { status, message } = clientError(error);
    // The error's message and stack go to the log; a database error's `detail` (row values) does not.
    if (status >= 500)
      request.log.error({ err: { message: error.message, stack: error.stack } }, 'request failed');
    // Always JSON, also where the route had set a download's type and file name (CSV, JSON export).
    reply.removeHeader('content-disposition');
    return reply.code(status).type(JSON_TYPE).send({ error: message });
  });

  if (options.rateLimit !== false) {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`Zu viele Anfragen: bitte in ${Math.ceil(context.ttl / 1000)} s erneut versuchen`),
          { statusCode: context.statusCode },
        ),
    });
  }
  const limit =
    options.rateLimit === false
      ? undefined
      : (options.rateLimit ?? { max: DEFAULT_UPLOADS_PER_MINUTE, timeWindowMs: 60_000 });
  const perMinute = (max: number) => (limit ? { max, timeWindow: 60_000 } : (false as const));

  const { staticDir } = options;
  const hasApp = staticDir !== undefined && existsSync(`${staticDir}/index.html`);
  // First, so that the other plugins' routes can send its files (reply.sendFile).
  if (hasApp) await app.register(staticPlugin, { root: staticDir });

  const uploadLimit = limit ? { max: limit.max, timeWindow: limit.timeWindowMs } : false;
  const gate = createUploadGate({ store: db.tablets, access: options.uploadAccess ?? 'open' });
  await app.register(uploadPlugin, { db, rateLimit: uploadLimit, gate });
  await app.register(healthPlugin, { db });
  await app.register(consentWithdrawalPlugin, { db, rateLimit: uploadLimit, gate });
  if (db.tablets)
    await app.register(tabletsPlugin, {
      db,
      enrolRateLimit: perMinute(ENROLMENTS_PER_MINUTE),
      statusRateLimit: uploadLimit,
    });

  const { exportToken } = options;
  const exportTimeZone = options.exportTimeZone ?? DEFAULT_EXPORT_TIME_ZONE;
  // One guard for every way a key is presented (Bearer header, the /auswertung login), so guesses
  // count against one budget per address. Without EXPORT_TOKEN it guards the API tokens alone
  // (its own key is then a random one nobody has).
  const guard = createTokenGuard({
    token: exportToken ?? randomBytes(32).toString('hex'),
    maxFailures: options.exportTokenFailures?.max,
    windowMs: options.exportTokenFailures?.windowMs,
    // The address, so the operator can block it; never the token that was tried.
    onRepeatedFailures: ({ address, failures, blocked }) =>
      app.log.warn(
        { address, failures, blocked },
        `export: ${failures} wrong tokens from ${address}${blocked ? ', now refused with 429' : ''}`,
      ),
  });
  const accounts = db.accounts;
  const access = accounts ? createAccess({ accounts, exportToken, guard }) : undefined;
  if (access)
    await app.register(exportPlugin, {
      db,
      access,
      exportTimeZone,
      rateLimit: perMinute(60),
      unknownConsentCountsForResearch: options.unknownConsentCountsForResearch,
    });

  // The researchers' page and the Verwaltung: accounts sign in (docs/product.md §47), and the
  // holder of EXPORT_TOKEN where one is set.
  if (access && db.research) {
    const throttle = options.loginThrottle ?? createLoginThrottle();
    await app.register(auswertungPlugin, {
      db,
      access,
      guard: exportToken ? guard : undefined,
      throttle,
      exportTimeZone,
      hasPage: hasApp && existsSync(`${staticDir}/auswertung.html`),
      rateLimit: perMinute(60),
      protokollMonths: options.protokollMonths,
      unknownConsentCountsForResearch: options.unknownConsentCountsForResearch,
    });
    await app.register(verwaltungPlugin, {
      db,
      access,
      hasPage: hasApp && existsSync(`${staticDir}/verwaltung.html`),
      retentionMonths: options.retentionMonths,
      protokollMonths: options.protokollMonths,
      datenschutz: options.datenschutz,
    });
    await app.register(sprachenPlugin, {
      db,
      access,
      hasPage: hasApp && existsSync(`${staticDir}/sprachen.html`),
      ...(hasApp && { staticDir }),
      ...(options.sprachenCatalogue && { catalogue: options.sprachenCatalogue }),
    });
    if (db.tablets)
      await app.register(tabletsVerwaltungPlugin, { db, access, staticDir: hasApp ? staticDir : undefined });
  } else {
    app.get(PAGE_PATH, (_request, reply) =>
      reply.code(404).send({ error: 'Die Auswertung ist auf diesem Server nicht eingerichtet.' }),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] as string;
    // The app has one page; any other page path (a bookmark, a reload) gets it too. A missing file
    // (a path with an extension) stays a 404, so a stale script is never answered with HTML.
    const isPage = !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (hasApp && isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', NO_CACHE).sendFile('index.html');
    }
    return reply.code(404).send({ error: `${request.method} ${path}: nicht gefunden` });
  });

  return app;
}
