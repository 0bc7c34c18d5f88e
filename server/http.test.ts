import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import type { ResultStore } from './db/index.ts';

/** A store for the tests of the HTTP shell (files, headers, errors) that need no database. */
function fakeStore(overrides: Partial<ResultStore> = {}): ResultStore {
  return {
    kind: 'pglite',
    insertResult: async () => ({ id: 1, created: true }),
    getById: async () => undefined,
    async *iterateResults() {},
    count: async () => 0,
    withdrawResearchConsent: async () => 0,
    checkWrites: async () => {},
    close: async () => {},
    ...overrides,
  };
}

describe('HTTP shell', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'zaehltest-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Zähltest</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1);');
    app = await buildServer({ db: fakeStore(), staticDir: dist, logLevel: false });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the security headers on pages, files, API answers and errors', async () => {
    for (const url of ['/', '/assets/index-AbC123.js', '/api/health', '/api/nothing', '/missing.png']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('caches hashed assets for good and makes index.html and sw.js revalidate', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/sw.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers any page path with the app, but a missing file or API path with 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/ergebnisse?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Zähltest</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/assets/old-123.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'GET /api/unknown: nicht gefunden' });
  });

  it('never sends a stack trace: a database failure is a plain 500', async () => {
    const failing = await buildServer({
      db: fakeStore({
        insertResult: async () => {
          throw new Error('connection terminated at /srv/secret/path.ts:12');
        },
        checkWrites: async () => {
          throw new Error('down');
        },
      }),
      logLevel: false,
    });
    const { makePayload } = await import('./testing/payload.ts');
    const response = await failing.inject({
      method: 'POST',
      url: '/api/results',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(makePayload()),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'interner Fehler des Servers' });
    const health = await failing.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'error', db: 'pglite' });
    await failing.close();
  });

  it('answers 415 for an upload in another format', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/results',
      headers: { 'content-type': 'application/xml' },
      payload: '<result/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'content-type: muss application/json sein' });
  });

  it('allows uploads from another origin (an app built with a central RESULT_ENDPOINT)', async () => {
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/results' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type, x-zaehltest-tablet');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/results',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(20_000) }),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });
});
