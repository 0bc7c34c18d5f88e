import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Hashed text assets: their name changes with their content, so a .br/.gz beside one is never stale. */
const COMPRESSIBLE = /^assets\/.+\.(js|css|svg)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli and a gzip copy beside every hashed text asset of the build; the server sends them
 * to browsers that accept them (@fastify/static `preCompressed`). The first load on a slow Kita
 * connection then moves about a third of the bytes (issue 7: Lighthouse mobile performance was 85
 * with the app's 350 kB of JavaScript sent uncompressed).
 */
export function compressPlugin(): Plugin {
  return {
    name: 'zaehltest-compress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const source = readFileSync(join(dir, fileName));
        if (source.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        writeFileSync(join(dir, `${fileName}.br`), brotli);
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}
