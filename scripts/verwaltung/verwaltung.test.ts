import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../schemas/verwaltung-api.ts';
import { buildServer } from '../../server/app.ts';
import { ACTOR } from '../../server/auth/protokoll-entries.ts';
import { openPgliteStore, openPostgresStore, type ResultStore } from '../../server/db/index.ts';
import { makeResearchPayload } from '../../server/testing/payload.ts';
import { freshDataDir } from '../../server/testing/pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from '../../server/testing/postgres.ts';
import { type ServerProcess, startServerProcess } from '../../server/testing/server-process.ts';
import { verwaltung } from './verwaltung.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const isRoot = process.getuid?.() === 0;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run verwaltung -- …` as an operator types it, as its own process. */
async function npmRun(args: string[], env: Record<string, string>): Promise<Run> {
  const result = await promisify(execFile)('npm', ['run', '--silent', 'verwaltung', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
  return { code: 'code' in result ? result.code : 0, stdout: result.stdout, stderr: result.stderr };
}

/** The same tool in this process (the commands whose output a separate process adds nothing to). */
async function run(args: string[], env: Record<string, string>): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verwaltung(args, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, stdout: out.map((line) => `${line}\n`).join(''), stderr: err.join('\n') };
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) as string;

/** Signs in as a tablet's browser would, on a server built on `store`; the session's `Me`. */
async function signIn(store: ResultStore, name: string, password: string): Promise<Me> {
  const app = await buildServer({ db: store, logLevel: false, rateLimit: false });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auswertung/login',
      payload: { name, password },
    });
    expect(login.statusCode, login.body).toBe(204);
    const cookie = String(login.headers['set-cookie']).split(';')[0] as string;
    const session = await app.inject({ method: 'GET', url: '/api/auswertung/session', headers: { cookie } });
    expect(session.statusCode, session.body).toBe(200);
    return session.json<Me>();
  } finally {
    await app.close();
  }
}

/** Three uploads with the typo code kita-17 and two with KITA-017 itself, as tablets sent them. */
async function upload(store: ResultStore): Promise<void> {
  for (const site of ['kita-17', 'kita-17', 'kita-17', 'KITA-017', 'KITA-017'])
    await store.insertResult(makeResearchPayload({ overrides: { site } }));
}

interface Database {
  name: 'pglite' | 'postgres';
  skip: boolean;
  /** A database with the uploads in it, stopped (no server holds it); the tool's environment. */
  prepare(): Promise<{ env: Record<string, string>; open(): Promise<ResultStore>; remove(): Promise<void> }>;
}

