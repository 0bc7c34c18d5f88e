import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { onCloseSharedBrowsers, TABLET } from '../browser.ts';
import { LibraryPage } from './base.ts';
import type { Download, OpenOptions, Viewport } from './types.ts';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

async function launchFirefox(): Promise<{ browser: Browser; downloads: string }> {
  const downloads = await mkdtemp(join(tmpdir(), 'zaehltest-firefox-downloads-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: null,
    extraPrefsFirefox: {
      'intl.accept_languages': 'de-DE, de',
      // Downloads go straight into a folder the test reads, as a person's 'Downloads' would.
      'browser.download.dir': downloads,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.start_downloads_in_tmp_dir': false,
      'browser.helperApps.neverAsk.saveToDisk': 'application/pdf',
      'pdfjs.disabled': true,
    },
  });
  return { browser, downloads };
}

/** The test file's Firefox, started on first use; closed with the file (tests/support/e2e-setup.ts). */
let shared: Promise<{ browser: Browser; downloads: string }> | null = null;
onCloseSharedBrowsers(async () => {
  const running = shared;
  shared = null;
  const firefox = await running?.catch(() => null);
  if (!firefox) return;
  await firefox.browser.close();
  await rm(firefox.downloads, { recursive: true, force: true });
});

/**
 * Debian's Firefox ESR through puppeteer-core over WebDriver BiDi: in a test a fresh browser context
 * (its own storage) of the file's Firefox; otherwise (the bench) and with `persistent` a browser of its
 * own with a fresh profile.
 */
export async function openFirefox(options: OpenOptions = {}): Promise<FirefoxPage> {
  if (options.touch) throw new Error('touch emulation is only set up for Chromium');
  let ff: FirefoxPage;
  if (!options.persistent && process.env.VITEST) {
    shared ??= launchFirefox();
    const { browser, downloads } = await shared;
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    ff = new FirefoxPage(browser, page, downloads, await browser.version(), () => context.close());
  } else {
    const { browser, downloads } = await launchFirefox();
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    ff = new FirefoxPage(browser, page, downloads, await browser.version(), async () => {
      await browser.close();
      await rm(downloads, { recursive: true, force: true });
    });
  }
  await ff.setViewport(options.viewport ?? TABLET);
  return ff;
}

/**
 * Firefox reports a font download that a reload or navigation cut off (status NS_BINDING_ABORTED,
 * 0x804B0002) as an error of the page. It is neither uncaught nor the page's: the next page loads the
 * font again. When the app's service worker was answering that download, the same cut is reported as
 * the worker's "unexpected error" for the font's URL (a clean-clone run saw it once, at the reload
 * right after the results page of tests/engines/tablet-enrolment.test.ts). Only font files are let
 * through this way; any other failed download (a 404, a refused connection, a chunk the worker could
 * not answer) is still reported.
 */
export const ABORTED_BY_NAVIGATION = [
  /^Error: downloadable font: download failed \(.*\): status=2152398850 /,
  /^Error: Failed to load ‘[^’]+\.woff2’\. A ServiceWorker intercepted the request and encountered an unexpected error\.$/,
];

export class FirefoxPage extends LibraryPage<Page> {
  readonly engine = 'firefox' as const;
  readonly version: string;

  constructor(
    readonly browser: Browser,
    page: Page,
    private readonly downloads: string,
    version: string,
    private readonly closeIt: () => Promise<void>,
  ) {
    super(page);
    this.version = version.replace('/', ' ');
    page.on('pageerror', (error) => {
      const text = String(error);
      if (!ABORTED_BY_NAVIGATION.some((pattern) => pattern.test(text))) this.pageErrors.push(text);
    });
    page.on('dialog', (dialog) => void dialog.accept());
  }

  async setViewport(viewport: Viewport) {
    await this.page.setViewport(viewport);
  }
  async screenshot(path: string) {
    await this.page.screenshot({ path: path as `${string}.png` });
  }
  async close() {
    await this.closeIt();
  }
  protected async clickSelector(selector: string) {
    await this.page.locator(selector).click();
  }
  protected async fillSelector(selector: string, value: string) {
    if (await this.pickDate(selector, value)) return;
    await this.page.locator(selector).fill(value);
  }
  protected async selectValue(selector: string, value: string) {
    await this.page.select(selector, value);
  }
  protected async downloadBy(selector: string, timeoutMs: number): Promise<Download> {
    const before = new Set(await readdir(this.downloads));
    await this.clickSelector(selector);
    return waitForDownload(this.downloads, before, timeoutMs, this.engine);
  }
}

/** Waits for a new, complete file in `dir` (browsers write `.part` files until a download is done). */
export async function waitForDownload(
  dir: string,
  before: Set<string>,
  timeoutMs: number,
  engine: string,
): Promise<Download> {
  const deadline = Date.now() + timeoutMs;
  let lastSize = -1;
  while (Date.now() < deadline) {
    const files = (await readdir(dir)).filter((f) => !before.has(f));
    const partial = files.some((f) => /\.(part|download)$/.test(f) || f.startsWith('.'));
    const done = files.find((f) => !/\.(part|download)$/.test(f) && !f.startsWith('.'));
    if (done && !partial) {
      const { size } = await stat(join(dir, done));
      if (size > 0 && size === lastSize) return { name: done, bytes: await readFile(join(dir, done)) };
      lastSize = size;
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`${engine}: no download arrived in ${dir} within ${timeoutMs} ms`);
}
