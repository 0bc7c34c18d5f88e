import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const TABLET = { width: 1024, height: 768 } as const;
export const TABLET_PORTRAIT = { width: 768, height: 1024 } as const;
export const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');

/** Chromium flags of every browser test (and of the bench's own Lighthouse launches). */
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium with a fresh profile and opens one page at tablet size.
 * A persistent context is used so that IndexedDB, localStorage and service workers behave as on a
 * real device across reloads.
 */
export async function openBrowser(
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    /** Flags beside FLAGS, e.g. Chromium's fake microphone. */
    args?: string[];
  } = {},
): Promise<Session> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'zaehltest-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: [...FLAGS, ...(options.args ?? [])],
    headless: true,
    viewport: options.viewport ?? TABLET,
    acceptDownloads: true,
    locale: options.locale ?? 'de-DE',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    browser: context.browser() as Browser,
    context,
    page,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot under test-artifacts/screenshots/ (not committed) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(ARTIFACTS, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
