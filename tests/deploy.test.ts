import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServerBundle } from '../scripts/build-server.ts';
import { CHROMIUM, FLAGS, screenshot, TABLET } from './support/browser.ts';
import {
  answerCorrectly,
  jumpTo,
  loadQuestions,
  login,
  waitForNextScreen,
  waitForScreen,
} from './support/flow.ts';

/**
 * Issue 28, docs/deploy.md: the production install behind Caddy, as the guide has it. The built app
 * and the server bundle (npm run build → dist/, dist-server/) are copied to a folder of their own,
 * where `npm install --omit=dev` installs only the server's runtime packages, and the server runs
 * with plain Node from there. Caddy runs deploy/Caddyfile with `tls internal` in front of it. Over
 * https:// a tablet (Chromium) opens the app once, finishes a child's test offline and sends the result once
 * back online; the rate limit counts the tablet's address, not Caddy's. The operator's tools (backup,
 * restore, verwaltung) run from the installed folder beside the running service.
 */

const ROOT = resolve(import.meta.dirname, '..');
const SITE = 'zaehltest.test';
const EXPORT_TOKEN = 'deploy-test-export-token-0123456789';
const UPLOADS_PER_MINUTE = 3;
const byId = new Map(loadQuestions().map((q) => [q.id, q]));
/** A flash, five fingers and the last question offline; every answer type offline is tests/offline.test.ts'. */
const OFFLINE_RUN = [20, 21, 22, 23];
const work = mkdtempSync(join(tmpdir(), 'zaehltest-deploy-'));
const app = join(work, 'opt-zaehltest');
const caddyData = join(work, 'caddy');
const processes: ChildProcess[] = [];
let serverPort = 0;
let httpsPort = 0;
let rootCa = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Runs a long-lived process, collecting its output; it is killed after the tests. */
function start(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(child);
  let output = '';
  child.stdout?.on('data', (data: Buffer) => {
    output += data.toString();
  });
  child.stderr?.on('data', (data: Buffer) => {
    output += data.toString();
  });
  return { child, output: () => output };
}

/** The child's environment: only what the service would have (no NODE_OPTIONS, no tsx loader). */
function serviceEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: work, LANG: 'C.UTF-8', ...extra };
}

/** KEY=value lines of an environment file, as systemd's EnvironmentFile= reads them. */
function envFile(path: string): Record<string, string> {
  const entries = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z_]+)=(.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => [match[1] as string, match[2] as string]);
  return Object.fromEntries(entries);
}

interface Answer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/** An HTTPS request to Caddy, checked against Caddy's own root certificate, from `localAddress`. */
function viaCaddy(
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: SITE,
        ca: rootCa,
        method,
        path,
        localAddress: options.localAddress ?? '127.0.0.1',
        headers: { host: `${SITE}:${httpsPort}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', fail);
    req.end(options.body);
  });
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  output: () => string,
  timeoutMs = 120_000,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${what} did not come up:\n${output()}`);
}

beforeAll(async () => {
  for (const [tool, pkg] of [
    ['caddy', 'caddy'],
    ['systemd-analyze', 'systemd'],
  ]) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
    expect(found, `${tool} is missing: sudo apt-get install ${pkg} (.ci/run installs it)`).toBe(true);
  }
  // npm run build, as on the build machine: the app (the e2e build) and the server bundle.
  cpSync(inject('distDir'), join(app, 'dist'), { recursive: true });
  const serverDir = await buildServerBundle(join(app, 'dist-server'));
  // The production install of docs/deploy.md: the server's packages only, no build toolchain.
  const install = spawnSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: serverDir,
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(install.status, install.stderr).toBe(0);

  serverPort = await freePort();
  const server = start(process.execPath, ['main.mjs'], {
    cwd: serverDir,
    env: serviceEnv({
      // The settings of deploy/zaehltest.env (HOST, TRUST_PROXY), with this test's port and folders.
      ...envFile(join(ROOT, 'deploy/zaehltest.env')),
      // The file ships UPLOAD_ACCESS=enrolled; this test's uploads come from an app that is not
      // enrolled (enrolled uploads: server/tablets/tablets.test.ts, scripts/verwaltung/tablets.test.ts).
      UPLOAD_ACCESS: 'open',
      PORT: String(serverPort),
      DATA_DIR: join(work, 'var-lib-zaehltest'),
      EXPORT_TOKEN,
      RATE_LIMIT_PER_MINUTE: String(UPLOADS_PER_MINUTE),
      NODE_ENV: 'production',
    }),
  });
  httpsPort = await freePort();
  const caddy = start(
    'caddy',
    ['run', '--config', join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
    {
      cwd: work,
      env: serviceEnv({
        XDG_DATA_HOME: caddyData,
        XDG_CONFIG_HOME: join(work, 'caddy-config'),
        ZAEHLTEST_SITE: SITE,
        ZAEHLTEST_TLS: 'internal',
        ZAEHLTEST_HTTPS_PORT: String(httpsPort),
        ZAEHLTEST_HTTP_PORT: String(await freePort()),
        ZAEHLTEST_CADDY_ADMIN: 'off',
        ZAEHLTEST_UPSTREAM: `127.0.0.1:${serverPort}`,
      }),
    },
  );
  await waitFor('the server', async () => /läuft auf/.test(server.output()), server.output);
  const rootFile = join(caddyData, 'caddy/pki/authorities/local/root.crt');
  await waitFor('Caddy', async () => existsSync(rootFile), caddy.output, 60_000);
  rootCa = readFileSync(rootFile, 'utf8');
  await waitFor(
    'HTTPS',
    async () => (await viaCaddy('GET', '/api/health')).status === 200,
    caddy.output,
    60_000,
  );
}, 400_000);

