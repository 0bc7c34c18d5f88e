import { generateKeyPairSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { buildServer } from '../../server/app.ts';
import { sha256Hex } from '../../server/auth/access.ts';
import { openPgliteStore, type ResultStore } from '../../server/db/index.ts';
import type { TabletStore } from '../../server/db/tablets.ts';
import {
  createEnrolmentCodes,
  newEnrolmentCode,
  revokeTablet,
  setSitePassphrase,
  type TabletVerwaltung,
} from '../../server/tablets/operations.ts';
import type { UploadAccess } from '../../server/tablets/signature.ts';
import { freshDataDir } from '../../server/testing/pglite-template.ts';
import { addSite } from '../../server/verwaltung/operations.ts';

/**
 * The real results server for the tablets' browser tests (docs/product.md §51), in the
 * test's own process: embedded PGlite in a fresh DATA_DIR, the built app, UPLOAD_ACCESS as the test
 * says, and the Verwaltung's operations (Einrichtung, codes, 'Abmelden', passphrase) as
 * `npm run verwaltung` runs them. The app is reached through a TCP switch in front of it, so a test
 * can take the tablet off the network (every connection dropped) and bring it back.
 */
export interface TabletTestServer {
  url: string;
  store: ResultStore;
  tablets: TabletStore;
  addSite(code: string, name: string): Promise<void>;
  /** One fresh code for a tablet of `site`, as printed (`7KQ2-M4XP-9TRC`). */
  newCode(site: string): Promise<string>;
  /** Uses a code as another tablet would (a key pair made here), so that it is used up. */
  useCode(code: string): Promise<number>;
  /** A code of `site` that expired yesterday. */
  expiredCode(site: string): Promise<string>;
  revoke(tabletId: string): Promise<void>;
  setPassphrase(site: string, passphrase: string): Promise<number>;
  /** Where the server recorded each result: its tablet and the Einrichtung of its enrolment. */
  origins(
    submissionIds: string[],
  ): Promise<Map<string, { tabletId: string | null; enrolledSite: string | null }>>;
  network(state: 'up' | 'down'): void;
  close(): Promise<void>;
}

export async function startTabletServer(
  distDir: string,
  uploadAccess: UploadAccess = 'enrolled',
): Promise<TabletTestServer> {
  const dataDir = freshDataDir('zaehltest-tablets-e2e-');
  const db = await openPgliteStore(dataDir);
  const app = await buildServer({
    db,
    staticDir: distDir,
    rateLimit: false,
    logLevel: 'error',
    uploadAccess,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const upstream = typeof address === 'object' && address ? address.port : 0;
  const { accounts, research, tablets } = db;
  if (!accounts || !research || !tablets) throw new Error('the test store has no accounts or tablets');
  const verwaltung: TabletVerwaltung = {
    accounts,
    tablets,
    protokoll: research,
    log: console,
    actor: 'Kommandozeile (Test)',
  };

  let down = false;
  const sockets = new Set<Socket>();
  const front = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const server = createConnection({ port: upstream, host: '127.0.0.1' });
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(server).pipe(client);
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  });
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  const frontAddress = front.address();
  const port = typeof frontAddress === 'object' && frontAddress ? frontAddress.port : 0;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    store: db,
    tablets,
    addSite: (code, name) => addSite(verwaltung, { code, name }),
    async newCode(site) {
      const made = await createEnrolmentCodes(verwaltung, { site, count: 1 }, url);
      return made.codes[0]?.code ?? '';
    },
    async useCode(code) {
      const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const response = await fetch(`${url}/api/tablets/enrol`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          code,
          publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        }),
      });
      return response.status;
    },
    async expiredCode(site) {
      const code = newEnrolmentCode();
      await tablets.createCodes({
        site,
        batch: 'expired',
        codes: [{ hash: sha256Hex(code), name: '' }],
        expiresAt: new Date(Date.now() - 24 * 3600 * 1000),
        createdBy: 'Kommandozeile (Test)',
      });
      return code;
    },
    revoke: (tabletId) => revokeTablet(verwaltung, tabletId, undefined),
    setPassphrase: (site, passphrase) =>
      setSitePassphrase(verwaltung, { site, passphrase, repeat: passphrase }),
    origins: (ids) => tablets.resultOrigins(ids),
    network(state) {
      down = state === 'down';
      if (down) for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => front.close(() => done()));
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
