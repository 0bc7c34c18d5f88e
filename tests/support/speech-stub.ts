import type { BrowserContext, Page } from 'playwright-core';

/** One text the page handed to the (stubbed) speech synthesis. */
export interface SpokenText {
  text: string;
  lang: string;
  /** Whether flashed pictures were on screen when it started. */
  duringFlash: boolean;
  /** performance.now() when the page handed it to the voice. */
  t: number;
}

export interface SpeechLog {
  spoken: SpokenText[];
  /** Moments a flash appeared while a text was still being spoken. */
  overlaps: string[];
  cancels: number;
}

/**
 * Headless Chromium has no voices: this replaces window.speechSynthesis with one that has the given
 * voices, "speaks" each utterance for `speakMs` and logs it, and notes any text still being spoken
 * when flashed pictures appear. Installed before the app's scripts.
 */
export async function stubSpeechSynthesis(
  context: BrowserContext,
  voices: { lang: string; name: string }[],
  speakMs = 40,
): Promise<void> {
  await context.addInitScript(
    initScript(
      ({ voices, speakMs }: { voices: { lang: string; name: string }[]; speakMs: number }) => {
        type Utterance = {
          text: string;
          lang: string;
          voice: unknown;
          rate: number;
          volume: number;
          onend: (() => void) | null;
          onerror: (() => void) | null;
        };
        const log = { spoken: [] as unknown[], overlaps: [] as string[], cancels: 0 };
        (window as unknown as { __speechLog: typeof log }).__speechLog = log;
        let active: { utterance: Utterance; timer: number } | null = null;
        const queue: Utterance[] = [];
        const flashShown = () => document.querySelector('[data-flash="shown"]') !== null;
        const next = () => {
          if (active || queue.length === 0) return;
          const utterance = queue.shift()!;
          if (utterance.text !== '') {
            log.spoken.push({
              text: utterance.text,
              lang: utterance.lang,
              duringFlash: flashShown(),
              t: performance.now(),
            });
          }
          active = {
            utterance,
            timer: window.setTimeout(
              () => {
                active = null;
                utterance.onend?.();
                next();
              },
              utterance.text === '' ? 0 : speakMs,
            ),
          };
        };
        const listeners = new Set<() => void>();
        const synthesis = {
          getVoices: () =>
            voices.map((v) => ({ ...v, localService: true, default: false, voiceURI: v.name })),
          speak(utterance: Utterance) {
            queue.push(utterance);
            next();
          },
          cancel() {
            log.cancels++;
            queue.length = 0;
            if (active) {
              window.clearTimeout(active.timer);
              const { utterance } = active;
              active = null;
              utterance.onerror?.();
            }
          },
          addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        };
        Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
        class StubUtterance {
          lang = '';
          voice: unknown = null;
          rate = 1;
          volume = 1;
          onend: (() => void) | null = null;
          onerror: (() => void) | null = null;
          constructor(public text: string) {}
        }
        Object.defineProperty(window, 'SpeechSynthesisUtterance', {
          value: StubUtterance,
          configurable: true,
        });
        new MutationObserver(() => {
          if (flashShown() && active && active.utterance.text !== '') {
            log.overlaps.push(`"${active.utterance.text}" still spoken when the flash appeared`);
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-flash'] });
      },
      { voices, speakMs },
    ),
  );
}

/**
 * A function and its argument as an init script's source. tsx (the bench) compiles functions with
 * esbuild's keepNames, which calls a `__name` helper the page does not have: it is defined here.
 */
export function initScript<A>(run: (arg: A) => void, arg: A): { content: string } {
  return { content: `var __name = (target) => target;\n(${run.toString()})(${JSON.stringify(arg)});` };
}

export async function speechLog(page: Page): Promise<SpeechLog> {
  return page.evaluate(() => {
    const log = (window as unknown as { __speechLog: SpeechLog }).__speechLog;
    return { spoken: [...log.spoken], overlaps: [...log.overlaps], cancels: log.cancels };
  });
}

/** Waits until every one of these texts has been spoken (in any order, after anything earlier). */
export async function waitUntilSpoken(page: Page, texts: readonly string[], timeout = 10_000): Promise<void> {
  try {
    await page.waitForFunction(
      (texts) => {
        const spoken = (window as unknown as { __speechLog: SpeechLog }).__speechLog.spoken.map(
          (s) => s.text,
        );
        return texts.every((text) => spoken.includes(text));
      },
      texts,
      { timeout, polling: 50 },
    );
  } catch (error) {
    const log = await speechLog(page);
    throw new Error(
      `not spoken within ${timeout} ms: ${JSON.stringify(texts)}; spoken: ${JSON.stringify(log.spoken.slice(-6))}`,
      { cause: error },
    );
  }
}
