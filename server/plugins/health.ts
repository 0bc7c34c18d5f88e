import type { FastifyPluginAsync } from 'fastify';
import type { ResultStore } from '../db/index.ts';

/** GET /api/health: whether the database answers and takes writes (for monitoring). */
export const healthPlugin: FastifyPluginAsync<{ db: ResultStore }> = async (app, { db }) => {
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
};
