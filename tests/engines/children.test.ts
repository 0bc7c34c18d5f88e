import { describe, expect, inject, it } from 'vitest';
import { CHILD_CODE_PATTERN } from '../../src/domain/facts.ts';
import type { EnginePage } from '../support/driver/index.ts';
import {
  enterUserData,
  login,
  reloadAndUnlock,
  shot,
  storedSession,
  textOf,
  waitForScreen,
  waitUntil,
} from '../support/engine-flow.ts';
import { ENGINE, openEnginePage } from '../support/engine-test.ts';
import { LANGUAGE_LABELS, loadQuestions, STORAGE_KEY, type StoredSession } from '../support/flow.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The children of the device in every engine: a saved child is listed, a second test of the same
 * child (chosen with 'Kind auswählen'), in German beside its Turkish one (a bilingual profile,
 * docs/product.md §44), shows its Verlauf with both levels side by side, and the Gruppenübersicht
 * lists, sorts and filters. The answers of both tests are put in place as a finished session (the whole test runs in
 * whole-test.test.ts); the results page then stores each test as the app does after a real one.
 */

const baseURL = inject('baseURL');
const questions = loadQuestions();

function finishedSession(user: StoredSession['user'], submissionId: string, wrong: ReadonlySet<number>) {
  return {
    screen: 'result' as const,
    queue: [],
    currentId: null,
    submissionId,
    resultQueued: false,
    user,
    answers: questions.map((q) => ({
      question: { id: q.id, level: q.level, answerType: q.answerType, currentTexts: q.texts[user.language] },
      givenAnswer: String(wrong.has(q.id) ? q.correctAnswer + 1 : q.correctAnswer),
      correct: !wrong.has(q.id),
      responseTimeMs: 2000,
      answeredAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    })),
  };
}

/** The running session becomes the finished one; after the passphrase the results page shows. */
async function finish(page: EnginePage, session: ReturnType<typeof finishedSession>): Promise<void> {
  await page.evaluate(({ key, state }) => localStorage.setItem(key, JSON.stringify({ state, version: 1 })), {
    key: STORAGE_KEY,
    state: session,
  });
  await reloadAndUnlock(page);
  await waitForScreen(page, 'result');
}

const verlaufRows = (page: EnginePage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.result-verlauf tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent).join(' | '),
    ),
  );

async function backToStart(page: EnginePage): Promise<void> {
  await page.click({ role: 'button', name: 'Zurück zum Start' });
  await page.click({ role: 'button', name: 'Trotzdem zurück zum Start' });
  await waitForScreen(page, 'access');
}

describe(`the children of the device in ${ENGINE}`, () => {
  it('lists a saved child, shows the Verlauf of its second test and the Gruppenübersicht', async () => {
    // Closed after the test by tests/support/engine-test.ts, which also fails on uncaught errors.
    const page = await openEnginePage();
    await login(page, baseURL);
    await enterUserData(page, { name: 'Zeynep Kaya', birthdate: '2020-05-14', language: 'tr' });
    const user = (await storedSession(page))!.user;
    expect(user.childCode).toMatch(new RegExp(CHILD_CODE_PATTERN));
    await finish(
      page,
      finishedSession(user, '1b7c2d3e-4f50-4a61-8b72-9c83d4e5f601', new Set([6, 13, 14, 16, 17, 18, 23])),
    );
    await waitUntil('the first Verlauf row', async () => (await verlaufRows(page)).length === 1);
    await backToStart(page);

    await login(page, baseURL);
    const item = await waitUntil('the child in the list', () => textOf(page, '.children-item'));
    expect(item).toMatch(
      new RegExp(
        `^Zeynep Kaya14\\.05\\.2020 · ${escapeRegExp(LANGUAGE_LABELS.tr!)} · Letzter Test: \\d\\d\\.\\d\\d\\.\\d{4}Kind auswählen$`,
      ),
    );
    await shot(page, 'children-list');
    await page.click({ role: 'button', name: 'Kind auswählen: Zeynep Kaya' });
    expect(await textOf(page, '[data-testid="child-code"]')).toBe(`Kind-Code: ${user.childCode}`);
    await page.select({ label: 'Sprache' }, 'Deutsch');
    await page.click({ role: 'button', name: 'Test beginnen' });
    await waitForScreen(page, 'startscreen');
    const second = (await storedSession(page))!;
    expect(second.user.childCode).toBe(user.childCode);
    expect(second.user.language).toBe('de');
    await finish(page, finishedSession(second.user, second.submissionId!, new Set()));
    const rows = await waitUntil('two Verlauf rows', async () => {
      const found = await verlaufRows(page);
      return found.length === 2 ? found : null;
    });
    // Each test names its language; the German one is compared with no Turkish test.
    expect(rows[0]).toMatch(/ · .+ \| 6 von 7 \| 4 von 7 \| 4 von 7 \| 2 \| erster Test$/);
    expect(rows[1]).toMatch(
      / · Deutsch \(dieser Test\) \| 7 von 7 \| 7 von 7 \| 7 von 7 \| größer 3 \| erster Test$/,
    );
    expect(await textOf(page, '[data-testid="bilingual"]')).toContain(
      `${LANGUAGE_LABELS.tr}: Niveau 2 · Deutsch: Niveau größer 3`,
    );
    await shot(page, 'children-verlauf');
    await backToStart(page);

    await login(page, baseURL);
    await page.click({ role: 'button', name: 'Gruppenübersicht' });
    await waitForScreen(page, 'overview');
    const row = await waitUntil('the overview row', () => textOf(page, '.overview-table tbody tr'));
    expect(row).toMatch(
      new RegExp(
        `^Zeynep KayaVerlaufLetztes ErgebnisTest beginnen\\d Jahre?${escapeRegExp(LANGUAGE_LABELS.tr!)}, letzter Test: Deutsch\\d\\d\\.\\d\\d\\.\\d{4}7 von 77 von 77 von 7größer 3alle erreichtErneut testen ab \\d\\d\\.\\d\\d\\.\\d{4}${escapeRegExp(LANGUAGE_LABELS.tr!)}: Niveau 2 · Deutsch: Niveau größer 3 Ein Unterschied`,
      ),
    );
    const sortOf = () =>
      page.evaluate(() => document.querySelector('.overview-table thead th')?.getAttribute('aria-sort'));
    expect(await sortOf()).toBe('ascending');
    await page.click({ css: '.overview-table thead th button' });
    expect(await waitUntil('descending', async () => (await sortOf()) === 'descending')).toBe(true);
    await page.click({ label: 'nur Kinder mit Förderbedarf' });
    await waitUntil('the filtered count', async () =>
      (await textOf(page, '.overview-note[role="status"]'))?.startsWith('0 von 1'),
    );
    await shot(page, 'children-overview');
    expect(await page.errors()).toEqual([]);
  });
});
