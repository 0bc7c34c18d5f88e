/** The browser engines every test under tests/engines/ runs in. */
export const ENGINES = ['chromium', 'webkit', 'firefox'] as const;
export type Engine = (typeof ENGINES)[number];

export interface Viewport {
  width: number;
  height: number;
}

/**
 * What a test points at, resolved inside the page the same way in every engine (see dom.ts):
 * by ARIA role and accessible name, by the label of a form field, by visible text, or by CSS.
 * Names match exactly unless `exact: false` (then: contains).
 */
export type Target =
  | { role: 'button' | 'radio' | 'heading' | 'alertdialog' | 'status'; name?: string; exact?: boolean }
  | { label: string; exact?: boolean }
  | { text: string; exact?: boolean }
  | { css: string };

export interface OpenOptions {
  viewport?: Viewport;
  /** Touch screen, no mouse and no keyboard: taps instead of clicks (Chromium only). */
  touch?: boolean;
  /**
   * A browser of its own with a persistent profile, where a service worker is under test. Otherwise
   * Chromium and Firefox give each test a fresh context of the test file's browser; WebKitGTK's
   * WebDriver has no contexts, so there every page is a browser of its own anyway.
   */
  persistent?: boolean;
  /**
   * Chromium: lets the app's service worker install in a fresh context, where it is under test;
   * otherwise the context blocks its registration (tests/support/browser.ts). Firefox and WebKitGTK
   * always have it.
   */
  serviceWorkers?: boolean;
}

/** A downloaded file: the name the page gave it and its bytes. */
export interface Download {
  name: string;
  bytes: Buffer;
}

/** One page in one engine, driven the same way whatever the engine. */
export interface EnginePage {
  readonly engine: Engine;
  /** The engine and its version as the driver reports it, e.g. "webkitgtk 2.50.6". */
  readonly version: string;
  readonly touch: boolean;
  goto(url: string): Promise<void>;
  /** Reloads; a beforeunload confirmation is accepted (and counted in `leavePrompts` where the engine says so). */
  reload(): Promise<void>;
  /** Runs `fn(arg)` in the page; promises are awaited. `fn` must be self-contained (it is serialized). */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Runs a classic script's source text in the page (e.g. a probe kept in a .js file). */
  runScript(source: string): Promise<void>;
  /** Clicks (or taps, on a touch page) the target once it is visible and enabled. */
  click(target: Target): Promise<void>;
  /** Types `value` into the field, replacing what was there (on a touch page: as an on-screen keyboard does). */
  fill(target: Target, value: string): Promise<void>;
  /** Chooses the option with this visible text in a <select>. */
  select(target: Target, optionText: string): Promise<void>;
  setViewport(viewport: Viewport): Promise<void>;
  /** Saves a PNG of the viewport at `path`. */
  screenshot(path: string): Promise<void>;
  /** Clicks the target and returns the file the page downloads. */
  download(target: Target, timeoutMs?: number): Promise<Download>;
  /** Uncaught errors and unhandled rejections of the page so far. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}
