import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM, FLAGS, sharedBrowser, TABLET } from '../browser.ts';
import { LibraryPage } from './base.ts';
import type { Download, OpenOptions, Viewport } from './types.ts';

/**
 * Debian's Chromium through playwright-core (CDP): in a test a fresh context of the file's browser
 * (tests/support/browser.ts), otherwise (the bench) and with `persistent` a fresh persistent profile.
 */
export async function openChromium(options: OpenOptions = {}): Promise<ChromiumPage> {
  if (!options.persistent && process.env.VITEST) {
    const browser = await sharedBrowser();
    const context = await browser.newContext({
      viewport: options.viewport ?? TABLET,
      acceptDownloads: true,
      locale: 'de-DE',
      hasTouch: options.touch === true,
      serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
    });
    return new ChromiumPage(context, await context.newPage(), null, options.touch === true);
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'zaehltest-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: FLAGS,
    headless: true,
    viewport: options.viewport ?? TABLET,
    acceptDownloads: true,
    locale: 'de-DE',
    hasTouch: options.touch === true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return new ChromiumPage(context, page, userDataDir, options.touch === true);
}

export class ChromiumPage extends LibraryPage<Page> {
  readonly engine = 'chromium' as const;
  readonly version: string;
  override readonly touch: boolean;

  constructor(
    readonly context: BrowserContext,
    page: Page,
    private readonly userDataDir: string | null,
    touch: boolean,
  ) {
    super(page);
    this.touch = touch;
    this.version = `chromium ${context.browser()?.version() ?? ''}`.trim();
    page.on('pageerror', (error) => this.pageErrors.push(String(error)));
    page.on('dialog', (dialog) => void dialog.accept());
  }

  async setViewport(viewport: Viewport) {
    await this.page.setViewportSize(viewport);
  }
  async screenshot(path: string) {
    await this.page.screenshot({ path });
  }
  async close() {
    await this.context.close();
    if (this.userDataDir) await rm(this.userDataDir, { recursive: true, force: true });
  }
  protected async clickSelector(selector: string) {
    const element = this.page.locator(selector);
    if (this.touch) await element.tap();
    else await element.click();
  }
  protected async fillSelector(selector: string, value: string) {
    const element = this.page.locator(selector);
    if (this.touch) {
      // An on-screen keyboard: tap into the field, then the text arrives as input, not as key presses.
      await element.tap();
      await element.fill('');
      await this.page.keyboard.insertText(value);
    } else await element.fill(value);
  }
  protected async selectValue(selector: string, value: string) {
    const element = this.page.locator(selector);
    if (this.touch) await element.tap();
    await element.selectOption(value);
  }
  protected async downloadBy(selector: string, timeoutMs: number): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: timeoutMs }),
      this.clickSelector(selector),
    ]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: await readFile(path) };
  }
}
