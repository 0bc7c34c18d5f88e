import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { Readable } from 'node:stream';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { z } from 'zod';
import { resultPayloadSchema } from '../schemas/result-payload.ts';
import { PAGE_PATH, registerAuswertung } from './auswertung/routes.ts';
import { bearerToken, createTokenGuard, type TokenGuard } from './auth/export-token.ts';
import { RejectedValueError, type ResultStore } from './db/index.ts';
import { csvChunks, DEFAULT_EXPORT_TIME_ZONE, jsonChunks } from './export.ts';

const UPLOAD_PATH = '/api/results';

/** Largest accepted upload; a real result is about 700 bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Per client address and minute: far above what a Kita sends (a few results per hour), far below a flood. */
export const DEFAULT_UPLOADS_PER_MINUTE = 600;

export interface ServerOptions {
  db: ResultStore;
  /** The built app (dist/); without it only the API is served. */
  staticDir?: string;
  /** Enables GET /api/results.csv and /api/results.json for `Authorization: Bearer <token>`. */
  exportToken?: string;
  /** Upload limit per client address, or false for none (benchmarks). */
  rateLimit?: { max: number; timeWindowMs: number } | false;
  /** Fastify's logger: false, or a level ('info', 'warn', …). Payloads are never logged. */
  logLevel?: string | false;
  /** Behind a reverse proxy: trust X-Forwarded-For (true, or the proxy addresses, comma-separated). */
  trustProxy?: boolean | string;
  /** Time zone of the received time in the CSV. */
  exportTimeZone?: string;
  /** Wrong export tokens per client address and window before it is refused with 429. */
  exportTokenFailures?: { max: number; windowMs: number };
}

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React style props and html2canvas (PDF) set inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
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

/** Files that must be revalidated on every load, so that a new version reaches the devices. */
const NO_CACHE = 'no-cache';
/** Vite names files under assets/ by content hash: they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `field: problem` for each issue, e.g. "question5: must be true or false". */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')}: unknown field`;
      if (issue.path.length === 0) return 'body: must be a JSON object';
      return `${issue.path.join('.')}: ${issue.message}`;
    })
    .join('; ');
}

/** Turns an error into the message a client may see: never a stack trace or an internal detail. */
function clientError(error: { code?: string; message: string; statusCode?: number }): {
  status: number;
  message: string;
} {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) return { status: 500, message: 'internal server error' };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status, message: `body: larger than ${MAX_BODY_BYTES / 1024} KB` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status, message: 'content-type: must be application/json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status, message: 'body: must be a JSON object' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status, message: 'body: not valid JSON' };
  }
  if (error instanceof SyntaxError) return { status, message: 'body: not valid JSON' };
  return { status, message: error.message };
}

function sendStream(reply: FastifyReply, chunks: AsyncGenerator<string>, type: string, fileName: string) {
  return (
    reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      // Readable.from pulls the next chunk only when the client has taken the previous ones
      // (backpressure): a slow download never makes the server read the table ahead of it.
      .send(Readable.from(chunks))
  );
}

