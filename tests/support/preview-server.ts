import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { audioPlugin } from '../../scripts/content/audio-plugin.ts';
import { type LoadOptions, loadContent, ROOT_DIR } from '../../scripts/content/load.ts';
import { contentPreviewPlugin } from '../../scripts/content/preview-plugin.ts';
import { contentPlugin } from '../../scripts/content/vite-plugin.ts';

export interface PreviewServer {
  url: string;
  /** The temporary copy of content/ the server reads and writes. */
  contentDir: string;
  audioDir: string;
  /** What loadContent needs to read that copy as the build would. */
  options: LoadOptions;
  close(): Promise<void>;
}

/** A free loopback port for the dev server. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/**
 * The dev server with the authors' preview on a temporary copy of content/, so that a test may
 * edit packs and record prompts without touching the repository's. `prepare` changes the copy
 * before the server reads it; the copy must load without problems.
 */
export async function startPreviewServer(prepare?: (contentDir: string) => void): Promise<PreviewServer> {
  const root = mkdtempSync(join(tmpdir(), 'zaehltest-preview-'));
  const contentDir = join(root, 'content');
  const audioDir = join(contentDir, 'audio');
  // The packs' first line names ../../schemas/question.schema.json: keep that relative position.
  const options: LoadOptions = {
    contentDir,
    expectedCount: 23,
    schemaFile: join(root, 'schemas/question.schema.json'),
  };
  cpSync(join(ROOT_DIR, 'content'), contentDir, { recursive: true });
  prepare?.(contentDir);
  const { issues } = loadContent(options);
  if (issues.length) throw new Error(`the content copy has problems: ${JSON.stringify(issues)}`);
  const port = await freePort();
  const server = await createServer({
    configFile: false,
    root: ROOT_DIR,
    logLevel: 'silent',
    plugins: [
      react(),
      contentPlugin({ ...options, writeJsonSchema: false }),
      audioPlugin({ ...options, audioDir }),
      contentPreviewPlugin(options),
    ],
    server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: [ROOT_DIR, root] } },
  });
  await server.listen();
  return {
    url: `http://127.0.0.1:${port}`,
    contentDir,
    audioDir,
    options,
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
