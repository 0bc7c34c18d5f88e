import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { controlSocketPath } from '../../server/control-socket.ts';
import { openPgliteStore, openPostgresStore, type ResultStore } from '../../server/db/index.ts';
import { makeResearchPayload } from '../../server/testing/payload.ts';
import { SKIP_POSTGRES } from '../../server/testing/postgres.ts';
import { startServerProcess } from '../../server/testing/server-process.ts';
import { CHILD_CODE_ALPHABET, CHILD_CODE_LENGTH } from '../../src/contract.ts';
import { backup } from './backup.ts';
import { restore } from './restore.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const TOTAL = 1000;
const work = mkdtempSync(join(tmpdir(), 'zaehltest-backup-'));
// A minute: the folder holds several database folders and backups, which a loaded CI machine took
// longer than the default 10 s to remove.
afterAll(() => rm(work, { recursive: true, force: true }), 60_000);

/** The `n`-th child code of the device alphabet (src/domain/facts.ts), n written in base 30. */
const childCode = (n: number) =>
  Array.from(
    { length: CHILD_CODE_LENGTH },
    (_, k) =>
      CHILD_CODE_ALPHABET[Math.floor(n / CHILD_CODE_ALPHABET.length ** k) % CHILD_CODE_ALPHABET.length],
  ).join('');

/**
 * 1,000 results of the current shape, with and without the optional fields, Kita codes and child
 * codes included (so the Verlauf summary child_progress has rows), and a row in every other table
 * the server writes: the health probe, a researcher's session and the Protokoll with its key.
 */
async function fill(store: ResultStore): Promise<void> {
  // One result less here: the enrolled tablet below sends the last one.
  const payloads = Array.from({ length: TOTAL - 1 }, (_, i) =>
    makeResearchPayload({
      correct: [1, 2, 3, 4, 5, 6, 8, 10, 11].slice(0, i % 10),
      overrides: {
        ...(i % 3 === 0 ? { site: `KITA-${String(i % 30).padStart(3, '0')}` } : {}),
        ...(i % 7 === 0 ? { born: '' } : {}),
        ...(i % 5 === 0 ? {} : { childCode: childCode(i % 250) }),
        ...(i % 11 === 0 ? { testDate: `2026-0${1 + (i % 9)}-15` } : {}),
      },
    }),
  );
  await Promise.all(payloads.map((payload) => store.insertResult(payload)));
  expect(await store.count()).toBe(TOTAL - 1);
  await store.checkWrites();
  await store.research?.createSession(
    randomBytes(32).toString('hex'),
    new Date(Date.now() + 3_600_000),
    randomBytes(32).toString('hex'),
  );
  // An Einrichtung with a code joined to it, a Kita-Leitung's account of it with a session and an
  // API token (docs/product.md §47).
  const accounts = store.accounts;
  if (!accounts) throw new Error('no accounts');
  await accounts.addSite('KITA-001', 'Kita Sonnenschein');
  await accounts.assignCode('kita-1', 'KITA-001');
  const leitung = await accounts.addAccount(
    { name: 'leitung1', role: 'leitung', sites: ['KITA-001'] },
    'scrypt$1$1$1$a$b',
  );
  const login = await accounts.accountForLogin('leitung1');
  if (!login) throw new Error('no account');
  await accounts.createAccountSession(
    randomBytes(32).toString('hex'),
    new Date(Date.now() + 3_600_000),
    login,
  );
  await accounts.createToken(leitung, 'Skript', randomBytes(32).toString('hex'));
  // A parents' withdrawn research consent (docs/product.md §48).
  await store.withdrawResearchConsent({
    site: 'KITA-001',
    childCode: childCode(1),
    withdrawnOn: '2026-05-04',
  });
  // An enrolled tablet with a result it sent, an open code and the Einrichtung's passphrase
  // (docs/product.md §51); a Sprachprüfung with a confirmation and an approved recording (§50).
  const tablets = store.tablets;
  const sprachen = store.sprachen;
  if (!tablets || !sprachen) throw new Error('no tablets or Sprachprüfung');
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const codes = ['a', 'b'].map((n) => ({ hash: createHash('sha256').update(n).digest('hex'), name: n }));
  await tablets.createCodes({
    site: 'KITA-001',
    batch: 'backup-test',
    codes,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    createdBy: 'test',
  });
  const tabletId = 't_abcdefghijklmnop';
  const enrolled = await tablets.enrol({
    codeHash: codes[0]?.hash as string,
    tabletId,
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    name: 'Gruppe Bären',
    appVersion: '0.1.0+test',
    contentVersion: null,
    previousId: null,
  });
  expect(enrolled.outcome).toBe('enrolled');
  await tablets.reportStatus(tabletId, {
    appVersion: '0.1.0+test',
    contentVersion: null,
    unsent: 0,
    lastBackupAt: null,
  });
  await tablets.setPassphrase('KITA-001', { salt: 'c2FsdA==', iterations: 1000, verifier: 'ab'.repeat(32) });
  await store.insertResult(makeResearchPayload({ overrides: { site: 'KITA-001' } }), {
    tabletId,
    enrolledSite: 'KITA-001',
  });
  await store.checkWrites();
  expect(await store.count()).toBe(TOTAL);
  const speakers = await Promise.all(
    ['sprecherin', 'pruefer'].map((name) =>
      accounts.addAccount({ name, role: 'sprache', sites: [], languages: ['tr'] }, 'scrypt$1$1$1$a$b'),
    ),
  );
  const review = {
    language: 'tr',
    key: '1.questionText',
    contentVersion: 'abcdef',
    baseText: 'x',
    german: 'y',
  };
  await sprachen.addReview({
    ...review,
    kind: 'confirm',
    text: 'x',
    note: '',
    accountId: speakers[0] as number,
  });
  const take = await sprachen.addRecording({
    language: 'tr',
    key: '1.questionText',
    contentVersion: 'abcdef',
    text: 'x',
    audio: new Uint8Array([0x49, 0x44, 0x33, 1, 2, 3]),
    accountId: speakers[0] as number,
  });
  expect(await sprachen.approveRecording(take, speakers[1] as number)).toBe(true);
  // A deletion in the Protokoll, which also makes the key of its child-code hashes.
  await store.research?.record({ kind: 'deletion', actor: 'test', count: 0, childCode: childCode(999) });
}

