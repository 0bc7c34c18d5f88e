import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { type ResultPayload, resultPayloadSchema } from '../../schemas/result-payload.ts';
import { RejectedValueError, type ResultStore } from '../db/index.ts';
import { RESULT_CODES } from '../languages.ts';
import { keepRawBody, type UploadGate } from '../tablets/signature.ts';
import { useZodSchemas } from './zod-validation.ts';

export const UPLOAD_PATH = '/api/results';

export interface UploadOptions {
  db: ResultStore;
  /** Fastify rate-limit config of the upload (per client address), or false for none. */
  rateLimit: { max: number; timeWindow: number } | false;
  /** Whose uploads are taken: enrolled tablets' (signed), and unsigned ones under UPLOAD_ACCESS=open. */
  gate: UploadGate;
}

/**
 * The preflight of a cross-origin POST of JSON to `path`: a tablet built with RESULT_ENDPOINT on a
 * central server posts there (the origin header itself is set in app.ts for every answer).
 */
export function answerPreflight(app: FastifyInstance, path: string): void {
  app.options(path, async (_request, reply) =>
    reply
      .code(204)
      .headers({
        'access-control-allow-methods': 'POST',
        // An enrolled tablet signs its requests (docs/product.md §51).
        'access-control-allow-headers': 'content-type, x-zaehltest-tablet',
        'access-control-max-age': '86400',
      })
      .send(),
  );
}

/** POST /api/results: a finished test's result, stored once per submissionId (docs/product.md §9). */
export const uploadPlugin: FastifyPluginAsync<UploadOptions> = async (app, { db, rateLimit, gate }) => {
  useZodSchemas(app);
  keepRawBody(app);

  answerPreflight(app, UPLOAD_PATH);

  // Only the result codes of the language packs (server/languages.ts) are stored.
  const knownLanguage = resultPayloadSchema.refine(
    // A malformed code has its own message from the schema; this names the codes the packs define.
    (payload) =>
      typeof payload.language !== 'string' ||
      !/^[1-9][0-9]{0,2}$/.test(payload.language) ||
      RESULT_CODES.includes(payload.language),
    {
      path: ['language'],
      error: `muss der Ergebniscode einer Sprache des Tests sein: ${RESULT_CODES.map((code) => `'${code}'`).join(', ')}`,
    },
  );
  app.post<{ Body: ResultPayload }>(
    UPLOAD_PATH,
    { schema: { body: knownLanguage }, config: { rateLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const checked = await gate(request, request.body.site);
      if (!checked.ok)
        return reply.code(checked.status).send({ error: checked.error, reason: checked.reason });
      try {
        const { id, created } = await db.insertResult(request.body, checked.origin);
        return reply.code(created ? 201 : 200).send({ id });
      } catch (error) {
        // The schema refuses what the database would (dates 1900–2999, answers by their type), so
        // this is a gap in it: refused as the client's data, without guessing which field it was.
        if (error instanceof RejectedValueError)
          return reply
            .code(400)
            .send({ error: 'body: die Datenbank hat einen Wert des Ergebnisses abgelehnt' });
        throw error;
      }
    },
  );
};
