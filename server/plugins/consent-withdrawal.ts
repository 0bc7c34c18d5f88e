import type { FastifyPluginAsync } from 'fastify';
import { type ConsentWithdrawal, consentWithdrawalSchema } from '../../schemas/consent-withdrawal.ts';
import type { ResultStore } from '../db/index.ts';
import { keepRawBody, type UploadGate } from '../tablets/signature.ts';
import { answerPreflight } from './upload.ts';
import { useZodSchemas } from './zod-validation.ts';

export const CONSENT_WITHDRAWALS_PATH = '/api/consent-withdrawals';

export interface ConsentWithdrawalOptions {
  db: ResultStore;
  /** Fastify rate-limit config (per client address), as the upload's, or false for none. */
  rateLimit: { max: number; timeWindow: number } | false;
  /** As the upload's: signed by an enrolled tablet of the site, or unsigned under UPLOAD_ACCESS=open. */
  gate: UploadGate;
}

/**
 * POST /api/consent-withdrawals: the parents withdrew their research consent (docs/product.md §48).
 * From then on the child code's results of that site count as 'no' in research; a repeat changes
 * nothing (idempotent), so the tablet may send it again after a lost answer.
 */
export const consentWithdrawalPlugin: FastifyPluginAsync<ConsentWithdrawalOptions> = async (
  app,
  { db, rateLimit, gate },
) => {
  useZodSchemas(app);
  keepRawBody(app);

  // Cross-origin like the upload: a tablet built with RESULT_ENDPOINT on a central server sends here too.
  answerPreflight(app, CONSENT_WITHDRAWALS_PATH);

  app.post<{ Body: ConsentWithdrawal }>(
    CONSENT_WITHDRAWALS_PATH,
    { schema: { body: consentWithdrawalSchema }, config: { rateLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const checked = await gate(request, request.body.site);
      if (!checked.ok)
        return reply.code(checked.status).send({ error: checked.error, reason: checked.reason });
      const results = await db.withdrawResearchConsent(request.body);
      // The count only, never the code.
      if (results > 0) request.log.info(`a research consent was withdrawn: ${results} results left research`);
      return reply.code(200).send({ results });
    },
  );
};
