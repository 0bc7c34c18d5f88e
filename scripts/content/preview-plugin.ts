import { join, resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { CONTENT_CHANGED_EVENT, CONTENT_ISSUES_PATH, RECORDINGS_PATH } from '../../src/contract.ts';
import { type ContentIssue, type LoadOptions, loadContent, REAL_CONTENT } from './load.ts';
import { handleRecordingRequest } from './recordings-endpoint.ts';

/** The answer of {@link CONTENT_ISSUES_PATH}. */
export interface ContentIssuesResponse {
  issues: ContentIssue[];
}

/** Rapid saves (editors write a file in several steps) become one notification. */
const DEBOUNCE_MS = 80;

/**
 * Dev-server support for the authoring preview (preview.html): the current problems of the question
 * packs as JSON, and a notification when a pack or picture changes. The content module itself fails
 * while a pack is broken, so the preview cannot learn the problems from it; it asks here instead and
 * shows them in the page with file:line:col. Builds are unaffected: they refuse broken content.
 * It also saves, plays and deletes the recordings made in the preview (under content/audio/).
 */
export function contentPreviewPlugin(options: LoadOptions = REAL_CONTENT): Plugin {
  const contentDir = resolve(options.contentDir ?? REAL_CONTENT.contentDir);
  return {
    name: 'zaehltest-content-preview',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      server.middlewares.use(CONTENT_ISSUES_PATH, (_req, res) => {
        const body: ContentIssuesResponse = { issues: loadContent(options).issues };
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(JSON.stringify(body));
      });

      const audioDir = join(contentDir, 'audio');
      server.middlewares.use(RECORDINGS_PATH, (req, res) => {
        handleRecordingRequest(req, res, req.url ?? '', audioDir, () => loadContent(options).questions).catch(
          (error: unknown) => {
            res.statusCode = 500;
            res.end(String(error));
          },
        );
      });

      server.watcher.add(contentDir);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const notify = (file: string) => {
        if (!resolve(file).startsWith(contentDir + sep)) return;
        // A recording saved from the preview is checked by the audio plugin; reloading the page
        // would only interrupt the author, who is recording the next text.
        if (resolve(file).startsWith(audioDir + sep)) return;
        clearTimeout(timer);
        timer = setTimeout(
          () => server.ws.send({ type: 'custom', event: CONTENT_CHANGED_EVENT }),
          DEBOUNCE_MS,
        );
      };
      server.watcher.on('change', notify);
      server.watcher.on('add', notify);
      server.watcher.on('unlink', notify);
    },
  };
}
