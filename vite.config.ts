import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildConfig } from './scripts/build-config.ts';
import { compressPlugin } from './scripts/compress/plugin.ts';
import { audioPlugin } from './scripts/content/audio-plugin.ts';
import { REAL_CONTENT } from './scripts/content/load.ts';
import { contentPreviewPlugin } from './scripts/content/preview-plugin.ts';
import { contentPlugin } from './scripts/content/vite-plugin.ts';
import { fontPreloadPlugin } from './scripts/font-preload/plugin.ts';
import { pdfFontsPlugin } from './scripts/pdf-fonts/plugin.ts';
import { pwaPlugin } from './scripts/pwa/plugin.ts';
import { appVersion } from './scripts/version.ts';

/**
 * The modules of /auswertung and /verwaltung alone. A chunk the two pages share holds only these and is
 * named `auswertung-…`, so that the tablets' service worker leaves it out like the pages themselves
 * (scripts/pwa/plugin.ts); the child's app never loads it. Nothing the child's app imports may match:
 * a module of it named here goes missing offline (the tablet's enrolment imports
 * schemas/tablets-api.ts, so that file is not listed; the tablet's side of the native review lives in
 * src/updates/, not src/sprachen/; tests/engines/offline.test.ts fails when one is cut off).
 */
const RESEARCH_PAGES =
  /\/(src\/(auswertung|verwaltung|sprachen)\/|src\/i18n\/de-(auswertung|verwaltung|verwaltung-tablets|sprachen)\.ts|schemas\/(verwaltung|sprachen)-api\.ts)/;

// A build refuses a missing, public or short ACCESS_PASSWORD; `npm run dev` takes the public one.
export default defineConfig(({ command }) => {
  const config = buildConfig(process.env, command);
  return {
    plugins: [
      react(),
      contentPlugin(),
      // ZAEHLTEST_AUDIO_DIR: the audio browser test builds with recordings it makes itself.
      audioPlugin({ ...REAL_CONTENT, audioDir: process.env.ZAEHLTEST_AUDIO_DIR || undefined }),
      contentPreviewPlugin(),
      fontPreloadPlugin(),
      pdfFontsPlugin(),
      pwaPlugin(),
      compressPlugin(),
    ],
    define: {
      __ACCESS_VERIFIER__: JSON.stringify(config.accessVerifier),
      __RESULT_ENDPOINT__: JSON.stringify(config.resultEndpoint),
      __CONSENT_REQUIRED__: JSON.stringify(config.consentRequired),
      __LETTER_SETTINGS__: JSON.stringify(config.letter),
      __APP_VERSION__: JSON.stringify(appVersion()),
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      // The only chunk above Vite's 500 kB warning is jsPDF with the PDF fonts, loaded when the operator
      // asks for a PDF (never on the child's path); npm run bench keeps an eye on what the first screen loads.
      chunkSizeWarningLimit: 700,
      rolldownOptions: {
        // The slow callbacks are the build's known work (compressing the assets, the service worker's
        // precache list): a yellow timing report on every build would read as a problem.
        checks: { bundlerTimings: false },
        // The child's app, the authoring preview (issue 8), which is linked from the README only,
        // the researchers' page /auswertung (its own chunk with the charting library) and the page
        // /verwaltung of accounts and Einrichtungen (docs/product.md §47).
        output: {
          chunkFileNames: (chunk) =>
            chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => RESEARCH_PAGES.test(id))
              ? 'assets/auswertung-[name]-[hash].js'
              : 'assets/[name]-[hash].js',
        },
        input: {
          main: resolve(import.meta.dirname, 'index.html'),
          preview: resolve(import.meta.dirname, 'preview.html'),
          auswertung: resolve(import.meta.dirname, 'auswertung.html'),
          verwaltung: resolve(import.meta.dirname, 'verwaltung.html'),
          // Native review and recording, /verwaltung/sprachen (docs/product.md §50).
          sprachen: resolve(import.meta.dirname, 'sprachen.html'),
        },
      },
    },
  };
});