const databases: Database[] = [
  {
    name: 'pglite',
    skip: false,
    async prepare() {
      const dataDir = freshDataDir('zaehltest-verwaltung-');
      const store = await openPgliteStore(dataDir);
      await upload(store);
      await store.close();
      return {
        env: { DATA_DIR: dataDir },
        open: () => openPgliteStore(dataDir),
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
      await upload(store);
      await store.close();
      return {
        env: { DATABASE_URL: schema.url },
        open: () => openPostgresStore(schema.url, { poolSize: 2 }),
        remove: schema.drop,
      };
    },
  },
];

describe.each(databases)('npm run verwaltung on a stopped server ($name)', ({ name, skip, prepare }) => {
  let database: Awaited<ReturnType<Database['prepare']>>;
  beforeAll(async () => {
    if (!skip) database = await prepare();
  }, 60_000);
  afterAll(async () => {
    if (!skip) await database.remove();
  });

  it.skipIf(skip)(
    'adds, lists and joins Einrichtungen, and adds a Kita-Leitung whose one-time password signs in and must be replaced',
    async () => {
      const { env } = database;
      const added = await run(['site', 'add', 'KITA-017', 'Kita Sonnenschein'], env);
      expect(added).toMatchObject({ code: 0, stderr: '' });
      expect(added.stdout).toContain('Einrichtung KITA-017 „Kita Sonnenschein“ angelegt');

      const before = await run(['site', 'list'], env);
      expect(before.code, before.stderr).toBe(0);
      expect(before.stdout).toMatch(/^KITA-017 +Kita Sonnenschein +2 +ja +—$/m);
      expect(before.stdout).toContain('Kennungen ohne Einrichtung');
      expect(before.stdout).toMatch(/^kita-17 +3$/m);

      const assigned = await run(['site', 'assign', 'kita-17', 'KITA-017'], env);
      expect(assigned.code, assigned.stderr).toBe(0);
      expect(assigned.stdout).toContain('3 Ergebnisse verschoben');
      const after = await run(['site', 'list'], env);
      expect(after.stdout).toMatch(/^KITA-017 +Kita Sonnenschein +5 +ja +kita-17$/m);
      expect(after.stdout).not.toContain('Kennungen ohne Einrichtung');

      // The operator's own process: the one-time password is the last line, and nothing follows it.
      const account = await npmRun(
        ['account', 'add', 'leiterin', '--role', 'leitung', '--site', 'KITA-017'],
        env,
      );
      expect(account.code, account.stderr).toBe(0);
      expect(account.stdout).toContain('Konto leiterin angelegt / account added: Kita-Leitung, KITA-017.');
      const password = lastLine(account.stdout);
      expect(password).toMatch(/^\S{12,}$/);
      expect(account.stdout.endsWith(`\n${password}\n`)).toBe(true);

      const store = await database.open();
      try {
        expect(await signIn(store, 'leiterin', password)).toEqual({
          name: 'leiterin',
          role: 'leitung',
          sites: ['KITA-017'],
          mustChangePassword: true,
        });
        // Each change is in the Protokoll as the command line's; the refusals below add none.
        const rows = await store.research?.protokoll({});
        const mine = rows?.filter((row) => row.actor === ACTOR.commandLine).map((row) => row.detail);
        expect(mine?.sort()).toEqual(
          [
            'Einrichtung KITA-017 angelegt',
            'Kennung kita-17 der Einrichtung KITA-017 zugeordnet',
            'Konto leiterin angelegt: Kita-Leitung, KITA-017',
          ].sort(),
        );
      } finally {
        await store.close();
      }
    },
    120_000,
  );

  it.skipIf(skip)(
    'refuses a second KITA-017 and a Kita-Leitung without Einrichtung with exit 1 and the German reason, bad arguments with exit 2',
    async () => {
      const { env } = database;
      const twice = await npmRun(['site', 'add', 'KITA-017', 'Noch einmal'], env);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain('Abgelehnt / refused: Die Einrichtung KITA-017 gibt es schon.');
      const noSite = await run(['account', 'add', 'ohne', '--role', 'leitung'], env);
      expect(noSite.code).toBe(1);
      expect(noSite.stderr).toContain('Eine Kita-Leitung braucht mindestens eine Einrichtung.');
      const unknown = await run(['account', 'disable', 'niemand'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Unbekanntes Konto: niemand');

      const badRole = await npmRun(['account', 'add', 'chefin', '--role', 'chefin'], env);
      expect(badRole.code).toBe(2);
      expect(badRole.stderr).toContain('Die Rolle ist eine von: verwaltung, leitung, forschung, sprache.');
      for (const [args, message] of [
        [
          ['site', 'add', 'KITA 18', 'Kita Mond'],
          'Die Kennung darf nur Buchstaben, Ziffern und „-“ enthalten',
        ],
        [
          ['site', 'add', 'KITA-018', 'Kita', 'Mond'],
          'Einen Namen mit Leerzeichen in Anführungszeichen setzen',
        ],
        [['site', 'remove', 'KITA-017'], 'Unbekannter Befehl „site remove“'],
        [['account', 'add', 'chefin'], '„account add“ braucht --role'],
        [['account', 'add', 'chefin', '--role', 'verwaltung', '--site', 'KITA-017'], '--site passt nicht'],
        [
          ['account', 'add', 'chefin', '--role', 'verwaltung', '--password', 'geheim'],
          'nie auf der Befehlszeile',
        ],
        [['account', 'list', '--verbose'], 'Unbekannte Option --verbose'],
      ] as const) {
        const refused = await run([...args], env);
        expect(refused.code, args.join(' ')).toBe(2);
        expect(refused.stderr).toContain(message);
        expect(refused.stderr).toContain('npm run verwaltung -- help');
      }
      const help = await run(['help'], env);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('npm run verwaltung -- account add NAME --role ROLLE');

      // Nothing of it changed anything.
      const store = await database.open();
      try {
        expect((await store.accounts?.listAccounts())?.map((row) => row.name)).toEqual(['leiterin']);
        expect((await store.accounts?.listSites())?.map((row) => row.code)).toEqual(['KITA-017']);
      } finally {
        await store.close();
      }
    },
    120_000,
  );

  it.skipIf(skip)(
    'adds a Sprachprüfung for its languages (docs/product.md §50), and refuses one without a known language',
    async () => {
      const { env } = database;
      const added = await run(
        ['account', 'add', 'pruefer.tr', '--role', 'sprache', '--language', 'tr', '--language', 'ar'],
        env,
      );
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toContain(
        'Konto pruefer.tr angelegt / account added: Sprachprüfung, Sprachen: ar, tr.',
      );
      const listed = await run(['account', 'list'], env);
      expect(listed.stdout).toMatch(/^pruefer\.tr +Sprachprüfung +Sprachen: ar, tr +Einmalpasswort offen/m);

      const none = await run(['account', 'add', 'ohne', '--role', 'sprache'], env);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('--role sprache braucht mindestens ein --language');
      const withSite = await run(
        ['account', 'add', 'ohne', '--role', 'sprache', '--language', 'tr', '--site', 'KITA-017'],
        env,
      );
      expect(withSite.code).toBe(2);
      expect(withSite.stderr).toContain('--site passt nicht zu --role sprache');
      const unknown = await run(['account', 'add', 'ohne', '--role', 'sprache', '--language', 'xx'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Unbekannte Sprache: xx');
      const notForLeitung = await run(
        ['account', 'add', 'ohne', '--role', 'leitung', '--site', 'KITA-017', '--language', 'tr'],
        env,
      );
      expect(notForLeitung.code).toBe(2);
      expect(notForLeitung.stderr).toContain('--language gehört nur zu --role sprache.');
    },
    120_000,
  );

  it.skipIf(skip || name !== 'pglite')(
    'says so when DATA_DIR holds no database, and creates none',
    async () => {
      const empty = freshDataDir('zaehltest-verwaltung-empty-');
      rmSync(join(empty, 'pglite'), { recursive: true, force: true });
      try {
        const refused = await run(['account', 'add', 'chefin', '--role', 'verwaltung'], { DATA_DIR: empty });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('ist keine Datenbank');
        expect(readdirSync(empty)).toEqual([]);
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    },
  );
});

describe('npm run verwaltung while the server runs (DATA_DIR)', () => {
  const dataDir = freshDataDir('zaehltest-verwaltung-served-');
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = { DATA_DIR: dataDir };
  const login = (name: string, password: string) =>
    fetch(`${server.url}/api/auswertung/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });

  it('goes through the server, which sees the new account at once and ends its session when it is disabled', async () => {
    const added = await npmRun(['site', 'add', 'KITA-017', 'Kita Sonnenschein'], env);
    expect(added.code, added.stderr).toBe(0);
    const account = await npmRun(['account', 'add', 'Erste.Verwaltung', '--role', 'verwaltung'], env);
    expect(account.code, account.stderr).toBe(0);
    const password = lastLine(account.stdout);
    expect(password).toMatch(/^\S{12,}$/);

    const signedIn = await login('erste.verwaltung', password);
    expect(signedIn.status).toBe(204);
    const cookie = String(signedIn.headers.get('set-cookie')).split(';')[0] as string;
    const session = await fetch(`${server.url}/api/auswertung/session`, { headers: { cookie } });
    expect(await session.json()).toMatchObject({ name: 'Erste.Verwaltung', mustChangePassword: true });

    const twice = await npmRun(['site', 'add', 'KITA-017', 'Noch einmal'], env);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('Die Einrichtung KITA-017 gibt es schon.');
    const bad = await npmRun(['site', 'assign', 'kita-17'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('„site assign“ erwartet CODE KENNUNG');

    // A second Verwaltung first: the last active one cannot be disabled.
    const last = await run(['account', 'disable', 'Erste.Verwaltung'], env);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('Mindestens ein aktives Konto der Verwaltung muss bleiben.');
    expect((await run(['account', 'add', 'zweite', '--role', 'verwaltung'], env)).code).toBe(0);
    const disabled = await run(['account', 'disable', 'Erste.Verwaltung'], env);
    expect(disabled.code, disabled.stderr).toBe(0);
    const ended = await fetch(`${server.url}/api/auswertung/session`, { headers: { cookie } });
    expect(ended.status).toBe(401);
    expect((await login('Erste.Verwaltung', password)).status).toBe(401);

    const listed = await run(['account', 'list'], env);
    expect(listed.stdout).toMatch(/^Erste\.Verwaltung +Verwaltung +alle Einrichtungen +deaktiviert +\S/m);
    expect(listed.stdout).toMatch(/^zweite +Verwaltung +alle Einrichtungen +Einmalpasswort offen +—$/m);

    const reset = await run(['account', 'reset', 'zweite'], env);
    expect(reset.code, reset.stderr).toBe(0);
    expect((await login('zweite', lastLine(reset.stdout))).status).toBe(204);

    server.child.kill('SIGTERM');
    await server.exited;
    const store = await openPgliteStore(dataDir);
    try {
      const rows = await store.research?.protokoll({});
      const details = rows?.filter((row) => row.actor === ACTOR.commandLine).map((row) => row.detail);
      expect(details?.reverse()).toEqual([
        'Einrichtung KITA-017 angelegt',
        'Konto Erste.Verwaltung angelegt: Verwaltung, alle Einrichtungen',
        'Konto zweite angelegt: Verwaltung, alle Einrichtungen',
        'Konto Erste.Verwaltung geändert: deaktiviert',
        'Konto zweite: Einmalpasswort neu vergeben',
      ]);
    } finally {
      await store.close();
    }
  }, 240_000);
});

describe.skipIf(!isRoot)('npm run verwaltung as root', () => {
  it("leaves every file in DATA_DIR to the folder's owner (the service's user)", async () => {
    const dataDir = freshDataDir('zaehltest-verwaltung-owned-');
    const service = 65534;
    const chownAll = (path: string) => {
      chownSync(path, service, service);
      if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownAll(join(path, entry));
    };
    try {
      const store = await openPgliteStore(dataDir);
      await store.close();
      chownAll(dataDir);
      const started = Date.now();
      const added = await npmRun(['site', 'add', 'KITA-017', 'Kita Sonnenschein'], { DATA_DIR: dataDir });
      expect(added.code, added.stderr).toBe(0);
      const files: { path: string; uid: number; changed: number }[] = [];
      const walk = (path: string) => {
        const stat = statSync(path);
        files.push({ path, uid: stat.uid, changed: stat.mtimeMs });
        if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
      };
      walk(dataDir);
      // The database was written (not only read), and nothing in the folder is root's.
      expect(files.filter((file) => file.changed >= started - 1000).length).toBeGreaterThan(0);
      expect(files.filter((file) => file.uid !== service)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the set-up script of docs/deploy.md (step 9)', () => {
  it('adds the Kitas of a CSV from Excel with their leaders and the research team, and keeps their one-time passwords for root', async () => {
    const guide = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
    const german = guide.slice(guide.indexOf('### 9. Konten und Einrichtungen'), guide.indexOf('## English'));
    const script = /```sh\n(#!\/bin\/sh\n[\s\S]*?)```/.exec(german)?.[1];
    expect(script, 'the script in step 9').toBeDefined();
    const table = /```\n(Kennung;Name;Leitung\n[\s\S]*?)```/.exec(german)?.[1] as string;
    const work = mkdtempSync(join(tmpdir(), 'zaehltest-verwaltung-guide-'));
    const dataDir = freshDataDir('zaehltest-verwaltung-guide-data-');
    try {
      writeFileSync(join(work, 'zaehltest.env'), `HOST=127.0.0.1\nDATA_DIR=${dataDir}\nEXPORT_TOKEN=\n`);
      // As Excel saves "CSV UTF-8": a byte order mark and Windows line ends.
      writeFileSync(join(work, 'kitas.csv'), `\uFEFF${table.replaceAll('\n', '\r\n')}`);
      const local = (script as string)
        .replaceAll('/opt/zaehltest/dist-server', ROOT)
        .replaceAll('/etc/zaehltest/zaehltest.env', join(work, 'zaehltest.env'))
        .replaceAll('/root/', `${work}/`);
      writeFileSync(join(work, 'einrichten.sh'), local);
      const { DATABASE_URL: _none, ...env } = process.env;
      const ran = await promisify(execFile)('sh', [join(work, 'einrichten.sh')], { env, encoding: 'utf8' });
      expect(ran.stdout).toMatch(/^KITA-003 +Kita Löwenzahn +0 +ja +—$/m);

      const passwords = join(work, 'einmalpasswoerter.csv');
      expect(statSync(passwords).mode & 0o777).toBe(0o600);
      const rows = readFileSync(passwords, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => line.split(';'));
      expect(rows.map(([site, name]) => `${site};${name}`)).toEqual([
        'KITA-001;leitung.sonnenschein',
        'KITA-002;leitung.regenbogen',
        'KITA-003;leitung.loewenzahn',
        'alle;forschung.mueller',
        'alle;forschung.yilmaz',
      ]);
      const reopened = await openPgliteStore(dataDir);
      try {
        const [, name, password] = rows[1] as string[];
        expect(await signIn(reopened, name as string, password as string)).toMatchObject({
          role: 'leitung',
          sites: ['KITA-002'],
        });
        const [, researcher, researchPassword] = rows[4] as string[];
        expect(await signIn(reopened, researcher as string, researchPassword as string)).toMatchObject({
          role: 'forschung',
          sites: 'alle',
        });
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
