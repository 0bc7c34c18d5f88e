import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { testLanguages } from '../../schemas/test-languages.ts';
import { readLanguageFacts } from '../../scripts/content/language-facts.ts';
import { ANSWER_TYPES } from '../../src/answer-types/registry.ts';
import type { AnswerType, Language, Texts } from '../../src/content/types.ts';
import { SESSION_FORMAT_VERSION, SESSION_STORAGE_KEY } from '../../src/store/session-key.ts';
import { DEFAULT_USER } from '../../src/store/slices.ts';
import type { SavedSession, StoredSessionEnvelope, UserData } from '../../src/store/types.ts';
import { screenshot } from './browser.ts';
import { ROOT, TEST_PASSWORD } from './build-app.ts';
import { openStoredSession, SEALED_SESSION_KEYS } from './sealed-session.ts';

/** What the end-to-end tests need to know of a question to answer it. */
export interface ContentQuestion {
  id: number;
  level: number;
  answerType: AnswerType;
  texts: Record<Language, Texts>;
  correctAnswer: number;
  possibleAnswers?: number[];
  dotRow?: number[];
}

/** The authored question packs, read the way an author wrote them. */
export function loadQuestions(): ContentQuestion[] {
  const dir = join(ROOT, 'content/questions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => parse(readFileSync(join(dir, f), 'utf8')) as ContentQuestion)
    .sort((a, b) => a.id - b.id);
}

/**
 * The first question of each answer type, in the test's order: every way a question is shown and
 * answered, once — what the browser tests seed instead of a whole run (docs/testing.md).
 */
export function firstOfEachAnswerType<Q extends { answerType: string }>(questions: readonly Q[]): Q[] {
  return questions.filter(
    (q, index) => questions.findIndex((other) => other.answerType === q.answerType) === index,
  );
}

export const STORAGE_KEY = SESSION_STORAGE_KEY;

/** The persisted session as the app stores it in localStorage (the store's own type). */
export type StoredSession = SavedSession;

/**
 * A session as the app persists it (the envelope with its format version), for tests and the bench
 * to seed: by default a fresh one on the access screen with the default child data.
 */
export function persistedSession(state: Partial<StoredSession>): string {
  const envelope: StoredSessionEnvelope = {
    state: {
      screen: 'access',
      user: DEFAULT_USER,
      submissionId: '00000000-0000-4000-8000-000000000000',
      resultQueued: false,
      queue: [],
      currentId: null,
      answers: [],
      ...state,
    },
    version: SESSION_FORMAT_VERSION,
  };
  return JSON.stringify(envelope);
}

/** A running session in the transition before the first of `ids`, continuing with the rest. */
export function runningSession(ids: number[], language: Lang, user: Partial<UserData> = {}): string {
  return persistedSession({
    screen: 'transition',
    user: { ...DEFAULT_USER, ...user, language },
    // Its own id: results with an id the server has stored are not stored again (one server serves
    // several tests), so a shared id would let a test that waits for its upload pass without one.
    submissionId: crypto.randomUUID(),
    queue: ids,
  });
}

/** The stored session, opened with the passphrase (it is stored sealed, see sealed-session.ts). */
export async function storedSession(page: Page): Promise<StoredSession | null> {
  const [raw, keyring] = await page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [...SEALED_SESSION_KEYS],
  );
  return openStoredSession(raw ?? null, keyring ?? null);
}

export async function currentScreen(page: Page): Promise<string | null> {
  return page.locator('main').getAttribute('data-screen');
}

export async function waitForScreen(page: Page, screen: string, timeout = 10_000): Promise<void> {
  try {
    await page.locator(`main[data-screen="${screen}"]`).waitFor({ timeout });
  } catch (error) {
    // Say what is on screen instead (a loading page, a load failure, another screen).
    const shown = await page
      .evaluate(() => document.querySelector('main')?.outerHTML.slice(0, 400) ?? 'no <main>')
      .catch((reason: unknown) => `unreadable: ${String(reason)}`);
    throw new Error(`screen "${screen}" did not appear within ${timeout} ms; on screen: ${shown}`, {
      cause: error,
    });
  }
}

/**
 * Notes every screen the app shows in this document from now on, and returns a reader of the list.
 * A screen of half a second (the transition) can be gone before a test looks on a busy machine;
 * the list still has it.
 */
