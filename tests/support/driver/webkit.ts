import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TABLET } from '../browser.ts';
import { BasePage } from './base.ts';
import type { Download, OpenOptions, Viewport } from './types.ts';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The W3C WebDriver key code of the Backspace key. */
const BACKSPACE = '\uE003';

/**
 * Debian's WebKitGTK (MiniBrowser, the engine of Safari) through its W3C WebDriver server
 * WebKitWebDriver, over plain HTTP: this file is the whole client. MiniBrowser needs an X display;
 * without $DISPLAY an Xvfb of our own is started once per test process.
 */
export async function openWebKit(options: OpenOptions = {}): Promise<WebKitPage> {
  if (options.touch) throw new Error('touch emulation is only set up for Chromium');
  const display = await xDisplay();
  const port = await freePort();
  const home = await mkdtemp(join(tmpdir(), 'zaehltest-webkit-'));
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: process.env.WEBKIT_LOG ? 'inherit' : 'ignore',
    env: {
      ...process.env,
      DISPLAY: display,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local/share'),
      XDG_CACHE_HOME: join(home, '.cache'),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForDriver(url);
    const session = await call<{ sessionId: string; capabilities: { browserVersion: string } }>(
      url,
      'POST',
      '/session',
      {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            // A reload during a test asks 'leave the page?' (beforeunload): accept it, as a person would.
            unhandledPromptBehavior: 'accept',
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          },
        },
      },
    );
    const page = new WebKitPage(
      `${url}/session/${session.sessionId}`,
      driver,
      home,
      `webkitgtk ${session.capabilities.browserVersion}`,
    );
    await page.setViewport(options.viewport ?? TABLET);
    return page;
  } catch (error) {
    driver.kill();
    await rm(home, { recursive: true, force: true });
    throw error;
  }
}

export class WebKitPage extends BasePage {
  readonly engine = 'webkit' as const;
  private readonly pageErrors: string[] = [];

  constructor(
    private readonly session: string,
    private readonly driver: ChildProcess,
    private readonly home: string,
    readonly version: string,
  ) {
    super();
  }

  private command<T>(method: string, path: string, body?: unknown): Promise<T> {
    return call<T>(this.session, method, path, body);
  }

  private async element(selector: string): Promise<string> {
    const found = await this.command<Record<string, string>>('POST', '/element', {
      using: 'css selector',
      value: selector,
    });
    return Object.values(found)[0]!;
  }

