import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type TokenGuard } from '../auth/export-token.ts';
import { ACTOR, deleteChildResults, record } from '../auth/protokoll-entries.ts';
import type { ResultStore } from '../db/index.ts';
import { csvChunks, fileNameDay, jsonChunks } from '../export.ts';
import { type ChildCodeQuery, childCodeQuery } from './child-code.ts';
import { UPLOAD_PATH } from './upload.ts';
import { useZodSchemas } from './zod-validation.ts';

export interface ExportOptions {
  db: ResultStore;
  /** The export token's guard, shared with the /auswertung login (one budget of guesses). */
  guard: TokenGuard;
  exportTimeZone: string;
  /** Limit per address and minute, so that even a right token cannot load the server at speed. */
  rateLimit: { max: number; timeWindow: number } | false;
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

/**
 * The researchers' API behind `Authorization: Bearer <EXPORT_TOKEN>`: the CSV and JSON export, and
 * the deletion of one child's results (a parent's request) by child code.
 */
export const exportPlugin: FastifyPluginAsync<ExportOptions> = async (app, options) => {
  const { db, guard, exportTimeZone } = options;
  useZodSchemas(app);

  // Runs before the general rate limit counts the request: wrong tokens are limited hardest,
  // per address, and a blocked address gets 429 whatever token it sends (no answer to learn from).
  const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
    const check = guard.check(request.ip, bearerToken(request.headers.authorization));
    if (check.outcome === 'blocked') {
      return reply
        .code(429)
        .header('retry-after', String(check.retryAfterSeconds))
        .send({
          error: `authorization: zu viele falsche Schlüssel; bitte in ${check.retryAfterSeconds} s erneut versuchen`,
        });
    }
    if (check.outcome === 'refused') {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'authorization: der Zugangsschlüssel fehlt oder stimmt nicht (Bearer)' });
    }
  };
  const route = { onRequest: authorize, config: { rateLimit: options.rateLimit } };

  const research = db.research;
  /** An export is recorded when it starts (docs/product.md §46). */
  const recordExport = (request: FastifyRequest, format: 'CSV' | 'JSON') =>
    research
      ? record(research, request.log, {
          kind: 'export',
          actor: ACTOR.script,
          detail: `${format}, alle Ergebnisse`,
        })
      : undefined;

  app.get('/api/results.csv', route, async (request, reply) => {
    await recordExport(request, 'CSV');
    return sendStream(
      reply,
      csvChunks(db.iterateResults(), exportTimeZone),
      'text/csv; charset=utf-8',
      `zaehltest-ergebnisse-${fileNameDay()}.csv`,
    );
  });
  app.get('/api/results.json', route, async (request, reply) => {
    await recordExport(request, 'JSON');
    return sendStream(
      reply,
      jsonChunks(db.iterateResults()),
      'application/json; charset=utf-8',
      `zaehltest-ergebnisse-${fileNameDay()}.json`,
    );
  });

  if (!research) return;
  // A parent's deletion request: first how many results the code has (to confirm with whoever
  // asked), then the deletion, answered with the number deleted and recorded in the Protokoll with
  // the code's keyed hash. The code is never logged.
  app.get<{ Querystring: ChildCodeQuery }>(
    `${UPLOAD_PATH}/count`,
    { ...route, schema: { querystring: childCodeQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { count: await research.countByChildCode(request.query.childCode) };
    },
  );
  app.delete<{ Querystring: ChildCodeQuery }>(
    UPLOAD_PATH,
    { ...route, schema: { querystring: childCodeQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        deleted: await deleteChildResults(research, request.log, request.query.childCode, ACTOR.script),
      };
    },
  );
};