export async function watchScreens(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __screensSeen: string[] }).__screensSeen = seen;
    const note = () => {
      const screen = document.querySelector('main')?.getAttribute('data-screen');
      if (screen && seen.at(-1) !== screen) seen.push(screen);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-screen'],
    });
  });
  return () => page.evaluate(() => [...(window as unknown as { __screensSeen: string[] }).__screensSeen]);
}

/** Waits through the transition until a question (or the result) is on screen. */
export async function waitForNextScreen(page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const screen = document.querySelector('main')?.getAttribute('data-screen');
    return screen && screen !== 'transition';
  });
  return (await currentScreen(page)) ?? '';
}

export async function login(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/`);
  await page.getByLabel('Bitte Passwort eingeben:').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await waitForScreen(page, 'userdata');
}

/** The note the access screen shows when a stored test waits behind the passphrase. */
export const RESUME_NOTE = 'Auf diesem Gerät ist ein Test gespeichert';

/**
 * Waits until the app's service worker is active and controls the page (reloading it if need be),
 * so that the page keeps working once the network goes: before that, a chunk it loads later fails.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
    await page.reload();
  }
  throw new Error('the service worker never took control of the page');
}

/**
 * After a reload or reopening in a running or finished test the passphrase is asked again
 * (docs/product.md §20); this gives it and waits until the app has left the access screen.
 */
export async function unlock(page: Page): Promise<void> {
  await page.getByText(RESUME_NOTE).waitFor();
  await page.getByLabel('Bitte Passwort eingeben:').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main?.getAttribute('data-screen') !== 'access' && main?.getAttribute('aria-busy') !== 'true';
  });
}

/** Reloads the page in a running or finished test and gives the passphrase again. */
export async function reloadAndUnlock(page: Page, options?: Parameters<Page['reload']>[0]): Promise<void> {
  await page.reload(options);
  await unlock(page);
}

/** The question on 'Bist du bereit?' whether the child understood the spoken language (docs/product.md §39). */
export const UNDERSTANDING_QUESTION = 'Hat das Kind die Ansage verstanden?';

/**
 * Records on 'Bist du bereit?' whether the child understood the spoken language ('ja', 'teilweise',
 * 'nein'; docs/product.md §39), which 'Start' waits for.
 */
export async function recordUnderstanding(
  page: Page,
  answer: 'ja' | 'teilweise' | 'nein' = 'ja',
): Promise<void> {
  await page
    .getByRole('group', { name: UNDERSTANDING_QUESTION })
    .getByRole('radio', { name: answer })
    .check();
}

/**
 * 'Start' on 'Bist du bereit?', after recording 'ja' for the child's understanding unless an answer
 * is recorded already (docs/product.md §39). Without a voice of the language (headless browsers have
 * none unless speech-stub.ts gives them one) the app first asks whether to test without sound
 * (docs/product.md §14): this confirms it, as an educator who reads the texts aloud would.
 */
export async function tapStart(page: Page): Promise<void> {
  const group = page.getByRole('group', { name: UNDERSTANDING_QUESTION });
  if ((await group.locator('input:checked').count()) === 0) await recordUnderstanding(page);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.waitForFunction(
    () =>
      document.querySelector('main')?.getAttribute('data-screen') !== 'startscreen' ||
      document.querySelector('[role="alertdialog"]') !== null,
  );
  const ask = page.getByRole('alertdialog', { name: 'Ohne Ton testen?' });
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Ohne Ton testen' }).click();
}

/** 'Zurück zum Start' on the results page, confirming when it asks (the PDF was not saved). */
export async function backToStart(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Zurück zum Start' }).click();
  const confirm = page.getByRole('button', { name: 'Trotzdem zurück zum Start' });
  const main = page.locator('main[data-screen="access"]');
  await Promise.race([confirm.waitFor(), main.waitFor()]);
  if (await confirm.isVisible()) await confirm.click();
  await main.waitFor();
}

/** 'YYYY-MM-DD' as the educator types it: 'TT.MM.JJJJ'. */
export function typedDate(date: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : date;
}

/** The languages of the packs (content/languages/), German the reference among them. */
const LANGUAGE_FACTS = readLanguageFacts();
/** The test languages in the order of the 'Sprache' list: tr, ar, ro, German (docs/product.md §44), then added ones. */
const CHILD_LANGUAGE_FACTS = testLanguages(LANGUAGE_FACTS);
/** Every child language's code: tests that run per language iterate over this, never a fixed list. */
export const CHILD_LANGUAGES: readonly string[] = CHILD_LANGUAGE_FACTS.map((language) => language.code);
/**
 * The home languages: every test language but German, whose test shows its texts once (no German
 * reference line, no child word under Ja/Nein; docs/product.md §44). Tests of what a translation
 * shows beside the German run over these.
 */
export const HOME_LANGUAGES: readonly string[] = CHILD_LANGUAGES.filter((language) => language !== 'de');
/** The 'Sprache' list's label of each language, as the pack names it ('Ukrainisch (Entwurf)' for a draft). */
export const LANGUAGE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  CHILD_LANGUAGE_FACTS.map((language) => [
    language.code,
    language.status === 'Entwurf' ? `${language.name} (Entwurf)` : language.name,
  ]),
);
/** The writing direction of each language (the German reference too), as its pack says (`dir`). */
export const LANGUAGE_DIRS: Readonly<Record<string, 'ltr' | 'rtl'>> = Object.fromEntries(
  LANGUAGE_FACTS.map((language) => [language.code, language.dir]),
);
/** The language a new child starts with: the pack marked `default: true`. */
export const DEFAULT_LANGUAGE: string =
  CHILD_LANGUAGE_FACTS.find((language) => language.default)?.code ?? CHILD_LANGUAGES[0]!;
/** The first child language of each writing direction: the whole runs of tests/flow.test.ts. */
export const LANGUAGE_PER_DIRECTION: readonly string[] = CHILD_LANGUAGE_FACTS.filter(
  (language, index) => CHILD_LANGUAGE_FACTS.findIndex((other) => other.dir === language.dir) === index,
).map((language) => language.code);
export type Lang = string;

export async function enterUserData(
  page: Page,
  user: { name?: string; birthdate?: string; school?: string; schoolLevel?: string; language: Lang },
): Promise<void> {
  if (user.name) await page.getByLabel('Name').fill(user.name);
  // Typed as TT.MM.JJJJ whatever the browser language; callers may give the stored YYYY-MM-DD.
  if (user.birthdate) await page.getByLabel('Geburtsdatum').fill(typedDate(user.birthdate));
  if (user.school) await page.getByRole('radio', { name: user.school }).check();
  if (user.schoolLevel) await page.getByLabel('Jahrgang').selectOption(user.schoolLevel);
  await page.getByLabel('Sprache').selectOption({ label: LANGUAGE_LABELS[user.language] ?? user.language });
  await page.getByRole('button', { name: 'Test beginnen' }).click();
  await waitForScreen(page, 'startscreen');
}

/** Asserts nothing on the page needs scrolling (tablet without scrolling). */
export async function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document.documentElement.scrollHeight <= window.innerHeight + 1 &&
      document.documentElement.scrollWidth <= window.innerWidth + 1,
  );
}

/** Closes the practice dialog; with `expected`, first checks that it says exactly that. */
export async function closeDialog(page: Page, expected?: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const text = (await dialog.locator('.dialog-message').textContent()) ?? '';
  if (expected !== undefined && text !== expected)
    throw new Error(`dialog says ${JSON.stringify(text)}, expected ${JSON.stringify(expected)}`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Presses 'Bereit' and waits until the flashed pictures are gone; `whileShown` runs during the flash. */
export async function pressReadyAndWaitForFlash(page: Page, whileShown?: AnswerCheckpoint): Promise<void> {
  const ready = page.getByRole('button', { name: 'Bereit' });
  await ready.waitFor();
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Bereit');
    return b && !b.disabled;
  });
  await ready.click();
  await page.locator('[data-flash="shown"]').waitFor({ timeout: 5_000 });
  if (whileShown) await whileShown('flash');
  await page.locator('[data-flash="shown"]').waitFor({ state: 'detached', timeout: 10_000 });
}

export async function moveDots(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await page.getByRole('button', { name: 'Runter' }).click();
}

/** A moment worth a screenshot or an audit while answering, named by what is on screen. */
export type AnswerCheckpoint = (state: string) => Promise<void>;

/**
 * Answers the question on screen correctly, the way its answer type is answered (its descriptor's
 * `input`, `flashed` and `practice`), so a new answer type needs no new strategy here. Practice
 * questions are answered wrong first when `wrongFirst` is set. `checkpoint` runs in each state a
 * person would see (before and after the flash, after each step, on each dialog), `duringFlash`
 * while the pictures are shown.
 */
export async function answerQuestion(
  page: Page,
  q: ContentQuestion,
  {
    checkpoint = async () => {},
    duringFlash,
    wrongFirst = false,
  }: { checkpoint?: AnswerCheckpoint; duringFlash?: AnswerCheckpoint; wrongFirst?: boolean } = {},
): Promise<void> {
  const type = ANSWER_TYPES[q.answerType];
  if (!type) throw new Error(`question ${q.id}: no answer type ${q.answerType} in the registry`);
  const correct = String(q.correctAnswer);
  const answerButton = page.getByRole('button', { name: 'Antwort', exact: true });
  const yesNo = (value: number) =>
    page.getByRole('button', { name: value === 0 ? 'Ja' : 'Nein', exact: true });
  const practiceDialog = async (verdict: 'right' | 'wrong') => {
    await checkpoint(`dialog-${verdict}`);
    await closeDialog(page, verdict === 'right' ? 'Richtig!' : undefined);
  };
  const flash = async () => {
    await pressReadyAndWaitForFlash(page, duringFlash);
    await checkpoint('after-flash');
  };

  await checkpoint(type.flashed ? 'ready' : 'question');
  if (type.flashed) await flash();
  switch (type.input) {
    case 'typed-number':
      await page.locator('input.number-input').fill(correct);
      await checkpoint('answer');
      await answerButton.click();
      break;
    case 'choice':
      await page.getByRole('radio', { name: correct, exact: true }).check();
      await checkpoint('chosen');
      await answerButton.click();
      break;
    case 'yes-no':
      if (type.practice && wrongFirst) {
        await yesNo(1 - q.correctAnswer).click();
        await practiceDialog('wrong');
        if (type.flashed) await flash();
      }
      await yesNo(q.correctAnswer).click();
      break;
    case 'yes-or-number':
      await page.getByRole('button', { name: 'Nein', exact: true }).click();
      await checkpoint('step-2');
      await page.locator('input.number-input').fill(correct);
      await checkpoint('answer');
      await answerButton.click();
      break;
    case 'fingers': {
      const left = Math.min(2, q.correctAnswer - 1);
      await page.getByLabel('Links').fill(String(left));
      await page.getByLabel('Rechts').fill(String(q.correctAnswer - left));
      await answerButton.click();
      await checkpoint('another-way');
      await page.getByLabel('Links').fill(String(q.correctAnswer - 1));
      await page.getByLabel('Rechts').fill('1');
      await answerButton.click();
      break;
    }
    case 'dots':
      if (type.practice && wrongFirst) {
        await moveDots(page, q.correctAnswer + 1);
        await answerButton.click();
        await practiceDialog('wrong');
      }
      // After a wrong try the practice box is empty again (docs/product.md §6).
      await moveDots(page, q.correctAnswer);
      await checkpoint('moved');
      await answerButton.click();
      break;
    case 'none':
      throw new Error(`question ${q.id} (${q.answerType}) cannot be answered`);
  }
  if (type.practice) await practiceDialog('right');
}

/** Answers the question on screen correctly, with screenshots named after `shotPrefix` when given. */
export async function answerCorrectly(page: Page, q: ContentQuestion, shotPrefix?: string): Promise<void> {
  const shot = async (state: string) => {
    if (shotPrefix) await screenshot(page, `${shotPrefix}-${state}`);
  };
  await answerQuestion(page, q, { checkpoint: shot, duringFlash: shot });
}

/**
 * A small file of the app's origin: a page to write localStorage from without starting the app,
 * whose timers could otherwise store their own session over the seeded one before it is opened.
 */
const SEED_PAGE = '/icons/icon.svg';

/**
 * Puts a running session in localStorage that continues with the given question ids, then opens
 * the app: a quick way to a specific question without answering everything before it. Written from
 * a small file of the same origin, so the app loads once per jump, not twice.
 */
export async function jumpTo(
  page: Page,
  baseURL: string,
  ids: number[],
  language: Lang = 'tr',
  user: Partial<UserData> = {},
): Promise<void> {
  await page.goto(`${baseURL}${SEED_PAGE}`);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEY,
    value: runningSession(ids, language, user),
  });
  await page.goto(`${baseURL}/`);
  await unlock(page);
}
