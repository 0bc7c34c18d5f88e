import { describeTarget, MARK, markTarget, type Resolution } from './dom.ts';
import type { Download, Engine, EnginePage, Target, Viewport } from './types.ts';

const WAIT_MS = 10_000;
const POLL_MS = 50;
let tokens = 0;

/**
 * What every driver shares: targets are resolved inside the page (dom.ts) and marked, then each
 * engine acts on the marked element with its own real input (mouse, touch or keyboard events).
 */
/** How long a click waits out an element replaced by a render (see click()). */
const CLICK_RETRY_MS = 3_000;

export abstract class BasePage implements EnginePage {
  abstract readonly engine: Engine;
  abstract readonly version: string;
  readonly touch: boolean = false;

  abstract goto(url: string): Promise<void>;
  abstract reload(): Promise<void>;
  /** Evaluates a JavaScript expression in the page and returns its (awaited, JSON-able) value. */
  protected abstract evaluateExpression<R>(expression: string): Promise<R>;

  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.evaluateExpression<R>(expressionFor(fn as (arg: never) => unknown, arg));
  }
  abstract runScript(source: string): Promise<void>;
  abstract setViewport(viewport: Viewport): Promise<void>;
  abstract screenshot(path: string): Promise<void>;
  abstract errors(): Promise<string[]>;
  abstract close(): Promise<void>;
  protected abstract clickSelector(selector: string): Promise<void>;
  protected abstract fillSelector(selector: string, value: string): Promise<void>;
  protected abstract downloadBy(selector: string, timeoutMs: number): Promise<Download>;

  /** Waits until `target` is on screen (and enabled, for actions); returns a CSS selector for it. */
  protected async resolve(target: Target, options: { enabled?: boolean; timeoutMs?: number } = {}) {
    const token = String(++tokens);
    const deadline = Date.now() + (options.timeoutMs ?? WAIT_MS);
    let last: Resolution = 'missing';
    for (;;) {
      last = await this.evaluate(markTarget, { target, token, attribute: MARK }).catch(
        () => 'missing' as const,
      );
      if (last === 'found' || (last === 'disabled' && !options.enabled)) return `[${MARK}="${token}"]`;
      if (Date.now() > deadline) break;
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
    const shown = await this.evaluate(
      () => document.querySelector('main')?.outerHTML.slice(0, 400) ?? 'no <main>',
    ).catch((error: unknown) => `unreadable: ${String(error)}`);
    throw new Error(`${this.engine}: ${describeTarget(target)} is ${last}; on screen: ${shown}`);
  }

  /**
   * A date field is filled as its date picker does it: the value is set, then the field fires
   * input and change. WebKit and Firefox take typed dates per segment in an order that depends on
   * the system locale (Firefox ignored typed digits outright), so typing is not a dependable way in.
   * Returns false when the field is not a date field.
   */
  protected pickDate(selector: string, value: string): Promise<boolean> {
    return this.evaluate(
      ({ selector, value }) => {
        const input = document.querySelector(selector) as HTMLInputElement;
        if (input.type !== 'date') return false;
        input.focus();
        // The prototype's setter: React's own value tracker on the element must see a change.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
        input.blur();
        return true;
      },
      { selector, value },
    );
  }

  /**
   * Clicks once the target is visible and enabled. A render that replaces the element between
   * finding and clicking it (WebKit's WebDriver then answers 'element not interactable' or 'stale
   * element') is waited out by finding it again, as Playwright's own actions do; a target that stays
   * unclickable still fails after CLICK_RETRY_MS.
   */
  async click(target: Target): Promise<void> {
    const deadline = Date.now() + CLICK_RETRY_MS;
    for (;;) {
      try {
        await this.clickSelector(await this.resolve(target, { enabled: true }));
        return;
      } catch (error) {
        if (Date.now() > deadline || !/not interactable|stale element/i.test(String(error))) throw error;
        await new Promise((wait) => setTimeout(wait, 100));
      }
    }
  }

  async fill(target: Target, value: string): Promise<void> {
    await this.fillSelector(await this.resolve(target, { enabled: true }), value);
  }

  async select(target: Target, optionText: string): Promise<void> {
    const selector = await this.resolve(target, { enabled: true });
    const value = await this.evaluate(
      ({ selector, optionText }) => {
        const select = document.querySelector(selector) as HTMLSelectElement;
        return [...select.options].find((o) => o.text.trim() === optionText)?.value ?? null;
      },
      { selector, optionText },
    );
    if (value === null)
      throw new Error(`${this.engine}: no option "${optionText}" in ${describeTarget(target)}`);
    await this.selectValue(selector, value);
  }

  /** Chooses an option by value in the <select> at `selector`. */
  protected abstract selectValue(selector: string, value: string): Promise<void>;

  async download(target: Target, timeoutMs = 30_000): Promise<Download> {
    return this.downloadBy(await this.resolve(target, { enabled: true }), timeoutMs);
  }
}

/**
 * `fn(arg)` as an expression for the page. tsx (the bench) compiles with keepNames, which wraps
 * named inner functions in `__name(...)` calls; the page has no such helper, so one is given.
 */
export function expressionFor(fn: (arg: never) => unknown, arg: unknown): string {
  return `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg ?? null)}); })()`;
}

/** What the playwright and puppeteer pages offer alike, for LibraryPage. */
interface ScriptablePage {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
}

/**
 * A driver over a library's page object (playwright-core for Chromium, puppeteer-core for
 * Firefox): navigation and scripts go straight to it; the subclass forwards the page's errors
 * to `pageErrors` and accepts its dialogs.
 */
export abstract class LibraryPage<P extends ScriptablePage> extends BasePage {
  protected readonly pageErrors: string[] = [];

  constructor(readonly page: P) {
    super();
  }

  async goto(url: string) {
    await this.page.goto(url);
  }
  async reload() {
    await this.page.reload();
  }
  protected evaluateExpression<R>(expression: string): Promise<R> {
    return this.page.evaluate(expression) as Promise<R>;
  }
  async runScript(source: string) {
    await this.page.evaluate(source);
  }
  async errors() {
    return [...this.pageErrors];
  }
}
