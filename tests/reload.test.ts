import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session } from './support/browser.ts';
import {
  answerCorrectly,
  jumpTo,
  loadQuestions,
  storedSession,
  unlock,
  untilServiceWorkerControls,
  waitForScreen,
} from './support/flow.ts';

/**
 * A reload must always bring back a screen (docs/product.md: a running or finished session survives
 * a reload). The question screens and the results page live in their own chunks; a reload storm
 * hits every moment of their loading, including the one where a chunk arrives between React's
 * render and its effects, which once left the page blank for good.
 */

const baseURL = inject('baseURL');
const questions = loadQuestions();
/**
 * Reloads per storm; four storms (question and results page, online and offline) make 40. Twenty
 * per storm, 80 in all, took about 130 s of `npm test`'s 20-minute budget (docs/testing.md).
 */
const RELOADS = 10;

let session: Session | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** Opens the app and waits until its service worker controls the page (as after a first visit). */
async function installServiceWorker(page: Page): Promise<void> {
  await page.goto(`${baseURL}/`);
  await untilServiceWorkerControls(page);
}

/** A running test on question 2 (a plain number question), reached through a stored session. */
async function openQuestion(page: Page): Promise<void> {
  await jumpTo(page, baseURL, [2, 3]);
  await waitForScreen(page, 'question');
}

/** A finished test: the last question answered, the results page on screen. */
async function openResult(page: Page): Promise<void> {
  await jumpTo(page, baseURL, [2]);
  await waitForScreen(page, 'question');
  const q2 = questions.find((q) => q.id === 2);
  if (!q2) throw new Error('question 2 is missing from the content');
  await answerCorrectly(page, q2);
  await waitForScreen(page, 'result');
}

/**
 * Reloads `RELOADS` times, each time as soon as the document has been parsed (the moment the
 * chunks race the first render), and expects `screen` after every one.
 */
async function reloadStorm(page: Page, screen: string): Promise<void> {
  for (let i = 0; i < RELOADS; i++) {
    await page.reload({ waitUntil: 'commit' });
    // A stored test is behind the passphrase after every reload (docs/product.md §20).
    await unlock(page);
    await waitForScreen(page, screen, 10_000);
  }
}

async function offline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  const reached = await page.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  );
  expect(reached).toBe(false);
}

describe('a reload always shows a screen', () => {
  it(`online: ${RELOADS} reloads on a question page and ${RELOADS} on the results page`, async () => {
    session = await openBrowser({ serviceWorkers: true });
    const { page } = session;
    await openQuestion(page);
    await reloadStorm(page, 'question');
    expect((await storedSession(page))?.currentId).toBe(2);

    await openResult(page);
    await reloadStorm(page, 'result');
    // The results page queued the result for upload despite the storm.
    await page.locator('.result-upload').filter({ hasText: 'Ergebnis gesendet.' }).waitFor();
  });

  it(`offline from the service worker: ${RELOADS} reloads on a question page and on the results page`, async () => {
    session = await openBrowser({ serviceWorkers: true });
    const { context, page } = session;
    await installServiceWorker(page);
    await openQuestion(page);
    await offline(context, page);
    await reloadStorm(page, 'question');

    await context.setOffline(false);
    await openResult(page);
    await offline(context, page);
    await reloadStorm(page, 'result');
    expect((await storedSession(page))?.screen).toBe('result');
  });
});
