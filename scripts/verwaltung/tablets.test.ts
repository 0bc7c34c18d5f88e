// `npm run verwaltung -- tablet …` and `site passphrase` (docs/operation.md; docs/product.md §51):
// codes printed one per line with their link, the list with the id first, a revocation, the
// passphrase read from standard input. On a stopped database (PGlite and PostgreSQL) and through a
// running server, whose cached credentials the revocation reaches at once.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrolAnswer } from '../../schemas/tablets-api.ts';
import { openPgliteStore, openPostgresStore, type ResultStore } from '../../server/db/index.ts';
import { makeResearchPayload } from '../../server/testing/payload.ts';
import { freshDataDir } from '../../server/testing/pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from '../../server/testing/postgres.ts';
import { type ServerProcess, startServerProcess } from '../../server/testing/server-process.ts';
import { verwaltung } from './verwaltung.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const { subtle } = globalThis.crypto;

async function run(args: string[], env: Record<string, string>, typed = { passphrase: '', repeat: '' }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verwaltung(
    args,
    env,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    async () => typed,
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n'), lines: out };
}

/** `npm run verwaltung -- …` as its own process, with `input` on its standard input. */
function npmRun(args: string[], env: Record<string, string>, input?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const child = execFile(
      'npm',
      ['run', '--silent', 'verwaltung', '--', ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
}

/** A tablet enrolled with `code` on the server at `url`, and a signed upload of it. */
async function tabletAt(url: string, code: string) {
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const publicKey = Buffer.from(await subtle.exportKey('spki', keys.publicKey)).toString('base64');
  const enrol = await fetch(`${url}/api/tablets/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, publicKey, name: 'Tablet Rot' }),
  });
  expect(enrol.status).toBe(201);
  const { tabletId } = (await enrol.json()) as EnrolAnswer;
  const upload = async (site: string) => {
    const body = JSON.stringify(makeResearchPayload({ overrides: { site } }));
    const digest = createHash('sha256').update(body).digest('hex');
    const signed = await subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      keys.privateKey,
      new TextEncoder().encode(`POST /api/results\n${digest}`),
    );
    return fetch(`${url}/api/results`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-zaehltest-tablet': `${tabletId}.${Buffer.from(signed).toString('base64url')}`,
      },
      body,
    });
  };
  return { tabletId, upload };
}

const databases = [
  {
    name: 'pglite',
    skip: false,
    async prepare() {
      const dataDir = freshDataDir('zaehltest-tablets-cli-');
      const store = await openPgliteStore(dataDir);
      await store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
      await store.close();
      return {
        env: { DATA_DIR: dataDir },
        open: (): Promise<ResultStore> => openPgliteStore(dataDir),
        remove: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'postgres',
    skip: SKIP_POSTGRES,
    async prepare() {
      const schema = await createTestSchema(await preparePostgres());
      const store = await openPostgresStore(schema.url, { poolSize: 2 });
      await store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
      await store.close();
      return {
        env: { DATABASE_URL: schema.url },
        open: (): Promise<ResultStore> => openPostgresStore(schema.url, { poolSize: 2 }),
        remove: schema.drop,
      };
    },
  },
];

describe.each(databases)('npm run verwaltung -- tablet on a stopped server ($name)', ({ skip, prepare }) => {
  let database: Awaited<ReturnType<(typeof databases)[number]['prepare']>>;
  beforeAll(async () => {
    if (!skip) database = await prepare();
  }, 60_000);
  afterAll(async () => {
    if (!skip) await database.remove();
  });

  it.skipIf(skip)(
    'prints codes with their links, lists the tablets id first, revokes one, sets the passphrase',
    async () => {
      const { env } = database;
      const added = await run(
        ['tablet', 'add', 'KITA-017', '--count', '3', '--url', 'https://zaehltest.example.org'],
        env,
      );
      expect(added.code, added.stderr).toBe(0);
      expect(added.lines[0]).toMatch(/^3 Einrichtungscodes für KITA-017 „Kita Sonnenschein“, gültig bis /);
      const codes = added.lines.slice(1);
      expect(codes).toHaveLength(3);
      for (const line of codes)
        expect(line).toMatch(
          /^([2-9A-HJKMNP-Z]{4})-([2-9A-HJKMNP-Z]{4})-([2-9A-HJKMNP-Z]{4}) {2}https:\/\/zaehltest\.example\.org\/#einrichten=\1\2\3$/,
        );

      const empty = await run(['tablet', 'list', 'KITA-017'], env);
      expect(empty.stdout).toContain('Noch keine Tablets in KITA-017');

      // Two tablets enrolled with the printed codes (through the store, as the server would).
      const store = await database.open();
      const ids = ['t_aaaaaaaaaaaaaaaa', 't_bbbbbbbbbbbbbbbb'];
      try {
        for (const [i, line] of codes.slice(0, 2).entries()) {
          const code = (line.split(' ')[0] as string).replaceAll('-', '');
          const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
            'sign',
            'verify',
          ]);
          const tabletId = ids[i] as string;
          const outcome = await store.tablets?.enrol({
            codeHash: createHash('sha256').update(code).digest('hex'),
            tabletId,
            publicKey: Buffer.from(await subtle.exportKey('spki', keys.publicKey)).toString('base64'),
            name: i === 0 ? 'Gruppe Bären' : '',
            appVersion: '1.4.0+abc',
            contentVersion: '2026-11',
            previousId: null,
          });
          expect(outcome?.outcome, tabletId).toBe('enrolled');
        }
      } finally {
        await store.close();
      }
      const listed = await run(['tablet', 'list', 'KITA-017'], env);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.lines).toHaveLength(2);
      for (const line of listed.lines) expect(ids).toContain(line.split(' ')[0]);
      expect(listed.stdout).toMatch(
        /^t_aaaaaaaaaaaaaaaa +Gruppe Bären +eingerichtet .* App 1\.4\.0\+abc +Inhalt 2026-11 .* aktiv$/m,
      );

      const revoked = await run(['tablet', 'revoke', 't_aaaaaaaaaaaaaaaa'], env);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).toContain('Tablet t_aaaaaaaaaaaaaaaa abgemeldet');
      const again = await run(['tablet', 'revoke', 't_aaaaaaaaaaaaaaaa'], env);
      expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('schon abgemeldet') });
      expect((await run(['tablet', 'list', 'KITA-017'], env)).stdout).toMatch(
        /^t_aaaaaaaaaaaaaaaa .*abgemeldet$/m,
      );

      const short = await run(['site', 'passphrase', 'KITA-017'], env, {
        passphrase: 'kurz',
        repeat: 'kurz',
      });
      expect(short).toMatchObject({ code: 1, stderr: expect.stringContaining('mindestens 12 Zeichen') });
      const differ = await run(['site', 'passphrase', 'KITA-017'], env, {
        passphrase: 'Sonnenblumen-Wiese-2026',
        repeat: 'Sonnenblumen-Wiese-2062',
      });
      expect(differ.stderr).toContain('Die beiden Eingaben stimmen nicht überein.');
      const set = await run(['site', 'passphrase', 'KITA-017'], env, {
        passphrase: 'Sonnenblumen-Wiese-2026',
        repeat: 'Sonnenblumen-Wiese-2026',
      });
      expect(set.code, set.stderr).toBe(0);
      expect(set.stdout).toContain('Passwort der Einrichtung KITA-017 festgelegt (Version 1)');
    },
  );

  it.skipIf(skip)(
    'refuses wrong calls with German messages, and a passphrase on the command line',
    async () => {
      const { env } = database;
      const cases: [string[], number, string][] = [
        [['tablet', 'add', 'KITA-017'], 2, '„tablet add“ braucht --count N (1 bis 60).'],
        [['tablet', 'add', 'KITA-017', '--count', '61'], 2, '--count: höchstens 60'],
        [['tablet', 'add', 'KITA-017', '--count', '2', '--url', 'ftp://x'], 2, '--url: eine Adresse'],
        [['tablet', 'add', 'KITA-099', '--count', '2'], 1, 'Unbekannte Einrichtung: KITA-099'],
        [['tablet', 'list'], 2, '„tablet list“ erwartet KENNUNG'],
        [['tablet', 'revoke', 't_zzzzzzzzzzzzzzzz'], 1, 'Unbekanntes Tablet: t_zzzzzzzzzzzzzzzz'],
        [['site', 'passphrase', 'KITA-017', '--password', 'geheim-geheim'], 2, 'nie auf der Befehlszeile'],
        [['tablet', 'list', 'KITA-017', '--count', '2'], 2, '--count und --url gehören zu „tablet add“'],
      ];
      for (const [args, code, message] of cases) {
        const result = await run(args, env);
        expect(result.code, args.join(' ')).toBe(code);
        expect(result.stderr, args.join(' ')).toContain(message);
      }
    },
  );
});

describe('npm run verwaltung -- tablet while the server runs (DATA_DIR)', () => {
  const dataDir = freshDataDir('zaehltest-tablets-served-');
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, UPLOAD_ACCESS: 'enrolled' });
  }, 120_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = { DATA_DIR: dataDir };

  it('goes through the server: its codes enrol, a revocation stops the next upload at once, the passphrase comes from a pipe', async () => {
    expect((await npmRun(['site', 'add', 'KITA-017', 'Kita Sonnenschein'], env)).code).toBe(0);
    const added = await npmRun(['tablet', 'add', 'KITA-017', '--count', '1', '--url', server.url], env);
    expect(added.code, added.stderr).toBe(0);
    const [code, link] = (added.stdout.trim().split('\n')[1] as string).split('  ') as [string, string];
    expect(link).toBe(`${server.url}/#einrichten=${code.replaceAll('-', '')}`);

    const tablet = await tabletAt(server.url, code);
    expect((await tablet.upload('KITA-017')).status).toBe(201);
    const listed = await npmRun(['tablet', 'list', 'KITA-017'], env);
    expect(listed.stdout.trim()).toMatch(new RegExp(`^${tablet.tabletId} +Tablet Rot .* aktiv$`));

    const revoked = await npmRun(['tablet', 'revoke', tablet.tabletId], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    const refused = await tablet.upload('KITA-017');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { reason: string }).reason).toBe('tablet-revoked');

    const set = await npmRun(['site', 'passphrase', 'KITA-017'], env, 'Sonnenblumen-Wiese-2026\n');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('Passwort der Einrichtung KITA-017 festgelegt (Version 1)');
    expect(set.stdout + set.stderr).not.toContain('Sonnenblumen-Wiese-2026');
  });
});
