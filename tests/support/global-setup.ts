import type { TestProject } from 'vitest/node';
import { buildApp } from './build-app.ts';
import { startTestServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    distDir: string;
  }
}

/** Builds the app once and serves it for every end-to-end test file. */
export default async function setup(project: TestProject) {
  const distDir = await buildApp();
  const server = await startTestServer(distDir);
  project.provide('baseURL', server.url);
  project.provide('distDir', distDir);
  return async () => {
    await server.close();
  };
}