afterAll(async () => {
  for (const child of processes) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  rmSync(work, { recursive: true, force: true });
});

describe('deployment files', () => {
  it('the systemd unit passes systemd-analyze verify and runs the built server as its own user', () => {
    let unit = readFileSync(join(ROOT, 'deploy/zaehltest.service'), 'utf8');
    // The unit names Debian's Node.js; where Node lives elsewhere, the guide says to adjust the path.
    if (!existsSync('/usr/bin/node')) unit = unit.replace('/usr/bin/node', process.execPath);
    const file = join(work, 'zaehltest.service');
    writeFileSync(file, unit);
    const verify = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect(verify.status, verify.stderr).toBe(0);
    expect(verify.stderr.trim()).toBe('');
    // Hardened: an exposure of at most 2.5 (systemd counts in tenths: --threshold=25).
    const security = spawnSync('systemd-analyze', ['security', '--offline=true', '--threshold=25', file], {
      encoding: 'utf8',
    });
    expect(security.status, security.stdout + security.stderr).toBe(0);
    const exposure = Number(/Overall exposure level for [^:]+: ([\d.]+)/.exec(security.stdout)?.[1]);
    expect(exposure).toBeLessThanOrEqual(2.5);
    for (const line of [
      'Restart=on-failure',
      'User=zaehltest',
      'StateDirectory=zaehltest',
      'Environment=NODE_ENV=production DATA_DIR=/var/lib/zaehltest',
      'EnvironmentFile=/etc/zaehltest/zaehltest.env',
      'ExecStart=/usr/bin/node /opt/zaehltest/dist-server/main.mjs',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
  });

  it('the Caddyfile is valid for a public domain with automatic certificates too', () => {
    const output = execFileSync(
      'caddy',
      ['adapt', '--config', join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
      {
        env: {
          ...process.env,
          ZAEHLTEST_SITE: 'zaehltest.traeger.example',
          ZAEHLTEST_TLS: 'it@traeger.example',
        },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const config = JSON.parse(output);
    expect(JSON.stringify(config.apps.http.servers)).toContain('zaehltest.traeger.example');
    expect(JSON.stringify(config.apps.tls)).toContain('it@traeger.example');
    expect(config.apps.http.servers.srv0.listen).toEqual([':443']);
  });

  it('the production install holds the server packages only, and the app needs nothing else', () => {
    const modules = join(app, 'dist-server/node_modules');
    for (const name of ['fastify', 'pg', '@electric-sql/pglite'])
      expect(existsSync(join(modules, name)), name).toBe(true);
    for (const name of ['vite', 'tsx', 'typescript', 'vitest', 'react'])
      expect(existsSync(join(modules, name)), name).toBe(false);
    expect(existsSync(join(app, 'node_modules'))).toBe(false);
  });

  it('npm run backup of the production install goes through the running server; the trial restore goes beside it, never into it', () => {
    const npm = (script: string, args: string[], dataDir: string) =>
      spawnSync('npm', ['run', '--silent', script, '--', ...args], {
        cwd: join(app, 'dist-server'),
        env: serviceEnv({ DATA_DIR: join(work, dataDir) }),
        encoding: 'utf8',
      });
    const backedUp = npm('backup', [join(work, 'backups')], 'var-lib-zaehltest');
    expect(backedUp.status, backedUp.stderr).toBe(0);
    const file = /backup written: (\S+)/.exec(backedUp.stdout)?.[1] as string;
    expect(file).toMatch(/zaehltest-pglite-[\d-]+\.tar\.gz$/);

    const intoLive = npm('restore', [file], 'var-lib-zaehltest');
    expect(intoLive.status).toBe(1);
    expect(intoLive.stderr).toContain('Zurückgespielt wird nie in die Datenbank des laufenden Servers');
    const trial = npm('restore', [file], 'var-lib-zaehltest-probe');
    expect(trial.status, trial.stderr).toBe(0);
    expect(trial.stdout).toMatch(/Wiederhergestellt \/ restored: \d+ Ergebnisse/);
  });

  it('npm run verwaltung of the production install goes through the running server, whose login takes the one-time password at once', async () => {
    const verwaltung = (args: string[]) =>
      spawnSync('npm', ['run', '--silent', 'verwaltung', '--', ...args], {
        cwd: join(app, 'dist-server'),
        env: serviceEnv({ DATA_DIR: join(work, 'var-lib-zaehltest') }),
        encoding: 'utf8',
      });
    const site = verwaltung(['site', 'add', 'KITA-001', 'Kita am Deich']);
    expect(site.status, site.stderr).toBe(0);
    const account = verwaltung(['account', 'add', 'it-traeger', '--role', 'verwaltung']);
    expect(account.status, account.stderr).toBe(0);
    const password = account.stdout.trimEnd().split('\n').at(-1);
    const login = await viaCaddy('POST', '/api/auswertung/login', {
      body: JSON.stringify({ name: 'it-traeger', password }),
      headers: { 'content-type': 'application/json' },
    });
    expect(login.status, login.body).toBe(204);
  });
});

describe('over HTTPS behind Caddy', () => {
  let context: BrowserContext;
  let page: Page;
  const base = () => `https://${SITE}:${httpsPort}`;

  beforeAll(async () => {
    const userDataDir = mkdtempSync(join(work, 'chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      // The tablet reaches the server by name; Caddy's LAN certificate is not trusted by this
      // fresh profile, as on a tablet before its root certificate is installed (docs/deploy.md).
      args: [...FLAGS, `--host-resolver-rules=MAP ${SITE} 127.0.0.1`, '--ignore-certificate-errors'],
      ignoreHTTPSErrors: true,
      headless: true,
      viewport: TABLET,
      locale: 'de-DE',
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('over plain http by name the access screen warns that offline use is impossible; over https it does not', async () => {
    await page.goto(`http://${SITE}:${serverPort}/`);
    const warning = page.getByTestId('plain-http-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('offline testen ist auf diesem Gerät unmöglich');
    expect(await warning.textContent()).toContain('docs/deploy.md');
    await screenshot(page, 'deploy-plain-http-warning');
    await page.goto(`${base()}/`);
    await page.getByLabel('Bitte Passwort eingeben:').waitFor();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    expect(await page.getByTestId('plain-http-warning').count()).toBe(0);
  });

  it('a test runs offline after one visit; the result with its Einrichtungskennung arrives once; the limit counts the tablet, not Caddy', async () => {
    // One visit online: the service worker takes over, the Einrichtungskennung is set once.
    await page.goto(`${base()}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) break;
      await page.reload();
    }
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await login(page, base());
    await page.getByText('Keine Einrichtungskennung gesetzt').click();
    await page.getByLabel('Einrichtungskennung', { exact: true }).fill('kita-017');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByText('Gespeichert: KITA-017').waitFor();
    await screenshot(page, 'deploy-site-setting');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'deploy-site-setting-phone');
    await page.setViewportSize(TABLET);

    // Another client exhausts its uploads; X-Forwarded-For of its own does not get it round the limit.
    const post = (headers: Record<string, string> = {}) =>
      viaCaddy('POST', '/api/results', {
        body: '{}',
        headers: { 'content-type': 'application/json', ...headers },
        localAddress: '127.0.0.2',
      });
    const statuses: number[] = [];
    for (let i = 0; i <= UPLOADS_PER_MINUTE; i++) statuses.push((await post()).status);
    expect(statuses).toEqual([...Array(UPLOADS_PER_MINUTE).fill(400), 429]);
    expect((await post({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);

    // Offline from here: the app from the service worker's copy, a running test's last questions. The
    // seeded test has no Einrichtung of its own: the device's is sent, as for a test begun before the
    // setting (the one 'Test beginnen' records is src/store/create-store.test.ts's).
    await context.setOffline(true);
    await jumpTo(page, base(), OFFLINE_RUN, 'tr', { name: 'Elif', birthdate: '2020-05-14', school: 'Kita' });
    for (const id of OFFLINE_RUN) {
      await waitForNextScreen(page);
      await answerCorrectly(page, byId.get(id)!);
    }
    await waitForScreen(page, 'result', 15_000);
    await expect
      .poll(() => page.locator('.result-upload').textContent(), { timeout: 10_000 })
      .toMatch(/auf diesem Gerät gespeichert/);
    expect(await page.getByTestId('result-site').textContent()).toBe('KITA-017');
    await screenshot(page, 'deploy-offline-result');

    // Back online: the tablet's address (127.0.0.1) has its own limit, so its upload goes through.
    await context.setOffline(false);
    await expect
      .poll(() => page.locator('.result-upload').textContent(), { timeout: 30_000 })
      .toBe('Ergebnis gesendet.');
    const exported = await viaCaddy('GET', '/api/results.json', {
      headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
    });
    expect(exported.status).toBe(200);
    // HSTS: a tablet that once reached the app over HTTPS never tries plain HTTP for a year.
    expect(exported.headers['strict-transport-security']).toBe('max-age=31536000');
    const results = JSON.parse(exported.body) as { site?: string; school: string; born: string }[];
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ site: 'KITA-017', school: 'Kita', born: '2020-05-14' });
    // The limit of the other client still holds: it was never Caddy's single address.
    expect((await post()).status).toBe(429);
  }, 240_000);
});
