import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';
import { TEST_PASSWORD } from './support/build-app.ts';
import {
  answerCorrectly,
  backToStart,
  enterUserData,
  firstOfEachAnswerType,
  fitsViewport,
  jumpTo,
  loadQuestions,
  login,
  reloadAndUnlock,
  storedSession,
  tapStart,
  untilServiceWorkerControls,
  waitForNextScreen,
  waitForScreen,
} from './support/flow.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Issue 6: the app installs, and once opened online a test runs without any network; the
 * results page and the PDF work, and the result reaches the server exactly once when the connection
 * returns. A new version waits while a test runs and is only taken on the access screen.
 *
 * The site is a copy of the built app, served by the real results server (with its CSP and cache
 * headers); the update tests republish it as a new version by changing index.html and its precache
 * revision in sw.js, as a real deployment would.
 */

const distDir = inject('distDir');
const questions = loadQuestions();
const byId = new Map(questions.map((q) => [q.id, q]));
/**
 * Every answer type's screen, chunk and pictures once, and the last question: what a test offline
 * needs of the service worker's copy. The whole run through the 23 questions is the engines' own
 * (tests/engines/whole-test.test.ts); the precache test below checks that every chunk is cached.
 */
const OFFLINE_RUN = [...new Set([...firstOfEachAnswerType(questions).map((q) => q.id), 23])];
const site = mkdtempSync(join(tmpdir(), 'zaehltest-site-'));
const downloads = mkdtempSync(join(tmpdir(), 'zaehltest-offline-pdf-'));
const UPDATE_READY = 'Eine neue Version ist bereit. Sie wird beim nächsten Test verwendet.';

let server: TestServer;
let session: Session | undefined;

beforeAll(async () => {
  cpSync(distDir, site, { recursive: true });
  server = await startTestServer(site);
});

/** Every test starts from the original build (the update tests republish it). */
beforeEach(() => {
  for (const file of ['index.html', 'sw.js']) cpSync(join(distDir, file), join(site, file));
});

afterEach(async () => {
  await session?.close();
  session = undefined;
});

afterAll(async () => {
  await server.close();
  rmSync(site, { recursive: true, force: true });
  rmSync(downloads, { recursive: true, force: true });
});

/** Opens the app online and waits until its service worker is active and controls the page. */
async function installApp(page: Page): Promise<void> {
  await page.goto(`${server.url}/`);
  await untilServiceWorkerControls(page);
}

/** Paths of everything in the service worker's caches. */
async function cachedPaths(page: Page): Promise<Set<string>> {
  const paths = await page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) found.push(new URL(request.url).pathname);
    }
    return found;
  });
  return new Set(paths);
}

/**
 * Cuts the network of the page and checks that it is really gone, for the page and for the service
 * worker's own requests (Chromium applies Playwright's offline emulation to both).
 */
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  const probe = () =>
    fetch('/api/results', { cache: 'no-store' }).then(
      () => 'reached',
      () => 'failed',
    );
  expect(await page.evaluate(probe)).toBe('failed');
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  expect(await worker!.evaluate(probe)).toBe('failed');
}

/** Deploys build `build` of the app: a marked index.html with its new precache revision. */
function publishVersion(build: number): void {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8').replace(
    '<head>',
    `<head>\n    <meta name="zaehltest-build" content="${build}" />`,
  );
  writeFileSync(join(site, 'index.html'), html);
  const revision = createHash('md5').update(html).digest('hex');
  const worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const updated = worker.replace(
    /("?url"?:\s*"index\.html",\s*"?revision"?:\s*")[0-9a-f]+"/,
    `$1${revision}"`,
  );
  expect(updated).not.toBe(worker);
  writeFileSync(join(site, 'sw.js'), updated);
}

/** The build the page runs (null: the original one). */
function runningBuild(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.querySelector('meta[name="zaehltest-build"]')?.getAttribute('content') ?? null,
  );
}

/** What the browser does on its own from time to time: look for a new service worker, install it. */
async function findNewVersion(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
}