  async goto(url: string) {
    await this.collectErrors();
    await this.command('POST', '/url', { url });
    await this.watchErrors();
  }
  async reload() {
    await this.collectErrors();
    await this.command('POST', '/refresh', {});
    await this.watchErrors();
  }
  protected evaluateExpression<R>(expression: string): Promise<R> {
    return this.command<R>('POST', '/execute/sync', { script: `return ${expression};`, args: [] });
  }
  async runScript(source: string) {
    await this.command('POST', '/execute/sync', { script: source, args: [] });
  }
  async setViewport(viewport: Viewport) {
    // The window includes MiniBrowser's own bars: size it, measure the page, then make up the difference.
    let size = { ...viewport };
    for (let attempt = 0; attempt < 3; attempt++) {
      await this.command('POST', '/window/rect', size);
      const inner = await this.evaluate(() => [innerWidth, innerHeight] as const);
      if (inner[0] === viewport.width && inner[1] === viewport.height) return;
      size = {
        width: size.width + viewport.width - inner[0],
        height: size.height + viewport.height - inner[1],
      };
    }
  }
  async screenshot(path: string) {
    const png = await this.command<string>('GET', '/screenshot');
    await writeFile(path, Buffer.from(png, 'base64'));
  }
  async errors() {
    await this.collectErrors();
    return [...this.pageErrors];
  }
  async close() {
    await this.command('DELETE', '').catch(() => undefined);
    const exited = new Promise((done) => this.driver.once('exit', done));
    this.driver.kill();
    await exited;
    // MiniBrowser's helper processes may still be writing caches for a moment.
    await rm(this.home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  protected async clickSelector(selector: string) {
    await this.command('POST', `/element/${await this.element(selector)}/click`, {});
  }
  protected async fillSelector(selector: string, value: string) {
    const id = await this.element(selector);
    if (await this.pickDate(selector, value)) return;
    await this.command('POST', `/element/${id}/clear`, {});
    // Some fields keep a value React restores after clear(): remove what is left with Backspace.
    const left = await this.evaluate((s) => (document.querySelector(s) as HTMLInputElement).value, selector);
    const keys = BACKSPACE.repeat(left.length) + value;
    await this.command('POST', `/element/${id}/value`, { text: keys });
  }
  protected async selectValue(selector: string, value: string) {
    await this.clickSelector(`${selector} option[value=${JSON.stringify(value)}]`);
  }
  /**
   * MiniBrowser under automation drops downloads (nothing reaches any folder, no download bar), so
   * the file is taken where the page hands it to the browser: the click on an `<a download>` link,
   * whose (blob:) address is read back in the page. Everything the app does runs as in Safari:
   * html2canvas, jsPDF and the link; only saving to disk is the browser's own and not checked here.
   */
  protected async downloadBy(selector: string, timeoutMs: number): Promise<Download> {
    await this.evaluate(() => {
      const w = window as unknown as { __e2eDownloads?: { name: string; href: string }[] };
      if (w.__e2eDownloads) return;
      const downloads: { name: string; href: string }[] = [];
      w.__e2eDownloads = downloads;
      // Blobs are kept as they are handed out: the page may revoke the address right after the click.
      const blobs = new Map<string, Blob>();
      (w as unknown as { __e2eBlobs: Map<string, Blob> }).__e2eBlobs = blobs;
      const createObjectURL = URL.createObjectURL;
      URL.createObjectURL = (object: Blob | MediaSource) => {
        const url = createObjectURL(object);
        if (object instanceof Blob) blobs.set(url, object);
        return url;
      };
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        if (this.hasAttribute('download')) downloads.push({ name: this.download, href: this.href });
        return click.call(this);
      };
      // jsPDF (FileSaver) clicks a detached link by dispatching a synthetic click event.
      const dispatch = EventTarget.prototype.dispatchEvent;
      EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event) {
        if (event.type === 'click' && this instanceof HTMLAnchorElement && this.hasAttribute('download')) {
          downloads.push({ name: this.download, href: this.href });
        }
        return dispatch.call(this, event);
      };
      document.addEventListener(
        'click',
        (event) => {
          const link = (event.target as Element | null)?.closest?.('a[download]') as HTMLAnchorElement | null;
          if (link && !downloads.some((d) => d.href === link.href)) {
            downloads.push({ name: link.download, href: link.href });
          }
        },
        true,
      );
    });
    await this.clickSelector(selector);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const file = await this.evaluate(async () => {
        const w = window as unknown as {
          __e2eDownloads?: { name: string; href: string }[];
          __e2eBlobs: Map<string, Blob>;
        };
        const link = w.__e2eDownloads?.shift();
        if (!link) return null;
        const blob = w.__e2eBlobs.get(link.href) ?? (await (await fetch(link.href)).blob());
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) {
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        }
        return { name: link.name, base64: btoa(binary) };
      });
      if (file) return { name: file.name, bytes: Buffer.from(file.base64, 'base64') };
      await new Promise((wait) => setTimeout(wait, 200));
    }
    // What the page said instead (a failure message, a busy button), for whoever reads the report:
    // its messages first (a long screen cuts them off), then the start of the screen.
    const onScreen = await this.evaluate(() => {
      const messages = [...document.querySelectorAll('[role="status"], [role="alert"]')]
        .map((element) => element.textContent?.trim())
        .filter(Boolean);
      return `messages: ${JSON.stringify(messages)}; ${document.querySelector('main')?.textContent?.slice(0, 600)}`;
    }).catch((reason: unknown) => `unreadable: ${String(reason)}`);
    await this.collectErrors();
    throw new Error(
      `webkit: the page handed no download to the browser within ${timeoutMs} ms; errors: ${JSON.stringify(this.pageErrors)}; on screen: ${onScreen}`,
    );
  }

  /** WebDriver classic has no error events: the page keeps its own list, read before it unloads. */
  private async watchErrors() {
    await this.evaluate(() => {
      const w = window as unknown as { __e2eErrors?: string[] };
      if (w.__e2eErrors) return;
      w.__e2eErrors = [];
      addEventListener('error', (e) => w.__e2eErrors!.push(String(e.error ?? e.message)));
      addEventListener('unhandledrejection', (e) => w.__e2eErrors!.push(String(e.reason)));
    }).catch(() => undefined);
  }
  private async collectErrors() {
    const found = await this.evaluate(() => {
      const w = window as unknown as { __e2eErrors?: string[] };
      return w.__e2eErrors?.splice(0) ?? [];
    }).catch(() => [] as string[]);
    this.pageErrors.push(...found);
  }
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) {
    throw new Error(`webkit: ${method} ${path} failed: ${json.value?.error}: ${json.value?.message}`);
  }
  return json.value;
}

async function waitForDriver(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${url}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`webkit: ${WEBKIT_DRIVER} did not answer on ${url}`);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

let xvfb: Promise<string> | undefined;

/** $DISPLAY, or an Xvfb started for this process (stopped when the process exits). */
export function xDisplay(): Promise<string> {
  if (process.env.DISPLAY) return Promise.resolve(process.env.DISPLAY);
  xvfb ??= new Promise((done, fail) => {
    const server = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    server.on('error', (error) =>
      fail(new Error(`webkit needs Xvfb (apt-get install xvfb): ${error.message}`)),
    );
    let out = '';
    server.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) done(`:${out.trim()}`);
    });
    process.once('exit', () => server.kill());
    server.unref();
  });
  return xvfb;
}
