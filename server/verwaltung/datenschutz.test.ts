// The Datenschutz-Unterlagen as a download on /verwaltung (docs/privacy.md): only the Verwaltung
// gets them, they are the documents of `npm run datenschutz` for the server's own settings, they
// never hold a secret's value, and the download is recorded in the Protokoll. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATENSCHUTZ_FILES, type DatenschutzFile } from '../../schemas/verwaltung-api.ts';
import { type DatabaseTarget, readDeployment } from '../datenschutz/deployment.ts';
import { datenschutzDocuments } from '../datenschutz/documents.ts';
import {
  type AccountSession,
  type AuswertungApp,
  openAuswertungApp,
  signInAs,
} from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';

const TOKEN = 'datenschutz-test-export-token-0123456789abcdef';
const PATH = '/api/verwaltung/datenschutz';
/** The server's settings as server/main.ts hands them over: a secret among them. */
const ENV: NodeJS.ProcessEnv = {
  DATABASE_URL: 'postgres://zaehltest:geheimes-passwort@db.example.org:5432/zaehltest?sslmode=require',
  EXPORT_TOKEN: TOKEN,
  RETENTION_MONTHS: '36',
  PROTOKOLL_MONTHS: '12',
  TRUST_PROXY: 'true',
  RATE_LIMIT_PER_MINUTE: '120',
};
const DATABASE: DatabaseTarget = { kind: 'postgres', url: ENV.DATABASE_URL as string };

describe.each(storeBackends)('the Datenschutz-Unterlagen on /verwaltung on $name', (backend) => {
  let api: AuswertungApp;
  const sessions = {} as Record<'verwaltung' | 'leitung' | 'forschung', AccountSession>;

  beforeAll(async () => {
    if (backend.skip) return;
    api = await openAuswertungApp(backend, [], TOKEN, { datenschutz: { env: ENV, database: DATABASE } });
    await api.store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
    const accounts: [string, keyof typeof sessions, string[] | 'alle'][] = [
      ['chef', 'verwaltung', 'alle'],
      ['leitung17', 'leitung', ['KITA-017']],
      ['team', 'forschung', 'alle'],
    ];
    for (const [name, role, sites] of accounts)
      sessions[role] = await signInAs(api.app, api.store, { name, role, sites });
  });
  afterAll(async () => api?.close());

  it.skipIf(backend.skip)('are refused without a session (401) and to other roles (403)', async () => {
    expect((await api.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    for (const who of ['leitung', 'forschung'] as const) {
      const refused = await sessions[who].request('GET', PATH);
      expect(refused.statusCode, who).toBe(403);
      expect(refused.json().error, who).toMatch(/\S/);
    }
    // The holder of EXPORT_TOKEN has Forschung's rights, not the Verwaltung's.
    expect((await api.request('GET', PATH)).statusCode).toBe(403);
  });

  it.skipIf(backend.skip)(
    "are the documents of `npm run datenschutz` for the server's settings, without a secret",
    async () => {
      const response = await sessions.verwaltung.request('GET', PATH);
      expect(response.statusCode, response.body).toBe(200);
      const files = response.json() as DatenschutzFile[];
      const expected = datenschutzDocuments(readDeployment(ENV, DATABASE)).map(({ name, text }) => ({
        file: name,
        text,
      }));
      expect(files).toEqual(expected);
      // The files /verwaltung offers, one button each.
      expect(files.map(({ file }) => file)).toEqual(Object.values(DATENSCHUTZ_FILES));
      // This server's settings, not the defaults: 36 months, PostgreSQL elsewhere, behind a proxy.
      const all = files.map(({ text }) => text).join('\n');
      expect(all).toContain('36 Monate');
      expect(all).toContain('12 Monate');
      expect(response.body).not.toContain(TOKEN);
      expect(response.body).not.toContain('geheimes-passwort');
    },
  );

  it.skipIf(backend.skip)('are recorded in the Protokoll as an export', async () => {
    const before = await sessions.verwaltung.request('GET', '/api/auswertung/protokoll?kind=export');
    const count = before.json().entries.length as number;
    expect((await sessions.verwaltung.request('GET', PATH)).statusCode).toBe(200);
    const after = (await sessions.verwaltung.request('GET', '/api/auswertung/protokoll?kind=export')).json();
    expect(after.entries).toHaveLength(count + 1);
    expect(after.entries[0]).toMatchObject({
      kind: 'export',
      actor: 'chef (Verwaltung)',
      detail: 'Datenschutz-Unterlagen',
    });
    // A refused request records nothing.
    await sessions.forschung.request('GET', PATH);
    const unchanged = (
      await sessions.verwaltung.request('GET', '/api/auswertung/protokoll?kind=export')
    ).json();
    expect(unchanged.entries).toHaveLength(count + 1);
  });

  it.skipIf(backend.skip)(
    "answers a setting the backup tool refuses with the operator's message",
    async () => {
      const bad = await openAuswertungApp(backend, [], TOKEN, {
        datenschutz: { env: { ...ENV, BACKUP_RECIPIENT: 'kein-schluessel' }, database: DATABASE },
      });
      try {
        const session = await signInAs(bad.app, bad.store, {
          name: 'chef',
          role: 'verwaltung',
          sites: 'alle',
        });
        const response = await session.request('GET', PATH);
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toContain('BACKUP_RECIPIENT enthält „kein-schluessel“');
      } finally {
        await bad.close();
      }
    },
  );
});
