import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/** Files that must be revalidated on every load, so that a new version reaches the devices. */
export const NO_CACHE = 'no-cache';
/** Vite names files under assets/ by content hash: they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built app (dist/): its files, and its page for any other page path. Not encapsulated
 * (fastify-plugin): `reply.sendFile` serves /auswertung too, and the not-found handler is the app's.
 */
export const staticPlugin = fastifyPlugin<{ root: string }>(
  (async (app, { root }) => {
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      dotfiles: 'deny',
      // The build writes .br/.gz copies of the hashed assets (scripts/compress/plugin.ts).
      preCompressed: true,
      setHeaders(response, path) {
        response.setHeader('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : NO_CACHE);
      },
    });
  }) satisfies FastifyPluginAsync<{ root: string }>,
  { name: 'zaehltest-static' },
);
