import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { makeAccessVerifier } from './scripts/build-config.ts';
import { audioPlugin } from './scripts/content/audio-plugin.ts';
import { REAL_CONTENT } from './scripts/content/load.ts';
import { contentPlugin } from './scripts/content/vite-plugin.ts';
import { pdfFontsPlugin } from './scripts/pdf-fonts/plugin.ts';
import { ENGINES } from './tests/support/driver/types.ts';
import LongestFirstSequencer from './tests/support/longest-first-sequencer.ts';

/**
 * The files that check how much longer than its interval a flash stayed on screen, per engine: they
 * run alone (docs/testing.md). Beside three other files on two cores even Chromium recorded a flash
 * 51 ms (whole test) and 271 ms (the flow's whole run) too long; the flow's whole runs therefore check
 * only that no flash was shorter, and run in the main group.
 */
const QUIET_FILES: Record<(typeof ENGINES)[number], string[]> = {
  chromium: ['tests/engines/flash-timing.test.ts', 'tests/engines/whole-test.test.ts'],
  webkit: ['tests/engines/flash-timing.test.ts', 'tests/engines/whole-test.test.ts'],
  firefox: ['tests/engines/flash-timing.test.ts', 'tests/engines/whole-test.test.ts'],
};
/**
 * Tests under src/ that run the real results server (they import server/testing/): the component tests
 * of the pages that talk to it (`dom-server`) and the tablet's stored updates (`server`). Each opens an
 * embedded database and the whole server, so they stay out of the fast loop like the server's own tests.
 */
