import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { makeAccessVerifier } from './scripts/build-config.ts';
import { audioPlugin } from './scripts/content/audio-plugin.ts';
import { REAL_CONTENT } from './scripts/content/load.ts';
import { contentPlugin } from './scripts/content/vite-plugin.ts';
import { pdfFontsPlugin } from './scripts/pdf-fonts/plugin.ts';

// Projects: pure code in Node, React components in jsdom, and end-to-end tests that drive the built
// app in real browsers (see tests/support/global-setup.ts): `e2e` in Chromium (every file under
// tests/), `e2e-webkit` (WebKitGTK) and `e2e-firefox` (Firefox ESR) the files under tests/engines/.
export default defineConfig({
  // The content and audio plugins serve virtual:zaehltest-content (and the levels) and
  // virtual:zaehltest-audio from content/, so code under test reads the real packs and recordings as
  // the app does; the PDF fonts for the PDF test.
  plugins: [
    react(),
    contentPlugin({ ...REAL_CONTENT, writeJsonSchema: false }),
    audioPlugin(),
    pdfFontsPlugin(),
  ],
  define: {
    // Component tests type 'zaehltest'; a low cost keeps them fast (the built app uses the real one).
    __ACCESS_VERIFIER__: JSON.stringify(makeAccessVerifier('zaehltest', 1000)),
    __RESULT_ENDPOINT__: JSON.stringify('/api/results'),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'schemas/**/*.test.ts',
            'scripts/**/*.test.ts',
            'server/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test-setup.ts'],
          // Component tests click through whole screens; on a loaded shared machine 5 s is too short.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          provide: { engine: 'chromium' },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      // tests/engines/ is written against the driver-neutral layer (tests/support/driver/) and runs
      // in WebKit and Firefox too; each engine after the other, so flash timings are not measured
      // while another browser competes for the CPU.
      ...(['webkit', 'firefox'] as const).map((engine, index) => ({
        extends: true as const,
        test: {
          name: `e2e-${engine}`,
          environment: 'node',
          include: ['tests/engines/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          provide: { engine },
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: index + 1 },
        },
      })),
    ],
  },
});
