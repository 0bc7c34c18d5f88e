import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePostgres, SKIP_POSTGRES } from './testing/postgres.ts';
import { runServerToExit, startServerProcess } from './testing/server-process.ts';

const SETUP = resolve(import.meta.dirname, '../deploy/postgres-setup.sh');
/** Creating roles and databases needs the postgres superuser, reached through root (as in .ci/run). */
const canAdminister = !SKIP_POSTGRES && process.getuid?.() === 0;

function asPostgres(sql: string): void {
  execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-v', 'ON_ERROR_STOP=1', '-qtAc', sql], {
    stdio: 'pipe',
  });
}

/** The DATABASE_URL line deploy/postgres-setup.sh prints, as docs/deploy.md has the operator run it. */
function setUp(role: string, database: string): string {
  const output = execFileSync(SETUP, [role, database], { encoding: 'utf8' });
  const url = /^DATABASE_URL=(\S+)$/m.exec(output)?.[1];
  expect(url, output).toBeTruthy();
  return url as string;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 1;
}

function expectBothLanguages(output: string, de: RegExp, en: RegExp): void {
  expect(output).toMatch(new RegExp(`Zähltest konnte nicht starten: ${de.source}`));
  expect(output).toMatch(new RegExp(`Zähltest could not start: ${en.source}`));
  expect(output).not.toMatch(/^\s+at /m);
}

describe.skipIf(SKIP_POSTGRES)('PostgreSQL start-up errors say what is wrong and what to do', () => {
  let base: URL;
  beforeAll(async () => {
    base = new URL(await preparePostgres());
  }, 60_000);

  it('a server that cannot be reached', async () => {
    const url = new URL(base);
    url.port = String(await closedPort());
    const { code, output } = await runServerToExit({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expectBothLanguages(
      output,
      /Die PostgreSQL-Datenbank unter 127\.0\.0\.1:\d+ ist nicht erreichbar \(ECONNREFUSED\)\. Prüfen, ob PostgreSQL läuft/,
      /The PostgreSQL database at 127\.0\.0\.1:\d+ cannot be reached \(ECONNREFUSED\)\. Check that PostgreSQL is running/,
    );
  }, 60_000);

  it('a login refused, without showing the password', async () => {
    const url = new URL(base);
    url.password = 'not-the-password';
    const { code, output } = await runServerToExit({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    const role = decodeURIComponent(base.username);
    expectBothLanguages(
      output,
      new RegExp(
        `PostgreSQL unter 127\\.0\\.0\\.1:\\d+ lehnt die Anmeldung als Rolle „${role}“ ab .*Benutzername und Passwort in DATABASE_URL prüfen`,
      ),
      new RegExp(
        `PostgreSQL at 127\\.0\\.0\\.1:\\d+ refuses the login as role "${role}" .*Check user name and password in DATABASE_URL`,
      ),
    );
    expect(output).not.toContain('not-the-password');
  }, 60_000);

  it('a database that does not exist', async () => {
    const url = new URL(base);
    url.pathname = '/zaehltest_no_such_database';
    const { code, output } = await runServerToExit({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expectBothLanguages(
      output,
      /Die Datenbank „zaehltest_no_such_database“ gibt es auf .* nicht/,
      /The database "zaehltest_no_such_database" does not exist on /,
    );
  }, 60_000);

  it('an SSL mode the server does not match', async () => {
    const url = new URL(base);
    url.searchParams.set('sslmode', 'verify-full');
    const { code, output } = await runServerToExit({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    // Debian's cluster may have SSL on (a self-signed certificate) or off: either way it is told.
    expectBothLanguages(
      output,
      /Verschlüsselung \(SSL\) zwischen Zähltest und PostgreSQL unter .* passt nicht zusammen .*sslmode in DATABASE_URL anpassen/,
      /Encryption \(SSL\) between Zähltest and PostgreSQL at .* does not match .*Adjust sslmode in DATABASE_URL/,
    );
  }, 60_000);

  describe.skipIf(!canAdminister)('with the set-up script of docs/deploy.md', () => {
    const suffix = randomBytes(4).toString('hex');
    const owner = { role: `zt_owner_${suffix}`, database: `zt_db_${suffix}` };
    const other = { role: `zt_other_${suffix}`, database: `zt_otherdb_${suffix}` };
    afterAll(() => {
      for (const { role, database } of [owner, other]) {
        asPostgres(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        asPostgres(`DROP ROLE IF EXISTS ${role}`);
      }
    });

    it('sets up a role and database the server starts with; another role lacks the privileges and is told so', async () => {
      const url = setUp(owner.role, owner.database);
      expect(url).toMatch(
        new RegExp(
          `^postgres://${owner.role}:[0-9a-f]{36}@127\\.0\\.0\\.1:5432/${owner.database}\\?sslmode=disable$`,
        ),
      );
      // Running it again is harmless: the database stays, the password is set anew.
      const again = setUp(owner.role, owner.database);
      const server = await startServerProcess({ DATABASE_URL: again });
      try {
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }

      // A role of its own, pointed at a database it does not own: PostgreSQL 15 lets it connect but
      // not create the tables.
      const otherUrl = new URL(setUp(other.role, other.database));
      otherUrl.pathname = `/${owner.database}`;
      const { code, output } = await runServerToExit({ DATABASE_URL: otherUrl.toString() });
      expect(code).toBe(1);
      expectBothLanguages(
        output,
        new RegExp(
          `Die Rolle „${other.role}“ hat in der Datenbank „${owner.database}“ nicht die nötigen Rechte .*ALTER DATABASE`,
        ),
        new RegExp(
          `The role "${other.role}" lacks the privileges it needs in the database "${owner.database}"`,
        ),
      );
      expect(output).not.toContain(otherUrl.password);
    }, 120_000);
  });
});