/** Puts a marker on the window that a reload would remove. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { zaehltestMarker?: boolean }).zaehltestMarker = true;
  });
}

function isSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { zaehltestMarker?: boolean }).zaehltestMarker === true);
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('installable app', () => {
  it('has a German manifest with icons, and the page names its theme colour and home-screen icon', async () => {
    const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'Zähltest – Screening früher Zahlkompetenzen',
      short_name: 'Zähltest',
      lang: 'de',
      display: 'standalone',
      start_url: '/',
      theme_color: '#2f6f9f',
      background_color: '#fbf7ef',
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    for (const icon of icons.filter((i) => i.type === 'image/png')) {
      const [width, height] = pngSize(readFileSync(join(distDir, icon.src)));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
      'any any',
    ]);
    expect(pngSize(readFileSync(join(distDir, 'icons/apple-touch-icon-180.png')))).toEqual([180, 180]);

    session = await openBrowser();
    const { page } = session;
    await page.goto(`${server.url}/`);
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      theme: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      apple: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
      capable: document.querySelector('meta[name="apple-mobile-web-app-capable"]')?.getAttribute('content'),
      inlineScripts: [...document.scripts].filter((script) => !script.src).length,
    }));
    expect(head).toEqual({
      manifest: '/manifest.webmanifest',
      theme: '#2f6f9f',
      apple: '/icons/apple-touch-icon-180.png',
      capable: 'yes',
      inlineScripts: 0,
    });
  });

  // Headless Chromium cannot emulate `display-mode: standalone`; what standalone changes for the
  // page is the viewport (the whole screen but the status bar), so the app must fill any viewport.
  it.each([TABLET, TABLET_PORTRAIT])(
    'fills the screen at $width×$height without scrolling',
    async (viewport) => {
      session = await openBrowser({ viewport });
      const { page } = session;
      await page.goto(`${server.url}/`);
      await waitForScreen(page, 'access');
      const fill = await page.evaluate(() => {
        const main = document.querySelector('main')!.getBoundingClientRect();
        return { top: main.top, height: main.height, width: main.width, inner: [innerWidth, innerHeight] };
      });
      expect(fill).toEqual({
        top: 0,
        height: viewport.height,
        width: viewport.width,
        inner: [viewport.width, viewport.height],
      });
      expect(await fitsViewport(page)).toBe(true);
    },
  );
});

describe('offline', () => {
  it('precaches every chunk (the PDF chunks too), picture, and the font subsets the texts of the packs use', async () => {
    session = await openBrowser({ serviceWorkers: true });
    await installApp(session.page);
    const cached = await cachedPaths(session.page);
    const assets = readdirSync(join(distDir, 'assets'));
    // The researchers' and the Verwaltung's pages (/auswertung, /verwaltung, /verwaltung/sprachen)
    // are for a desk with a connection and stay out of it.
    const researchers = assets.filter((file) => /^(auswertung|verwaltung|sprachen)-/.test(file));
    expect(researchers.length).toBeGreaterThan(0);
    for (const file of researchers) expect(cached, file).not.toContain(`/assets/${file}`);
    const needed = assets.filter(
      (file) =>
        (/\.(js|css|svg|png)$/.test(file) && !researchers.includes(file)) ||
        /^noto-sans-(latin|latin-ext|cyrillic|arabic-arabic|arabic-latin|arabic-latin-ext|arabic-symbols)-\d+-normal-.*\.woff2$/.test(
          file,
        ),
    );
    const pdfChunks = needed.filter(
      (file) =>
        file.endsWith('.js') && /jsPDF|html2canvas/.test(readFileSync(join(distDir, 'assets', file), 'utf8')),
    );
    expect(pdfChunks.length).toBeGreaterThan(0);
    expect(needed.filter((file) => file.endsWith('.woff2')).length).toBeGreaterThanOrEqual(4);
    for (const file of needed) expect(cached, file).toContain(`/assets/${file}`);
    for (const file of ['/index.html', '/manifest.webmanifest', '/icons/icon-512.png']) {
      expect(cached).toContain(file);
    }
    // The Ukrainian pack's letters come from the Cyrillic subset (derived from the packs' texts) …
    const cyrillic = [...cached].filter((path) => /noto-sans-cyrillic-\d+-normal-.*\.woff2$/.test(path));
    expect(cyrillic.length).toBeGreaterThan(0);
    // … while subsets no task text uses stay out of the precache.
    expect(
      [...cached].filter((path) => /cyrillic-ext|greek|vietnamese|devanagari|\.woff$/.test(path)),
    ).toEqual([]);
    // Never an API response.
    expect([...cached].filter((path) => path.startsWith('/api/'))).toEqual([]);
  });

  it('runs every answer type offline, shows the result and the PDF, and sends the result once when back online', async () => {
    session = await openBrowser({ serviceWorkers: true });
    const { page, context } = session;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await installApp(page);

    await goOffline(context, page);
    // The app is opened again with no network: the seeded test starts from the service worker's copy.
    await jumpTo(page, server.url, OFFLINE_RUN, 'tr', {
      name: 'Elif',
      birthdate: '2020-05-14',
      school: 'Kita',
    });
    for (const id of OFFLINE_RUN) {
      await waitForNextScreen(page);
      await answerCorrectly(page, byId.get(id)!);
    }
    await waitForScreen(page, 'result', 15_000);
    await screenshot(page, 'offline-result');
    await expect
      .poll(() => page.locator('.result-upload').textContent(), { timeout: 10_000 })
      .toMatch(/auf diesem Gerät gespeichert/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als PDF speichern' }).click(),
    ]);
    const pdf = join(downloads, download.suggestedFilename());
    await download.saveAs(pdf);
    expect(download.suggestedFilename()).toBe('Ergebnis_Elif_14.05.2020.pdf');
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(statSync(pdf).size).toBeGreaterThan(10_000);
    const submissionId = (await storedSession(page))?.submissionId;
    expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);
    const storedCopies = async () =>
      (await server.listResults()).filter((result) => result.submissionId === submissionId);
    expect(await storedCopies()).toEqual([]);

    const resultsBefore = await server.countResults();
    await context.setOffline(false);
    await expect
      .poll(() => page.locator('.result-upload').textContent(), { timeout: 20_000 })
      .toBe('Ergebnis gesendet.');
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');
    await page.waitForTimeout(2_000);
    const stored = await storedCopies();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ born: '2020-05-14', school: 'Kita', language: '2', question23: true });
    expect(await server.countResults()).toBe(resultsBefore + 1);
    expect(errors).toEqual([]);
  });

  it('a result finished offline is sent when the connection returns later, after the app was restarted', async () => {
    session = await openBrowser({ serviceWorkers: true });
    const { page, context } = session;
    await installApp(page);
    await goOffline(context, page);
    await jumpTo(page, server.url, [23]);
    await waitForNextScreen(page);
    await answerCorrectly(page, byId.get(23)!);
    await waitForScreen(page, 'result');
    const submissionId = (await storedSession(page))?.submissionId;
    await backToStart(page);
    await waitForScreen(page, 'access');
    // The tablet is put away and the app opened again later, still offline; then Wi-Fi returns.
    await page.reload();
    await waitForScreen(page, 'access');
    await page.waitForTimeout(1_000);
    await context.setOffline(false);
    // The waiting result is stored sealed: it is opened, and so sent, once the passphrase is typed.
    await page.getByLabel('Bitte Passwort eingeben:').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await waitForScreen(page, 'userdata');
    await expect
      .poll(
        async () =>
          (await server.listResults()).filter((result) => result.submissionId === submissionId).length,
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
  });

  it('offline, a reload in the middle of the test resumes at the same question', async () => {
    session = await openBrowser({ viewport: TABLET_PORTRAIT, serviceWorkers: true });
    const { page, context } = session;
    await installApp(page);
    await goOffline(context, page);
    await page.reload();
    await login(page, server.url);
    await enterUserData(page, { language: 'ar' });
    await tapStart(page);
    const [first, second, third, fourth] = questions;
    for (const q of [first!, second!, third!]) {
      await waitForNextScreen(page);
      await answerCorrectly(page, q);
    }
    const screen = await waitForNextScreen(page);
    const before = {
      screen,
      text: await page.locator('main').textContent(),
      session: await storedSession(page),
    };
    expect(before.session?.currentId).toBe(fourth!.id);
    expect(before.session?.answers).toHaveLength(3);
    await reloadAndUnlock(page);
    expect(await waitForNextScreen(page)).toBe(before.screen);
    // No voice here: the bar says 'ohne Ton' again once the device's voices are known.
    await page.getByTestId('silent-badge').waitFor();
    expect(await page.locator('main').textContent()).toBe(before.text);
    expect(await storedSession(page)).toEqual(before.session);
    await screenshot(page, 'offline-resumed-768x1024');
    await answerCorrectly(page, fourth!);
    expect(await waitForNextScreen(page)).not.toBe('access');
  });
});

describe('updates', () => {
  it('a new version found during a test waits, and is taken when the test is over', async () => {
    session = await openBrowser({ serviceWorkers: true });
    const { page } = session;
    await installApp(page);
    await jumpTo(page, server.url, [4, 5]);
    await waitForNextScreen(page);
    await markPage(page);

    publishVersion(2);
    await findNewVersion(page);
    await answerCorrectly(page, byId.get(4)!);
    await waitForNextScreen(page);
    await answerCorrectly(page, byId.get(5)!);
    await waitForScreen(page, 'result', 15_000);
    expect(await isSamePage(page)).toBe(true);
    expect(await runningBuild(page)).toBeNull();
    // Still waiting: the old version keeps serving the chunks the running page was built with.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null),
    ).toBe(true);

    await backToStart(page);
    await page.waitForFunction(() => document.querySelector('meta[name="zaehltest-build"]') !== null);
    expect(await runningBuild(page)).toBe('2');
    await waitForScreen(page, 'access');
    expect(await page.getByRole('status').count()).toBe(0);
  });

  it('on the access screen, a new version is offered and taken with "Jetzt aktualisieren"', async () => {
    session = await openBrowser({ serviceWorkers: true });
    const { page } = session;
    await installApp(page);
    await waitForScreen(page, 'access');
    await markPage(page);

    publishVersion(3);
    await findNewVersion(page);
    const notice = page.getByRole('status');
    await expect.poll(() => notice.textContent()).toBe(`${UPDATE_READY}Jetzt aktualisieren`);
    await screenshot(page, 'access-update-notice');
    expect(await isSamePage(page)).toBe(true);
    expect(await runningBuild(page)).toBeNull();

    await notice.getByRole('button', { name: 'Jetzt aktualisieren' }).click();
    await page.waitForFunction(() => document.querySelector('meta[name="zaehltest-build"]') !== null);
    expect(await runningBuild(page)).toBe('3');
    await waitForScreen(page, 'access');
    expect(await notice.count()).toBe(0);
  });
});
