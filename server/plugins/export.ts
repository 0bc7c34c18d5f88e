import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Access, childScope, principalOf, requestActor, scopeOf } from '../auth/access.ts';
import { deleteChildResults, record } from '../auth/protokoll-entries.ts';
import type { ResultStore } from '../db/index.ts';
import { csvChunks, fileNameDay, jsonChunks } from '../export.ts';
import { type ChildCodeQuery, childCodeQuery } from './child-code.ts';
import { UPLOAD_PATH } from './upload.ts';
import { useZodSchemas } from './zod-validation.ts';

export interface ExportOptions {
  db: ResultStore;
  /** Who asks (server/auth/access.ts): an account's API token or EXPORT_TOKEN. */
  access: Access;
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
  const { db, access, exportTimeZone } = options;
  useZodSchemas(app);

  // Bearer only (a script's route): an account's API token or EXPORT_TOKEN. Runs before the general
  // rate limit counts the request: wrong tokens are limited hardest, per address, and a blocked
  // address gets 429 whatever token it sends (no answer to learn from).
  const authorize = access.require({ session: false });
  const route = { onRequest: authorize, config: { rateLimit: options.rateLimit } };

  const research = db.research;
  /** An export is recorded when it starts (docs/product.md §46). */
  const recordExport = (request: FastifyRequest, format: 'CSV' | 'JSON') => {
    const scope = scopeOf(principalOf(request));
    return research
      ? record(research, request.log, {
          kind: 'export',
          actor: requestActor(request),
          detail: `${format}, ${scope ? `Einrichtungen: ${scope.join(', ')}` : 'alle Ergebnisse'}`,
        })
      : undefined;
  };
  /** All results the asker may see: of its Einrichtungen, or all. */
  const visibleResults = (request: FastifyRequest) => {
    const scope = scopeOf(principalOf(request));
    return scope && research ? research.iterateResults({ scope }) : db.iterateResults();
  };

  app.get('/api/results.csv', route, async (request, reply) => {
    await recordExport(request, 'CSV');
    return sendStream(
      reply,
      csvChunks(visibleResults(request), exportTimeZone),
      'text/csv; charset=utf-8',
      `zaehltest-ergebnisse-${fileNameDay()}.csv`,
    );
  });
  app.get('/api/results.json', route, async (request, reply) => {
    await recordExport(request, 'JSON');
    return sendStream(
      reply,
      jsonChunks(visibleResults(request)),
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
      return {
        count: await research.countByChildCode(
          request.query.childCode,
          childScope(principalOf(request), request.query.site),
        ),
      };
    },
  );
  app.delete<{ Querystring: ChildCodeQuery }>(
    UPLOAD_PATH,
    { ...route, schema: { querystring: childCodeQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        deleted: await deleteChildResults(research, request.log, request.query.childCode, {
          actor: requestActor(request),
          scope: childScope(principalOf(request), request.query.site),
        }),
      };
    },
  );
};
