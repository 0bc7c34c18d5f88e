import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const TABLET = { width: 1024, height: 768 } as const;
export const TABLET_PORTRAIT = { width: 768, height: 1024 } as const;
export const PHONE = { width: 390, height: 844 } as const;
/** The three sizes a screen is looked at: a tablet held either way and a phone, with their names. */
export const SCREEN_SIZES = [
  ['1024x768', TABLET],
  ['768x1024', TABLET_PORTRAIT],
  ['390x844', PHONE],
] as const;
export const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');
/** Screenshots cost time and disk: they are taken only when a person asks for them (docs/testing.md). */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * The features playwright-core switches off when it launches Chromium (its chromiumSwitches). Chromium
 * keeps only the last --disable-features it is given, so ours below repeats them;
 * tests/browser-setup.test.ts fails when playwright-core switches off one more.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 still builds the address bar's suggestion popups as hidden web pages
 * (chrome://omnibox-popup.top-chrome/), and one of them kept 12–16 % of a core busy in every idle
 * browser: 1.2–1.6 s of CPU per 10 s against 0.2 s without them (docs/testing.md).
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface OpenBrowserOptions {
  viewport?: { width: number; height: number };
  locale?: string;
  /** Flags beside FLAGS, e.g. Chromium's fake microphone. */
  args?: string[];
  /**
   * A browser of its own with a persistent profile on disk. Only where a service worker or the
   * profile itself is under test; every other test gets a fresh context of the file's browser.
   */
  persistent?: boolean;
  /**
   * Lets the app's service worker install and precache its 76 files. Only where the worker is under
   * test (offline, updates, the outbox after a restart); elsewhere the context blocks its registration,
   * which saves about 0.4 s of CPU per test (docs/testing.md). A persistent profile always has it.
   */
  serviceWorkers?: boolean;
}

/**
 * One Chromium per test file (and per set of extra flags), started on first use; each test opens a
 * fresh, isolated context in it (0.45 s instead of 0.8–1.0 s for a browser of its own). Closed by
 * closeSharedBrowsers(), which tests/support/e2e-setup.ts runs after each file.
 */
const sharedBrowsers = new Map<string, Promise<Browser>>();

export function sharedBrowser(args: string[] = []): Promise<Browser> {
  const key = args.join(' ');
  let browser = sharedBrowsers.get(key);
  if (!browser) {
    browser = chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...args], headless: true });
    sharedBrowsers.set(key, browser);
  }
  return browser;
}

/** Closers of the other engines' shared browsers (tests/support/driver/), run with Chromium's. */
const otherClosers: (() => Promise<void>)[] = [];
export function onCloseSharedBrowsers(close: () => Promise<void>): void {
  otherClosers.push(close);
}

export async function closeSharedBrowsers(): Promise<void> {
  const browsers = [...sharedBrowsers.values()];
  sharedBrowsers.clear();
  await Promise.all([
    ...browsers.map(async (browser) => (await browser.catch(() => null))?.close()),
    ...otherClosers.map((close) => close()),
  ]);
}

/**
 * Opens one page at tablet size in Debian's Chromium: in a test, a fresh context of the file's
 * browser (IndexedDB, localStorage and the service worker live as long as the context, so reloads
 * behave as on a device); with `persistent` (and outside vitest, e.g. in the bench) a browser of its
 * own with a fresh persistent profile.
 */
export async function openBrowser(options: OpenBrowserOptions = {}): Promise<Session> {
  const contextOptions = {
    viewport: options.viewport ?? TABLET,
    acceptDownloads: true,
    locale: options.locale ?? 'de-DE',
  };
  if (!options.persistent && process.env.VITEST) {
    const browser = await sharedBrowser(options.args ?? []);
    const context = await browser.newContext({
      ...contextOptions,
      serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
    });
    const page = await context.newPage();
    return { browser, context, page, close: () => context.close() };
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'zaehltest-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: [...FLAGS, ...(options.args ?? [])],
    headless: true,
    ...contextOptions,
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

/** The three sizes every screen is looked at, with the names its screenshots carry. */
export const SIZES = [
  ['1024x768', TABLET],
  ['768x1024', TABLET_PORTRAIT],
  ['390x844', PHONE],
] as const;

/**
 * With SCREENSHOTS=1, a screenshot `${name}-${size}` at each of `sizes` (default SIZES), after
 * `before` (e.g. scrolling to what is looked at), and back at the tablet's size; otherwise nothing,
 * not even the resizing.
 */
export async function screenshotAtSizes(
  page: Page,
  name: string,
  options: {
    fullPage?: boolean;
    sizes?: readonly (readonly [string, { width: number; height: number }])[];
    before?: () => Promise<void>;
  } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  for (const [size, viewport] of options.sizes ?? SIZES) {
    await page.setViewportSize(viewport);
    await options.before?.();
    await screenshot(page, `${name}-${size}`, { fullPage: options.fullPage ?? true });
  }
  await page.setViewportSize(TABLET);
}

/**
 * Saves a screenshot under test-artifacts/screenshots/ (not committed) for a person to look at, when
 * SCREENSHOTS=1; otherwise does nothing. Returns the path it would write.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = { fullPage: true },
): Promise<string> {
  const dir = join(ARTIFACTS, 'screenshots');
  const path = join(dir, `${name}.png`);
  if (!SCREENSHOTS) return path;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}
