import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, SCREENSHOTS } from './browser.ts';
import { TEST_PASSWORD } from './build-app.ts';
import type { EnginePage, Target } from './driver/index.ts';
import {
  type ContentQuestion,
  LANGUAGE_LABELS,
  type Lang,
  RESUME_NOTE,
  runningSession,
  STORAGE_KEY,
  type StoredSession,
  typedDate,
} from './flow.ts';
import { openStoredSession, SEALED_SESSION_KEYS } from './sealed-session.ts';

/**
 * The flows of tests/support/flow.ts, written once against the driver-neutral page
 * (tests/support/driver/), so they run in Chromium, WebKit and Firefox alike.
 */

const POLL_MS = 50;

/** Polls `check` in Node until it returns a truthy value; the error names what was awaited. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T>,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeoutMs} ms${lastError ? ` (${String(lastError)})` : ''}`, {
        cause: lastError,
      });
    }
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

/**
 * Saves a screenshot under test-artifacts/screenshots/<engine>-<name>.png for a person to look at,
 * when SCREENSHOTS=1 (docs/testing.md); otherwise does nothing.
 */
export async function shot(page: EnginePage, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const dir = join(ARTIFACTS, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot(join(dir, `${page.engine}-${name}.png`));
}

/** The stored session, opened with the passphrase (it is stored sealed, see sealed-session.ts). */
export async function storedSession(page: EnginePage): Promise<StoredSession | null> {
  const [raw, keyring] = await page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [...SEALED_SESSION_KEYS],
  );
  return openStoredSession(raw ?? null, keyring ?? null);
}

export function currentScreen(page: EnginePage): Promise<string | null> {
  return page.evaluate(() => document.querySelector('main')?.getAttribute('data-screen') ?? null);
}

export async function waitForScreen(page: EnginePage, screen: string, timeoutMs = 10_000): Promise<void> {
  try {
    await waitUntil(`screen "${screen}"`, async () => (await currentScreen(page)) === screen, timeoutMs);
  } catch (error) {
    const shown = await page
      .evaluate(() => document.querySelector('main')?.outerHTML.slice(0, 400) ?? 'no <main>')
      .catch((reason: unknown) => `unreadable: ${String(reason)}`);
    throw new Error(`${page.engine}: screen "${screen}" did not appear; on screen: ${shown}`, {
      cause: error,
    });
  }
}

/** Waits through the transition until a question (or the result) is on screen. */
export function waitForNextScreen(page: EnginePage, timeoutMs = 10_000): Promise<string> {
  return waitUntil(
    'the screen after the transition',
    async () => {
      const screen = await currentScreen(page);
      return screen && screen !== 'transition' ? screen : null;
    },
    timeoutMs,
  );
}

export const exists = (page: EnginePage, css: string) =>
  page.evaluate((selector) => document.querySelector(selector) !== null, css);

export const textOf = (page: EnginePage, css: string) =>
  page.evaluate((selector) => document.querySelector(selector)?.textContent ?? null, css);

/** Opens the app online and waits until its service worker is active and controls the page. */
export async function installApp(page: EnginePage, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/`);
  await waitForScreen(page, 'access');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
    await page.reload();
  }
  throw new Error(`${page.engine}: the service worker never took control of the page`);
}

export async function login(page: EnginePage, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/`);
  await page.fill({ label: 'Bitte Passwort eingeben:' }, TEST_PASSWORD);
  await page.click({ role: 'button', name: 'Anmelden' });
  await waitForScreen(page, 'userdata');
}

/**
 * After a reload or reopening with a stored session the passphrase comes first (docs/product.md
 * §20); then the screen the test stopped at.
 */
export async function unlock(page: EnginePage): Promise<void> {
  await waitUntil('the passphrase screen of a stored session', () =>
    page.evaluate((note) => document.body.textContent?.includes(note) ?? false, RESUME_NOTE),
  );
  await page.fill({ label: 'Bitte Passwort eingeben:' }, TEST_PASSWORD);
  await page.click({ role: 'button', name: 'Anmelden' });
  await waitUntil('the stored session after the passphrase', async () => {
    const screen = await currentScreen(page);
    return screen !== null && screen !== 'access';
  });
}

/** Reloads in a running or finished test and gives the passphrase again. */
export async function reloadAndUnlock(page: EnginePage): Promise<void> {
  await page.reload();
  await unlock(page);
}

export async function enterUserData(
  page: EnginePage,
  user: { name?: string; birthdate?: string; school?: string; schoolLevel?: string; language: Lang },
): Promise<void> {
  if (user.name) await page.fill({ label: 'Name' }, user.name);
  if (user.birthdate) await page.fill({ label: 'Geburtsdatum' }, typedDate(user.birthdate));
  if (user.school) await page.click({ role: 'radio', name: user.school });
  if (user.schoolLevel) await page.select({ label: 'Jahrgang' }, user.schoolLevel);
  await page.select({ label: 'Sprache' }, LANGUAGE_LABELS[user.language] ?? user.language);
  await page.click({ role: 'button', name: 'Test beginnen' });
  await waitForScreen(page, 'startscreen');
}

/**
 * Records 'ja' on 'Bist du bereit?' for whether the child understood the spoken language
 * (docs/product.md §39), unless an answer is recorded already: 'Start' waits for it.
 */
export async function recordUnderstanding(page: EnginePage): Promise<void> {
  const checked = () => exists(page, '[data-testid="understanding"] input:checked');
  if (await checked()) return;
  await page.click({ css: '[data-testid="understanding"] input[value="yes"]' });
  await waitUntil("the child's understanding recorded", checked);
}

/**
 * 'Start' on 'Bist du bereit?' (after recording the child's understanding), confirming 'Ohne Ton
 * testen' when the engine has no voice of the language (docs/product.md §14).
 */