/**
 * Every table of the database, read from its schema rather than listed here, so a table a later
 * migration adds is compared too; rows in a fixed order whatever the table's columns.
 */
const TABLES_SQL = `SELECT tablename FROM pg_tables
  WHERE schemaname = ANY (current_schemas(false)) ORDER BY tablename`;
const rowsSql = (table: string) => `SELECT * FROM "${table}" AS t ORDER BY t::text`;

type Tables = Record<string, unknown[]>;

async function pgliteRows(dataDir: string): Promise<Tables> {
  const db = await PGlite.create(join(dataDir, 'pglite'));
  try {
    const rows: Tables = {};
    for (const { tablename } of (await db.query<{ tablename: string }>(TABLES_SQL)).rows)
      rows[tablename] = (await db.query(rowsSql(tablename))).rows;
    return rows;
  } finally {
    await db.close();
  }
}

async function postgresRows(url: string): Promise<Tables> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Tables = {};
    for (const { tablename } of (await client.query<{ tablename: string }>(TABLES_SQL)).rows)
      rows[tablename] = (await client.query(rowsSql(tablename))).rows;
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * The restored database holds every table of the backed-up one with the same rows. Each table has
 * rows to compare: a table the fill leaves empty (a new one, say) fails here until it gets some.
 */
function expectSameTables(before: Tables, after: Tables): void {
  expect(Object.keys(before)).toEqual(
    expect.arrayContaining(['results', 'child_progress', 'schema_migrations']),
  );
  for (const [table, rows] of Object.entries(before))
    expect(rows.length, `rows in ${table}`).toBeGreaterThan(0);
  expect(after.results).toHaveLength(TOTAL);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
}

