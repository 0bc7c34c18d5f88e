import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../../tests/support/build-app.ts';

/**
 * The anchor of the flash section: the same picture flashed by jsPsych 8.3 (the timing reference of
 * browser-based experiments), with an `<img>` as image-keyboard-response shows it, after a 'Bereit'
 * button, in the same browser as the app. Served from node_modules on a loopback port, never from a
 * CDN. Every row of the flash section is read against it, so it is jsPsych at its best: the picture
 * is preloaded by `@jspsych/plugin-preload` before 'Bereit' shows (as a jsPsych study does it), and
 * the page, scripts and pictures are served with cache headers, so that nothing is fetched again
 * between flashes.
 */
export interface Anchor {
  /** The page of one flash of `picture` (a file under content/pictures/) for `intervalMs`. */
  url(picture: string, intervalMs: number): string;
  /** The probe's selector for the visible picture (page-probe.js). */
  pictureSelector: string;
  version: string;
  close(): Promise<void>;
}

const FILES: Record<string, { path: string; type: string }> = {
  '/jspsych.js': { path: 'node_modules/jspsych/dist/index.browser.min.js', type: 'text/javascript' },
  '/jspsych.css': { path: 'node_modules/jspsych/css/jspsych.css', type: 'text/css' },
  '/plugin-html-button-response.js': {
    path: 'node_modules/@jspsych/plugin-html-button-response/dist/index.browser.min.js',
    type: 'text/javascript',
  },
  '/plugin-image-keyboard-response.js': {
    path: 'node_modules/@jspsych/plugin-image-keyboard-response/dist/index.browser.min.js',
    type: 'text/javascript',
  },
  '/plugin-preload.js': {
    path: 'node_modules/@jspsych/plugin-preload/dist/index.browser.min.js',
    type: 'text/javascript',
  },
};

/**
 * Scripts, styles and pictures never change while the bench runs; the page of one picture and
 * interval neither. A day is long enough for every run, and `immutable` keeps a reload from
 * revalidating them.
 */
export const ANCHOR_CACHE_CONTROL = 'public, max-age=86400, immutable';

/** The app shows a single flashed picture min(420px, 80vw, 52vh) wide; the anchor the same. */
const page = (picture: string, intervalMs: number) => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>jsPsych anchor</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/jspsych.css">
<script src="/jspsych.js"></script>
<script src="/plugin-html-button-response.js"></script>
<script src="/plugin-image-keyboard-response.js"></script>
<script src="/plugin-preload.js"></script>
<style>#jspsych-image-keyboard-response-stimulus { width: min(420px, 80vw, 52vh); height: auto; }</style>
</head><body><script>
const jsPsych = initJsPsych();
const stimulus = ${JSON.stringify(`/pictures/${picture}`)};
jsPsych.run([
  // 'Bereit' shows once the picture is loaded; a picture that fails to load stops here.
  { type: jsPsychPreload, images: [stimulus], show_progress_bar: false },
  { type: jsPsychHtmlButtonResponse, stimulus: '', choices: ['Bereit'] },
  {
    type: jsPsychImageKeyboardResponse,
    stimulus,
    render_on_canvas: false,
    maintain_aspect_ratio: true,
    choices: 'NO_KEYS',
    trial_duration: ${intervalMs},
  },
  { type: jsPsychHtmlButtonResponse, stimulus: '<p class="anchor-done">fertig</p>', choices: ['Weiter'] },
]);
</script></body></html>`;

export async function startAnchor(): Promise<Anchor> {
  const version = JSON.parse(readFileSync(join(ROOT, 'node_modules/jspsych/package.json'), 'utf8')).version;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://anchor');
    const file = FILES[url.pathname];
    try {
      if (url.pathname === '/flash') {
        const picture = url.searchParams.get('picture') ?? '';
        const interval = Number(url.searchParams.get('interval'));
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': ANCHOR_CACHE_CONTROL,
        });
        response.end(page(picture, interval));
      } else if (file) {
        response.writeHead(200, { 'content-type': file.type, 'cache-control': ANCHOR_CACHE_CONTROL });
        response.end(readFileSync(join(ROOT, file.path)));
      } else if (/^\/pictures\/[\w.-]+\.(svg|png)$/.test(url.pathname)) {
        const type = url.pathname.endsWith('.svg') ? 'image/svg+xml' : 'image/png';
        response.writeHead(200, { 'content-type': type, 'cache-control': ANCHOR_CACHE_CONTROL });
        response.end(readFileSync(join(ROOT, 'content', url.pathname)));
      } else {
        response.writeHead(404).end();
      }
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (picture, intervalMs) =>
      `http://127.0.0.1:${port}/flash?picture=${encodeURIComponent(picture)}&interval=${intervalMs}`,
    pictureSelector: '#jspsych-image-keyboard-response-stimulus',
    version: `jsPsych ${version}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