const SRC_RUNNING_SERVER = readdirSync(join(import.meta.dirname, 'src'), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(sep).join('/')}`)
  .filter((file) => readFileSync(join(import.meta.dirname, file), 'utf8').includes('server/testing/'));
const SERVER_COMPONENT_FILES = SRC_RUNNING_SERVER.filter((file) => file.endsWith('.tsx'));
/**
 * Tests of the scripts that start the results server, its databases or a whole build: they run with
 * the server's tests in `server`, not in the fast loop (`npm run test:fast`, docs/testing.md).
 */
const SERVER_FILES = [
  'scripts/start.test.ts',
  'scripts/backup/**/*.test.ts',
  'scripts/verwaltung/**/*.test.ts',
  'scripts/content/vite-plugin.test.ts',
  ...SRC_RUNNING_SERVER.filter((file) => file.endsWith('.ts')),
];
/** Unit tests that set process.env.TZ, which only a process of its own can (see `time-zone` below). */
const TIME_ZONE_FILES = ['src/domain/date.test.ts'];
/**
 * `npm test` runs the projects in parts (scripts/test.mjs, docs/testing.md): `main` (every project but
 * these), then `quiet` (the files that measure a flash) beside `server` at the lowest CPU priority,
 * which uses the core the quiet group leaves idle. ZAEHLTEST_TEST_PART names the part; unset: all.
 */
export function testPart(project: string): 'main' | 'quiet' | 'server' {
  if (project === 'server') return 'server';
  return project.startsWith('e2e-quiet-') ? 'quiet' : 'main';
}
const TEST_PART = process.env.ZAEHLTEST_TEST_PART;
/** Files at once in the main group; E2E_WORKERS overrides it (e.g. 1 on a one-core machine). */
const E2E_WORKERS = Number(process.env.E2E_WORKERS) || 3;

// Projects: pure code in Node, React components in jsdom, and end-to-end tests in real browsers.
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
    // Component tests build without CONSENT_REQUIRED, as a default build is.
    __CONSENT_REQUIRED__: JSON.stringify(false),
    __LETTER_SETTINGS__: JSON.stringify({ serverRetentionMonths: 60 }),
    __APP_VERSION__: JSON.stringify('0.0.0+test'),
  },
  test: {
    // The default reporter, then the ten slowest files and the total (tests/support/test-times-reporter.ts).
    reporters: ['default', './tests/support/test-times-reporter.ts'],
    // Unit, component and browser files share one pool (a project group needs one worker count):
    // two cores, but a browser test mostly waits for the app's own timers, so three files at once.
    maxWorkers: E2E_WORKERS,
    // Within a group the longest files start first, by the times of a full run kept in
    // tests/file-times.json (tests/support/longest-first-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: (
      [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: [
              'src/**/*.test.ts',
              'schemas/**/*.test.ts',
              'scripts/**/*.test.ts',
              'tests/support/**/*.test.ts',
            ],
            exclude: [...SERVER_FILES, ...TIME_ZONE_FILES],
            // Worker threads start faster than processes: 54 s instead of 95 s for this project.
            pool: 'threads',
          },
        },
        {
          extends: true,
          test: {
            // A worker thread cannot change the time zone (TZ is the process's): these run in processes.
            name: 'time-zone',
            environment: 'node',
            include: TIME_ZONE_FILES,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts', ...SERVER_FILES],
            // A migrated embedded database the server tests copy (server/testing/pglite-template.ts).
            globalSetup: ['server/testing/pglite-template-setup.ts'],
            // They run at the lowest CPU priority beside the quiet group (scripts/test.mjs): a test that
            // fills a database (3,000 results) took 11.6 s there, more than vitest's 5 s.
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: ['src/**/*.test.tsx'],
            exclude: SERVER_COMPONENT_FILES,
            setupFiles: ['src/test-setup.ts'],
            // Worker threads set up jsdom faster than processes: 82 s instead of 129 s for this project.
            pool: 'threads',
            // Component tests click through whole screens; on a loaded shared machine 5 s is too short.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            // The pages that talk to the results server (/auswertung, /verwaltung, /verwaltung/sprachen)
            // in jsdom against the real server, reached through inject (server/testing/inject-fetch.ts).
            name: 'dom-server',
            environment: 'jsdom',
            include: SERVER_COMPONENT_FILES,
            setupFiles: ['src/test-setup.ts'],
            pool: 'threads',
            // A copy of a migrated embedded database opens in about 2 s, a new one costs 7–9 s of CPU
            // (server/testing/pglite-template.ts).
            globalSetup: ['server/testing/pglite-template-setup.ts'],
            testTimeout: 30_000,
          },
        },
        // End-to-end tests drive the built app (tests/support/global-setup.ts builds it once per run):
        // `e2e` in Chromium (every file under tests/), `e2e-webkit` (WebKitGTK) and `e2e-firefox` (Firefox
        // ESR) the files under tests/engines/, written against the driver-neutral tests/support/driver/.
        // They run beside the unit and component files. The files that measure how long a picture is on
        // screen run afterwards in a quiet group of their own, one file at a time, one engine after the
        // other (`e2e-quiet-<engine>`), so that no other browser competes for the CPU while they measure.
        ...ENGINES.map((engine) => ({
          extends: true as const,
          test: {
            name: engine === 'chromium' ? 'e2e' : `e2e-${engine}`,
            environment: 'node',
            include: engine === 'chromium' ? ['tests/**/*.test.ts'] : ['tests/engines/**/*.test.ts'],
            // The test support's own unit tests run in `unit`.
            exclude: [...QUIET_FILES[engine], 'tests/support/**'],
            globalSetup: ['tests/support/global-setup.ts'],
            setupFiles: ['tests/support/e2e-setup.ts'],
            provide: { engine },
            testTimeout: engine === 'chromium' ? 120_000 : 180_000,
            hookTimeout: 180_000,
          },
        })),
        ...ENGINES.map((engine, index) => ({
          extends: true as const,
          test: {
            name: `e2e-quiet-${engine}`,
            environment: 'node',
            include: QUIET_FILES[engine],
            // One more try: the server's tests run beside this group at the lowest priority, and on two
            // cores one long frame once kept a Chromium flash 59.7 ms over its interval (bound: 50 ms).
            // A flash the app keeps up too long fails both tries; the bounds stay as tight.
            retry: 1,
            globalSetup: ['tests/support/global-setup.ts'],
            setupFiles: ['tests/support/e2e-setup.ts'],
            provide: { engine },
            testTimeout: 180_000,
            hookTimeout: 180_000,
            maxWorkers: 1,
            sequence: { groupOrder: index + 1 },
          },
        })),
      ] satisfies TestProjectInlineConfiguration[]
    ).filter((project) => !TEST_PART || testPart(project.test.name) === TEST_PART),
  },
});