export async function tapStart(page: EnginePage): Promise<void> {
  await recordUnderstanding(page);
  await page.click({ role: 'button', name: 'Start' });
  // As long as the Playwright helper waits (tests/support/flow.ts): on a loaded machine the voices'
  // search before the question about sound took longer than 10 s once. Once in Firefox 'Start' was
  // handled as if nothing were recorded ('Bitte zuerst unten eintragen …'): then it is recorded and
  // tapped again, once.
  let retried = false;
  const asked = await waitUntil(
    'the test to start or the question about sound',
    async () => {
      const state = await page.evaluate(() => {
        if (document.querySelector('[role="alertdialog"]')) return 'asked';
        if (document.querySelector('main')?.getAttribute('data-screen') !== 'startscreen') return 'started';
        return [...document.querySelectorAll('[role="alert"]')].some((alert) =>
          alert.textContent?.startsWith('Bitte zuerst unten eintragen'),
        )
          ? 'missing'
          : null;
      });
      if (state !== 'missing') return state;
      if (retried) throw new Error("'Start' asked for the understanding although it was recorded");
      retried = true;
      await recordUnderstanding(page);
      await page.click({ role: 'button', name: 'Start' });
      return null;
    },
    30_000,
  );
  if (asked === 'asked') {
    await page.click({ css: '[role="alertdialog"] .button-primary' });
    await waitUntil('the test to start', async () => (await currentScreen(page)) !== 'startscreen');
  }
}

export async function closeDialog(page: EnginePage, expected: string): Promise<void> {
  const text = await waitUntil('the dialog', () => textOf(page, '[role="alertdialog"] .dialog-message'));
  if (text !== expected) {
    throw new Error(`dialog says ${JSON.stringify(text)}, expected ${JSON.stringify(expected)}`);
  }
  await page.click({ css: '[role="alertdialog"] button' });
  await waitUntil('the dialog to close', async () => !(await exists(page, '[role="alertdialog"]')));
}

/** Presses 'Bereit' and waits until the pictures were shown and hidden again. */
export async function flash(page: EnginePage, shotName?: string): Promise<void> {
  await page.click({ role: 'button', name: 'Bereit' });
  await waitUntil('the flash', () => exists(page, '[data-flash="shown"]'), 5_000);
  if (shotName) await shot(page, shotName);
  await waitUntil('the end of the flash', async () => !(await exists(page, '[data-flash="shown"]')));
}

export async function moveDots(page: EnginePage, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await page.click({ role: 'button', name: 'Runter' });
}

const ANSWER: Target = { role: 'button', name: 'Antwort' };

/**
 * Answers the question on screen correctly; screenshots named after `shotPrefix` when given.
 * Five fingers are answered in two splits, the practice screens right at once.
 */
export async function answerCorrectly(
  page: EnginePage,
  q: ContentQuestion,
  shotPrefix?: string,
): Promise<void> {
  const snap = async (suffix: string) => {
    if (shotPrefix) await shot(page, `${shotPrefix}-${suffix}`);
  };
  const correct = String(q.correctAnswer);
  const yesNo: Target = { role: 'button', name: q.correctAnswer === 0 ? 'Ja' : 'Nein' };
  switch (q.answerType) {
    case 'TextInput':
      await snap('question');
      await page.fill({ css: 'input.number-input' }, correct);
      await page.click(ANSWER);
      return;
    case 'MultipleChoice':
    case 'MultipleChoiceWithImages':
      await snap('question');
      await page.click({ role: 'radio', name: correct });
      await page.click(ANSWER);
      return;
    case 'TimerTextInput':
      await snap('ready');
      await flash(page, shotPrefix && `${shotPrefix}-flash`);
      await page.fill({ css: 'input.number-input' }, correct);
      await page.click(ANSWER);
      return;
    case 'ImageCompare':
      await snap('ready');
      await flash(page, shotPrefix && `${shotPrefix}-flash`);
      await page.click(yesNo);
      return;
    case 'TimerImageExample':
      await flash(page, shotPrefix && `${shotPrefix}-flash`);
      await page.click(yesNo);
      await closeDialog(page, 'Richtig!');
      return;
    case 'CountAndForgotten':
      await snap('question');
      await page.click({ role: 'button', name: 'Nein' });
      await page.fill({ css: 'input.number-input' }, correct);
      await page.click(ANSWER);
      return;
    case 'FiveFingers':
      await snap('question');
      await page.fill({ label: 'Links' }, '2');
      await page.fill({ label: 'Rechts' }, '3');
      await page.click(ANSWER);
      await waitUntil(
        'the second split',
        async () =>
          (await page.evaluate(() => (document.querySelector('input') as HTMLInputElement | null)?.value)) ===
          '',
      );
      await page.fill({ label: 'Links' }, '4');
      await page.fill({ label: 'Rechts' }, '1');
      await snap('another-way');
      await page.click(ANSWER);
      return;
    case 'MoveDots':
      await snap('question');
      await moveDots(page, q.correctAnswer);
      await snap('moved');
      await page.click(ANSWER);
      return;
    case 'MoveDotsExample':
      await moveDots(page, q.correctAnswer);
      await page.click(ANSWER);
      await closeDialog(page, 'Richtig!');
      return;
    default:
      throw new Error(`no answering strategy for ${q.answerType}`);
  }
}

/** Puts a running session in localStorage that continues with the given question ids, then reloads. */
export async function jumpTo(page: EnginePage, baseURL: string, ids: number[], language: Lang = 'tr') {
  await page.goto(`${baseURL}/`);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEY,
    value: runningSession(ids, language),
  });
  await reloadAndUnlock(page);
}