/** The results server: the built app, the upload API, the researchers' export and a health check. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { db } = options;
  const logger: FastifyServerOptions['logger'] =
    options.logLevel === false
      ? false
      : {
          level: options.logLevel ?? 'info',
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
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    // The upload endpoint accepts cross-origin posts, for apps built with RESULT_ENDPOINT pointing
    // to a central server; no credentials are involved, so any origin may post. Set before any
    // other hook, so that a cross-origin client also reads its 400, 413 or 429.
    // Matched by route, so a query string (`/api/results?x=1`) gets the header too.
    if (request.routeOptions.url === UPLOAD_PATH) reply.header('access-control-allow-origin', '*');
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const { status, message } = clientError(error);
    // The error's message and stack go to the log; a database error's `detail` (row values) does not.
    if (status >= 500)
      request.log.error({ err: { message: error.message, stack: error.stack } }, 'request failed');
    return reply.code(status).send({ error: message });
  });

  if (options.rateLimit !== false) {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`too many requests; retry in ${context.after}`), {
          statusCode: context.statusCode,
        }),
    });
  }
  const limit =
    options.rateLimit === false
      ? undefined
      : (options.rateLimit ?? { max: DEFAULT_UPLOADS_PER_MINUTE, timeWindowMs: 60_000 });
  const rateLimit = limit ? { max: limit.max, timeWindow: limit.timeWindowMs } : false;

  app.options(UPLOAD_PATH, async (_request, reply) =>
    reply
      .code(204)
      .headers({
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '86400',
      })
      .send(),
  );

  app.post(UPLOAD_PATH, { config: { rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = resultPayloadSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: describeIssues(parsed.error.issues) });
    try {
      const { id, created } = await db.insertResult(parsed.data);
      return reply.code(created ? 201 : 200).send({ id });
    } catch (error) {
      if (error instanceof RejectedValueError)
        return reply.code(400).send({ error: `born: ${error.message}` });
      throw error;
    }
  });

  // One probe at a time, however often monitoring asks: concurrent checks share its outcome.
  let writeCheck: Promise<void> | undefined;
  app.get('/api/health', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      writeCheck ??= db.checkWrites().finally(() => {
        writeCheck = undefined;
      });
      await writeCheck;
      return { status: 'ok', db: db.kind };
    } catch (error) {
      request.log.error({ err: { message: (error as Error).message } }, 'database check failed');
      return reply.code(503).send({ status: 'error', db: db.kind });
    }
  });

  const { exportToken } = options;
  // One guard for every way the token is presented (Bearer header, the /auswertung login), so
  // guesses count against one budget per address.
  let guard: TokenGuard | undefined;
  if (exportToken) {
    const exportTimeZone = options.exportTimeZone ?? DEFAULT_EXPORT_TIME_ZONE;
    guard = createTokenGuard({
      token: exportToken,
      maxFailures: options.exportTokenFailures?.max,
      windowMs: options.exportTokenFailures?.windowMs,
      // The address, so the operator can block it; never the token that was tried.
      onRepeatedFailures: ({ address, failures, blocked }) =>
        app.log.warn(
          { address, failures, blocked },
          `export: ${failures} wrong tokens from ${address}${blocked ? ', now refused with 429' : ''}`,
        ),
    });
    // Runs before the general rate limit counts the request: wrong tokens are limited hardest,
    // per address, and a blocked address gets 429 whatever token it sends (no answer to learn from).
    const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
      const check = (guard as TokenGuard).check(request.ip, bearerToken(request.headers.authorization));
      if (check.outcome === 'blocked') {
        return reply
          .code(429)
          .header('retry-after', String(check.retryAfterSeconds))
          .send({ error: `too many wrong tokens; retry in ${check.retryAfterSeconds} s` });
      }
      if (check.outcome === 'refused') {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'authorization: Bearer token required' });
      }
    };
    // Limited too, so that even a right token cannot be used to load the server at speed.
    const exportLimit = limit ? { max: 60, timeWindow: 60_000 } : false;
    const today = () => new Date().toISOString().slice(0, 10);
    app.get(
      '/api/results.csv',
      { onRequest: authorize, config: { rateLimit: exportLimit } },
      (_request, reply) =>
        sendStream(
          reply,
          csvChunks(db.iterateResults(), exportTimeZone),
          'text/csv; charset=utf-8',
          `zaehltest-ergebnisse-${today()}.csv`,
        ),
    );
    app.get(
      '/api/results.json',
      { onRequest: authorize, config: { rateLimit: exportLimit } },
      (_request, reply) =>
        sendStream(
          reply,
          jsonChunks(db.iterateResults()),
          'application/json; charset=utf-8',
          `zaehltest-ergebnisse-${today()}.json`,
        ),
    );
  }

  const { staticDir } = options;
  const hasApp = staticDir !== undefined && existsSync(`${staticDir}/index.html`);

  // The researchers' page: behind the export token too, so without one it does not exist.
  if (guard && db.research) {
    registerAuswertung(app, {
      db,
      guard,
      exportTimeZone: options.exportTimeZone ?? DEFAULT_EXPORT_TIME_ZONE,
      hasPage: hasApp && existsSync(`${staticDir}/auswertung.html`),
      rateLimit: limit ? { max: 60, timeWindow: 60_000 } : false,
    });
  } else {
    app.get(PAGE_PATH, (_request, reply) =>
      reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('Die Auswertung ist auf diesem Server nicht eingerichtet (EXPORT_TOKEN ist nicht gesetzt).'),
    );
  }
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      dotfiles: 'deny',
      // The build writes .br/.gz copies of the hashed assets (scripts/compress/plugin.ts).
      preCompressed: true,
      setHeaders(response, path) {
        response.setHeader('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : NO_CACHE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] as string;
    // The app has one page; any other page path (a bookmark, a reload) gets it too. A missing file
    // (a path with an extension) stays a 404, so a stale script is never answered with HTML.
    const isPage = !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (hasApp && isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', NO_CACHE).sendFile('index.html');
    }
    return reply.code(404).send({ error: `${request.method} ${path}: not found` });
  });

  return app;
}
