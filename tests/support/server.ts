import { rmSync } from 'node:fs';
import type { AccountInput } from '../../schemas/verwaltung-api.ts';
import { buildServer } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { openPgliteStore, type ResultStore, type StoredResult } from '../../server/db/index.ts';
import { freshDataDir } from '../../server/testing/pglite-template.ts';
import { addAccount } from '../../server/verwaltung/operations.ts';

/** The export token of every test server; lets any test process read what a server stored. */
export const TEST_EXPORT_TOKEN = 'zaehltest-e2e-export-token-0123456789';

/** A stored result as the JSON export returns it (`receivedAt` as an ISO string). */
export type ExportedResult = Omit<StoredResult, 'receivedAt'> & { receivedAt: string };

export interface TestServer {
  /** http://127.0.0.1:<port>, serving the built app and the real API. */
  url: string;
  /** How many results this server has stored (each submissionId counts once). */
  countResults(): Promise<number>;
  /** Every stored result, in the order received. */
  listResults(): Promise<StoredResult[]>;
  /** The server's store, for a test that reads or sets up what the pages cannot. */
  store: ResultStore;
  /**
   * An account made as `npm run verwaltung -- account add` makes it (server/verwaltung/operations.ts):
   * with a one-time password to replace at the first login, or, given `password`, with that password
   * already its own (a test that starts after the first login).
   */
  addAccount(input: AccountInput, password?: string): Promise<{ id: number; oneTimePassword: string }>;
  close(): Promise<void>;
}

/**
 * Starts the real results server in this process: embedded PGlite in a fresh temporary DATA_DIR,
 * the built app from `distDir`, on a free loopback port, with the export enabled for
 * TEST_EXPORT_TOKEN and no rate limit. `close()` stops it and deletes its data.
 *
 * Tests in the process that started it use `countResults()` / `listResults()`. Tests in other
 * processes (vitest workers, with the URL from `inject('baseURL')`) use `countStoredResults(url)`
 * and `listStoredResults(url)` below, which read the same rows through the JSON export.
 */
export async function startTestServer(distDir: string): Promise<TestServer> {
  const dataDir = freshDataDir('zaehltest-e2e-data-');
  const db = await openPgliteStore(dataDir);
  const app = await buildServer({
    db,
    staticDir: distDir,
    exportToken: TEST_EXPORT_TOKEN,
    rateLimit: false,
    logLevel: 'error',
    // What server/main.ts would hand over for these settings (the Datenschutz-Unterlagen).
    datenschutz: {
      env: { EXPORT_TOKEN: TEST_EXPORT_TOKEN, DATA_DIR: dataDir },
      database: { kind: 'pglite', dataDir },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    countResults: () => db.count(),
    async listResults() {
      const results: StoredResult[] = [];
      for await (const result of db.iterateResults()) results.push(result);
      return results;
    },
    store: db,
    async addAccount(input, password) {
      const accounts = db.accounts;
      const protokoll = db.research;
      if (!accounts || !protokoll) throw new Error('the test store has no accounts');
      const created = await addAccount(
        { accounts, protokoll, log: console, actor: 'Kommandozeile (Test)' },
        input,
      );
      if (password !== undefined) await accounts.setPassword(created.id, await hashPassword(password), false);
      return created;
    },
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every result stored by the test server at `baseURL`, read through its JSON export. */
export async function listStoredResults(baseURL: string): Promise<ExportedResult[]> {
  const response = await fetch(`${baseURL}/api/results.json`, {
    headers: { authorization: `Bearer ${TEST_EXPORT_TOKEN}` },
  });
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  return (await response.json()) as ExportedResult[];
}

/** How many results the test server at `baseURL` has stored. */
export async function countStoredResults(baseURL: string): Promise<number> {
  return (await listStoredResults(baseURL)).length;
}
