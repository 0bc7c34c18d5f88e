import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { screenshot } from './browser.ts';
import { ROOT, TEST_PASSWORD } from './build-app.ts';

/** What the end-to-end tests need to know of a question to answer it. */
export interface ContentQuestion {
  id: number;
  answerType: string;
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

export const STORAGE_KEY = 'zaehltest-session';

/** The persisted session as the app stores it in localStorage. */
export interface StoredSession {
  screen: string;
  queue: number[];
  currentId: number | null;
  submissionId: string | null;
  user: { name: string; birthdate: string; school: string; schoolLevel: string; language: string };
  answers: Array<{
    question: { id: number; level: number; answerType: string; currentTexts: Record<string, string> };
    givenAnswer: string;
    correct: boolean;
    responseTimeMs: number;
    exposureMs?: number;
    pageHiddenDuringExposure?: boolean;
    tries?: number;
    answeredAt: string;
  }>;
}

export async function storedSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  return raw ? (JSON.parse(raw).state as StoredSession) : null;
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

export const LANGUAGE_LABELS = { tr: 'Türkisch', ar: 'Arabisch', ro: 'Rumänisch' } as const;
export type Lang = keyof typeof LANGUAGE_LABELS;

export async function enterUserData(
  page: Page,
  user: { name?: string; birthdate?: string; school?: string; schoolLevel?: string; language: Lang },
): Promise<void> {
  if (user.name) await page.getByLabel('Name').fill(user.name);
  if (user.birthdate) await page.getByLabel('Geburtsdatum').fill(user.birthdate);
  if (user.school) await page.getByRole('radio', { name: user.school }).check();
  if (user.schoolLevel) await page.getByLabel('Jahrgang').selectOption(user.schoolLevel);
  await page.getByLabel('Sprache').selectOption({ label: LANGUAGE_LABELS[user.language] });
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

export async function closeDialog(page: Page, expected: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const text = (await dialog.locator('.dialog-message').textContent()) ?? '';
  if (text !== expected)
    throw new Error(`dialog says ${JSON.stringify(text)}, expected ${JSON.stringify(expected)}`);
  await dialog.getByRole('button', { name: 'OK' }).click();
}

export async function pressReadyAndWaitForFlash(page: Page, shotName?: string): Promise<void> {
  const ready = page.getByRole('button', { name: 'Bereit' });
  await ready.waitFor();
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Bereit');
    return b && !b.disabled;
  });
  await ready.click();
  await page.locator('[data-flash="shown"]').waitFor({ timeout: 5_000 });
  if (shotName) await screenshot(page, shotName);
  await page.locator('[data-flash="shown"]').waitFor({ state: 'detached', timeout: 10_000 });
}

export async function moveDots(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await page.getByRole('button', { name: 'Runter' }).click();
}

/**
 * Answers the question on screen correctly (practice screens: once wrong first when asked), taking
 * screenshots named after `shotPrefix` when given.
 */
export async function answerCorrectly(page: Page, q: ContentQuestion, shotPrefix?: string): Promise<void> {
  const shot = async (suffix: string) => {
    if (shotPrefix) await screenshot(page, `${shotPrefix}-${suffix}`);
  };
  const correct = String(q.correctAnswer);
  const answerButton = page.getByRole('button', { name: 'Antwort', exact: true });
  switch (q.answerType) {
    case 'TextInput':
      await shot('question');
      await page.locator('input.number-input').fill(correct);
      await answerButton.click();
      return;
    case 'MultipleChoice':
    case 'MultipleChoiceWithImages':
      await shot('question');
      await page.getByRole('radio', { name: correct, exact: true }).check();
      await shot('chosen');
      await answerButton.click();
      return;
    case 'TimerTextInput':
      await shot('ready');
      await pressReadyAndWaitForFlash(page, shotPrefix ? `${shotPrefix}-flash` : undefined);
      await page.locator('input.number-input').fill(correct);
      await shot('answer');
      await answerButton.click();
      return;
    case 'ImageCompare':
      await shot('ready');
      await pressReadyAndWaitForFlash(page, shotPrefix ? `${shotPrefix}-flash` : undefined);
      await shot('answer');
      await page.getByRole('button', { name: q.correctAnswer === 0 ? 'Ja' : 'Nein', exact: true }).click();
      return;
    case 'TimerImageExample':
      await shot('ready');
      await pressReadyAndWaitForFlash(page, shotPrefix ? `${shotPrefix}-flash` : undefined);
      await page.getByRole('button', { name: q.correctAnswer === 0 ? 'Ja' : 'Nein', exact: true }).click();
      await shot('dialog');
      await closeDialog(page, 'Richtig!');
      return;
    case 'CountAndForgotten':
      await shot('question');
      await page.getByRole('button', { name: 'Nein', exact: true }).click();
      await page.locator('input.number-input').fill(correct);
      await shot('answer');
      await answerButton.click();
      return;
    case 'FiveFingers':
      await shot('question');
      await page.getByLabel('Links').fill('2');
      await page.getByLabel('Rechts').fill('3');
      await answerButton.click();
      await page.getByLabel('Links').fill('4');
      await page.getByLabel('Rechts').fill('1');
      await shot('another-way');
      await answerButton.click();
      return;
    case 'MoveDots':
      await shot('question');
      await moveDots(page, q.correctAnswer);
      await shot('moved');
      await answerButton.click();
      return;
    case 'MoveDotsExample':
      await shot('question');
      await moveDots(page, q.correctAnswer);
      await answerButton.click();
      await shot('dialog');
      await closeDialog(page, 'Richtig!');
      return;
    default:
      throw new Error(`no answering strategy for ${q.answerType}`);
  }
}

/**
 * Puts a running session in localStorage that continues with the given question ids, then
 * reloads: a quick way to a specific question without answering everything before it.
 */
export async function jumpTo(
  page: Page,
  baseURL: string,
  ids: number[],
  language: Lang = 'tr',
): Promise<void> {
  await page.goto(`${baseURL}/`);
  await page.evaluate(
    ({ key, ids, language }) => {
      const state = {
        screen: 'transition',
        user: { name: '', birthdate: '', school: 'Kita', schoolLevel: '', language },
        submissionId: '00000000-0000-4000-8000-000000000000',
        resultQueued: false,
        queue: ids,
        currentId: null,
        answers: [],
      };
      localStorage.setItem(key, JSON.stringify({ state, version: 1 }));
    },
    { key: STORAGE_KEY, ids, language },
  );
  await page.reload();
}
