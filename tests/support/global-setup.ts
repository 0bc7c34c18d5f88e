import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { makePgliteTemplate } from '../../server/testing/pglite-template.ts';
import { buildApp } from './build-app.ts';
import type { Engine } from './driver/types.ts';
import { startTestServer, type TestServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    distDir: string;
    /** The engine the tests of this project run in (tests/engines/ reads it; e2e is Chromium). */
    engine: Engine;
  }
}

/**
 * Builds the app once and serves it for every end-to-end test file. The e2e projects (one per
 * engine) share the build and the server: the first project's setup makes them, the last one's
 * teardown stops the server.
 */
const shared = globalThis as {
  zaehltestE2e?: { ready: Promise<{ distDir: string; server: TestServer }>; users: number };
};

/**
 * `npm test` runs its parts as separate vitest runs (scripts/test.mjs): ZAEHLTEST_E2E_DIST names one
 * folder for all of them, which the first part builds into and the later ones serve as it is.
 */
async function sharedBuild(): Promise<string> {
  const dir = process.env.ZAEHLTEST_E2E_DIST;
  if (!dir) return buildApp();
  if (existsSync(join(dir, 'index.html'))) return dir;
  return buildApp(dir);
}

export default async function setup(project: TestProject) {
  // The results servers of the tests start from a copy of one migrated database, made beside the build.
  const template = makePgliteTemplate();
  shared.zaehltestE2e ??= {
    ready: Promise.all([sharedBuild(), template]).then(async ([distDir]) => ({
      distDir,
      server: await startTestServer(distDir),
    })),
    users: 0,
  };
  const state = shared.zaehltestE2e;
  state.users++;
  const removeTemplate = await template;
  const { distDir, server } = await state.ready;
  project.provide('baseURL', server.url);
  project.provide('distDir', distDir);
  return async () => {
    removeTemplate();
    if (--state.users > 0) return;
    shared.zaehltestE2e = undefined;
    await server.close();
  };
}