describe('backup and restore of the embedded database (DATA_DIR)', () => {
  it('backs up 1,000 results and restores every row of every table into an empty DATA_DIR, which then takes new ones', async () => {
    const source = join(work, 'pglite-source');
    const store = await openPgliteStore(source);
    await fill(store);
    await store.close();

    const folder = join(work, 'pglite-backups');
    const file = await backup(folder, { DATA_DIR: source });
    expect(file).toMatch(/zaehltest-pglite-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual([file.slice(folder.length + 1)]);

    const target = join(work, 'pglite-target');
    expect(await restore(file, { DATA_DIR: target })).toBe(TOTAL);
    const [before, after] = [await pgliteRows(source), await pgliteRows(target)];
    expectSameTables(before, after);

    const restored = await openPgliteStore(target);
    try {
      const { id } = await restored.insertResult(makeResearchPayload());
      expect(id).toBeGreaterThan(TOTAL);
    } finally {
      await restored.close();
    }
    // Never over existing data.
    await expect(restore(file, { DATA_DIR: target })).rejects.toThrow(/already holds a database/);
  }, 240_000);

  it('with BACKUP_RECIPIENT writes only an age file, which only BACKUP_IDENTITY opens', async () => {
    // The database of the first test; a key pair as `age-keygen` makes it.
    const source = join(work, 'pglite-source');
    const identity = await generateIdentity();
    const recipient = await identityToRecipient(identity);
    const folder = join(work, 'pglite-encrypted');
    const file = await backup(folder, { DATA_DIR: source, BACKUP_RECIPIENT: recipient });
    expect(file).toMatch(/zaehltest-pglite-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz\.age$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // No plain copy is left beside it, and the file is age's, not a tarball.
    expect(readdirSync(folder)).toEqual([file.slice(folder.length + 1)]);
    expect(readFileSync(file).subarray(0, 21).toString('latin1')).toBe('age-encryption.org/v1');

    await expect(restore(file, { DATA_DIR: join(work, 'age-none') })).rejects.toThrow(/Set BACKUP_IDENTITY/);
    const wrongKey = join(work, 'wrong.key');
    writeFileSync(wrongKey, `# created: by the test\n${await generateIdentity()}\n`, { mode: 0o600 });
    await expect(
      restore(file, { DATA_DIR: join(work, 'age-wrong'), BACKUP_IDENTITY: wrongKey }),
    ).rejects.toThrow(/does not open with the key/);
    const rightKey = join(work, 'right.key');
    writeFileSync(rightKey, `# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
    const target = join(work, 'age-target');
    expect(await restore(file, { DATA_DIR: target, BACKUP_IDENTITY: rightKey })).toBe(TOTAL);
    expectSameTables(await pgliteRows(source), await pgliteRows(target));

    // A mistyped key is refused before anything is written.
    const refused = join(work, 'pglite-refused');
    await expect(
      backup(refused, { DATA_DIR: source, BACKUP_RECIPIENT: 'age1-kein-schluessel' }),
    ).rejects.toThrow(/not a public age key/);
    expect(existsSync(refused) ? readdirSync(refused) : []).toEqual([]);
  }, 240_000);

  it('while the server runs, npm run backup goes through it as uploads go on, and a trial restore beside it holds every row', async () => {
    const source = join(work, 'pglite-served');
    const filled = await openPgliteStore(source);
    await fill(filled);
    await filled.close();
    // Served as in production, but without the per-address upload limit: the loop below uploads
    // from one address as fast as the server answers, which on an idle machine passes 600 a minute.
    const server = await startServerProcess({ DATA_DIR: source, RATE_LIMIT_PER_MINUTE: '0' });
    const folder = join(work, 'pglite-running');
    const npm = (script: string, args: string[], env: Record<string, string>) =>
      promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    try {
      expect(statSync(join(source, 'run')).mode & 0o777).toBe(0o700);
      const upload = async () => {
        const response = await fetch(`${server.url}/api/results`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(makeResearchPayload()),
        });
        return response.status;
      };
      // Uploads keep arriving while the backup is taken: none fails (they wait for the copy at most).
      let backingUp = true;
      const statuses: number[] = [];
      const during = (async () => {
        while (backingUp) statuses.push(await upload());
      })();
      const backedUp = await npm('backup', [folder], { DATA_DIR: source });
      backingUp = false;
      await during;
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses).toEqual(statuses.map(() => 201));
      expect('code' in backedUp ? backedUp.stderr : '').toBe('');
      const file = /backup written: (\S+)/.exec(backedUp.stdout)?.[1] as string;
      expect(file).toMatch(/zaehltest-pglite-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Nothing unpacked is left beside it.
      expect(readdirSync(folder)).toEqual([file.slice(folder.length + 1)]);

      // Never into the running server's folder; the trial restore goes beside it, into a new one.
      const refused = await npm('restore', [file], { DATA_DIR: source });
      expect('code' in refused && refused.code).toBe(1);
      expect(refused.stderr).toContain('set DATA_DIR to a new folder');
      const trial = join(work, 'pglite-trial');
      const restored = await npm('restore', [file], { DATA_DIR: trial });
      const count = Number(/restored: (\d+) Ergebnisse/.exec(restored.stdout)?.[1]);
      expect(count).toBeGreaterThanOrEqual(TOTAL);
      expect(count).toBeLessThanOrEqual(TOTAL + statuses.length);
      expect(await upload(), 'the server still takes uploads').toBe(201);

      server.child.kill('SIGTERM');
      await server.exited;
      expect(existsSync(controlSocketPath(source)), 'the socket goes with the server').toBe(false);
      // The copy is the database at one moment: every table, and each result as the server kept it.
      const [before, after] = [await pgliteRows(source), await pgliteRows(trial)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect(after.results).toHaveLength(count);
      expect(after.results).toEqual(
        (before.results as { id: number }[]).filter((row) =>
          after.results?.some((r) => (r as { id: number }).id === row.id),
        ),
      );
      expect(after.child_progress).toEqual(before.child_progress);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);

  it('refuses a damaged file, an empty DATA_DIR to back up, and a PostgreSQL dump without DATABASE_URL', async () => {
    const damaged = join(work, 'damaged.tar.gz');
    writeFileSync(damaged, 'not a tarball');
    await expect(restore(damaged, { DATA_DIR: join(work, 'fresh') })).rejects.toThrow(
      /could not be unpacked/,
    );
    mkdirSync(join(work, 'empty'));
    await expect(backup(join(work, 'unused'), { DATA_DIR: join(work, 'empty') })).rejects.toThrow(
      /holds no database/,
    );
    const dump = join(work, 'x.dump');
    writeFileSync(dump, '');
    await expect(restore(dump, { DATA_DIR: join(work, 'fresh2') })).rejects.toThrow(/needs DATABASE_URL/);
  }, 60_000);
});

/** Creating databases needs the postgres superuser, reached through root (as in .ci/run). */
const canAdminister = !SKIP_POSTGRES && process.getuid?.() === 0;

describe.skipIf(!canAdminister)('backup and restore with PostgreSQL (DATABASE_URL)', () => {
  const suffix = randomBytes(4).toString('hex');
  // The service's role and the new database's own role (docs/deploy.md: a restore never gives the
  // service's role a new password).
  const role = `zt_backup_${suffix}`;
  const newRole = `zt_neu_${suffix}`;
  const databases = [`zt_source_${suffix}`, `zt_target_${suffix}`, `zt_chosen_${suffix}`];
  const asPostgres = (sql: string) =>
    execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-v', 'ON_ERROR_STOP=1', '-qtAc', sql], {
      stdio: 'pipe',
    });
  afterAll(() => {
    for (const database of databases) asPostgres(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    for (const name of [role, newRole]) asPostgres(`DROP ROLE IF EXISTS ${name}`);
  });

  it('npm run backup and npm run restore carry 1,000 results into a new database, every row of every table equal', async () => {
    // The set-up of docs/deploy.md, twice: the running database and a new, empty one of its own role.
    const setUp = (owner: string, database: string) =>
      /^DATABASE_URL=(\S+)$/m.exec(
        execFileSync(join(ROOT, 'deploy/postgres-setup.sh'), [owner, database], { encoding: 'utf8' }),
      )?.[1] as string;
    const sourceUrl = new URL(setUp(role, databases[0] as string));
    const target = setUp(newRole, databases[1] as string);
    const password = sourceUrl.password;

    const store = await openPostgresStore(sourceUrl.toString(), { poolSize: 4 });
    await fill(store);
    await store.close();

    const folder = join(work, 'postgres-backups');
    const run = (script: string, args: string[], url: string) =>
      spawnSync('npm', ['run', '--silent', script, '--', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url },
        encoding: 'utf8',
      });
    const backedUp = run('backup', [folder], sourceUrl.toString());
    expect(backedUp.status, backedUp.stderr).toBe(0);
    const file = /backup written: (\S+)/.exec(backedUp.stdout)?.[1] as string;
    expect(file).toMatch(/zaehltest-postgres-\d{4}-\d{2}-\d{2}-\d{6}\.dump$/);
    expect(`${backedUp.stdout}${backedUp.stderr}`).not.toContain(password);

    const restored = run('restore', [file], target);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Wiederhergestellt / restored: ${TOTAL} Ergebnisse / results`);
    const [before, after] = [await postgresRows(sourceUrl.toString()), await postgresRows(target)];
    expectSameTables(before, after);

    const again = run('restore', [file], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('ist nicht leer');
    expect(again.stderr).toContain('is not empty');
    expect(again.stderr).not.toContain(password);
    expect(again.stderr).not.toContain(new URL(target).password);

    const next = await openPostgresStore(target, { poolSize: 1 });
    try {
      expect((await next.insertResult(makeResearchPayload())).id).toBeGreaterThan(TOTAL);
    } finally {
      await next.close();
    }
  }, 240_000);

  it('prints a DATABASE_URL the server can read with a chosen password full of URL characters', async () => {
    const chosen = 'Kita p@ss:w/rd%#?&=+äß-1';
    const printed = execFileSync(join(ROOT, 'deploy/postgres-setup.sh'), [role, databases[2] as string], {
      encoding: 'utf8',
      env: { ...process.env, ZAEHLTEST_DB_PASSWORD: chosen },
    });
    const url = /^DATABASE_URL=(\S+)$/m.exec(printed)?.[1] as string;
    expect(decodeURIComponent(new URL(url).password)).toBe(chosen);
    const store = await openPostgresStore(url, { poolSize: 1 });
    try {
      expect(await store.count()).toBe(0);
    } finally {
      await store.close();
    }
  }, 60_000);
});
