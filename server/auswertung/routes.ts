import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TokenGuard } from '../auth/export-token.ts';
import type { ResultStore } from '../db/index.ts';
import type { ResultFilter } from '../db/research.ts';
import { csvChunks, jsonChunks } from '../export.ts';
import { analyseItems, differentialItemFunctioning } from './statistics.ts';

/** The researchers' page and its API (docs/product.md §24). */
export const PAGE_PATH = '/auswertung';
const API = '/api/auswertung';
export const SESSION_COOKIE = 'zt_auswertung';
/** A working day; then the researcher logs in again. */
export const SESSION_HOURS = 8;

export interface AuswertungOptions {
  db: ResultStore;
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

const isoDay = z.iso.date({ error: 'must be a date YYYY-MM-DD' });
/** The query string of every statistics and download request. */
const filterSchema = z.strictObject({
  from: isoDay.optional(),
  to: isoDay.optional(),
  language: z.enum(['2', '3', '4'], { error: "must be '2', '3' or '4'" }).optional(),
  school: z
    .enum(['Kita', 'Grundschule', 'Foerderschule'], { error: 'must be Kita, Grundschule or Foerderschule' })
    .optional(),
  /** A content version, or 'ohne' for results without one. */
  version: z
    .union([z.literal('ohne'), z.string().regex(/^[0-9a-f]{6,64}$/)], {
      error: "must be a content version or 'ohne'",
    })
    .optional(),
});

function parseFilter(query: unknown): ResultFilter | string {
  // An empty field of the filter form means "any".
  const cleaned = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ''),
  );
  const parsed = filterSchema.safeParse(cleaned);
  if (!parsed.success) {
    return parsed.error.issues
      .map((issue) =>
        issue.code === 'unrecognized_keys'
          ? `${issue.keys.join(', ')}: unknown filter`
          : `${issue.path.join('.')}: ${issue.message}`,
      )
      .join('; ');
  }
  const { version, ...rest } = parsed.data;
  return {
    ...rest,
    ...(version === undefined ? {} : { contentVersion: version === 'ohne' ? null : version }),
  };
}

function stamp(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Registers /auswertung and /api/auswertung/* on the results server. */
export function registerAuswertung(app: FastifyInstance, options: AuswertungOptions): void {
  const { db, guard } = options;
  const research = db.research;
  if (!research) throw new Error('the results store has no research queries');

  const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const value = readCookie(request, SESSION_COOKIE);
    if (!value || !(await research.hasSession(tokenHash(value)))) {
      return reply.code(401).send({ error: 'Bitte anmelden.' });
    }
  };

  /** Parses the filter or answers 400; undefined means the reply has been sent. */
  const filterOf = (request: FastifyRequest, reply: FastifyReply): ResultFilter | undefined => {
    const filter = parseFilter(request.query);
    if (typeof filter === 'string') {
      void reply.code(400).send({ error: filter });
      return undefined;
    }
    return filter;
  };

  if (options.hasPage) {
    app.get(PAGE_PATH, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('auswertung.html'),
    );
  }

  app.post(`${API}/login`, { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = (request.body as { token?: unknown } | undefined)?.token;
    const check = guard.check(request.ip, typeof token === 'string' ? token : undefined);
    if (check.outcome === 'blocked') {
      return reply
        .code(429)
        .header('retry-after', String(check.retryAfterSeconds))
        .send({
          error: `Zu viele Fehlversuche. Bitte in ${Math.ceil(check.retryAfterSeconds / 60)} Minuten erneut versuchen.`,
        });
    }
    if (check.outcome === 'refused')
      return reply.code(401).send({ error: 'Der Zugangsschlüssel stimmt nicht.' });
    const value = randomBytes(32).toString('base64url');
    await research.createSession(tokenHash(value), new Date(Date.now() + SESSION_HOURS * 3600_000));
    return reply
      .header('set-cookie', sessionCookie(request, value, SESSION_HOURS * 3600))
      .code(204)
      .send();
  });

  app.post(`${API}/logout`, async (request, reply) => {
    const value = readCookie(request, SESSION_COOKIE);
    if (value) await research.deleteSession(tokenHash(value));
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', sessionCookie(request, '', 0))
      .code(204)
      .send();
  });

  app.get(`${API}/session`, { preHandler: requireSession }, async () => ({ ok: true }));

  app.get(`${API}/overview`, { preHandler: requireSession }, async (request, reply) => {
    const filter = filterOf(request, reply);
    if (filter) return research.overview(filter);
  });

  app.get(`${API}/items`, { preHandler: requireSession }, async (request, reply) => {
    const filter = filterOf(request, reply);
    if (!filter) return;
    const sums = await research.itemSums(filter);
    return { groups: sums.map(analyseItems) };
  });

  app.get(`${API}/dif`, { preHandler: requireSession }, async (request, reply) => {
    const filter = filterOf(request, reply);
    if (!filter) return;
    // DIF compares languages: a language filter would leave nothing to compare, so it is ignored.
    const { language: _ignored, ...acrossLanguages } = filter;
    return {
      reference: '2',
      items: differentialItemFunctioning(await research.scoreStrata(acrossLanguages)),
    };
  });

  const download = (kind: 'csv' | 'json') => async (request: FastifyRequest, reply: FastifyReply) => {
    const filter = filterOf(request, reply);
    if (!filter) return;
    const rows = research.iterateResults(filter);
    return reply
      .header('content-type', kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="zaehltest-auswertung-${stamp()}.${kind}"`)
      .send(Readable.from(kind === 'csv' ? csvChunks(rows, options.exportTimeZone) : jsonChunks(rows)));
  };
  app.get(`${API}/results.csv`, { preHandler: requireSession }, download('csv'));
  app.get(`${API}/results.json`, { preHandler: requireSession }, download('json'));

  app.delete<{ Params: { submissionId: string } }>(
    `${API}/results/:submissionId`,
    { preHandler: requireSession },
    async (request, reply) => {
      const parsed = z.uuid().safeParse(request.params.submissionId.trim());
      if (!parsed.success) return reply.code(400).send({ error: 'Die Einsendungs-ID ist keine gültige ID.' });
      const deleted = await research.deleteBySubmissionId(parsed.data);
      if (!deleted) return reply.code(404).send({ error: 'Kein Ergebnis mit dieser Einsendungs-ID.' });
      request.log.info('a result was deleted on request');
      return reply.code(204).send();
    },
  );
}
