import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { openBrowser, SCREEN_SIZES, type Session, screenshot, TABLET } from './support/browser.ts';
import {
  answerCorrectly,
  loadQuestions,
  recordUnderstanding,
  reloadAndUnlock,
  storedSession,
  tapStart,
  UNDERSTANDING_QUESTION,
  waitForScreen,
} from './support/flow.ts';
import { downloadedPdfText } from './support/pdf.ts';
import { openSeeded } from './support/seed.ts';
import { listStoredResults } from './support/server.ts';

/**
 * 'Hat das Kind die Ansage verstanden?' on the start screen (docs/product.md §39) in Chromium, from a
 * seeded start screen: 'Start' without an answer, 'nein' and its way back to the details; 'teilweise'
 * kept over a reload, a test of one question, the results page, the PDF and what the server stored.
 */

const baseURL = inject('baseURL');
const FIRST = loadQuestions()[0]!;

let session: Session | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** 'Bist du bereit?' after 'Test beginnen', with a test of the first question only. */
async function openStartScreen(page: Page, language: string, submissionId = crypto.randomUUID()) {
  await openSeeded(page, baseURL, {
    screen: 'startscreen',
    submissionId,
    user: {
      name: 'Ayşe Yılmaz',
      birthdate: '2019-03-07',
      school: 'Kita',
      schoolLevel: '',
      language,
    },
    queue: [FIRST.id],
  });
  return page.getByRole('group', { name: UNDERSTANDING_QUESTION });
}

/** Screenshots at the three sizes, and nothing wider than the screen at any of them. */
async function atEverySize(page: Page, name: string) {
  for (const [size, viewport] of SCREEN_SIZES) {
    await page.setViewportSize(viewport);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} ${size}`,
    ).toBe(true);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(TABLET);
}

describe("the child's understanding, recorded before the first task", () => {
  it("asks before 'Start', and after 'nein' suggests another language and leads back to the details", async () => {
    session = await openBrowser();
    const { page } = session;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const question = await openStartScreen(page, 'tr');
    expect(
      await question
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent)),
    ).toEqual(['ja', 'teilweise', 'nein']);

    // 'Start' without an answer says what is missing and stays.
    await page.getByRole('button', { name: 'Start' }).click();
    const missing = page.getByText('Bitte zuerst unten eintragen, ob das Kind die Ansage verstanden hat.');
    await missing.waitFor();
    expect(await missing.getAttribute('role')).toBe('alert');
    expect(await page.locator('main').getAttribute('data-screen')).toBe('startscreen');
    expect(await question.evaluate((element) => element === document.activeElement)).toBe(true);
    await atEverySize(page, 'understanding-missing-tr');

    await recordUnderstanding(page, 'nein');
    expect(await missing.count()).toBe(0);
    const suggestion = question.getByRole('status');
    expect(await suggestion.textContent()).toContain(
      'Wählen Sie bei den Angaben eine andere Sprache, die das Kind kennt, zum Beispiel Deutsch.',
    );
    await atEverySize(page, 'understanding-no-tr');
    expect(await axeFindings(page)).toEqual([]);
    expect((await storedSession(page))?.understanding).toBe('no');

    await question.getByRole('button', { name: 'Andere Sprache wählen' }).click();
    await waitForScreen(page, 'userdata');
    expect(await page.getByLabel('Sprache').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  }, 45_000);

  it("keeps 'teilweise' over a reload and shows it on the results page, in the PDF and in the upload", async () => {
    session = await openBrowser();
    const { page } = session;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const submissionId = crypto.randomUUID();
    const question = await openStartScreen(page, 'tr', submissionId);
    await recordUnderstanding(page, 'teilweise');

    await reloadAndUnlock(page);
    await waitForScreen(page, 'startscreen');
    expect(await question.getByRole('radio', { name: 'teilweise' }).isChecked()).toBe(true);
    expect((await storedSession(page))?.understanding).toBe('partly');

    await tapStart(page);
    await answerCorrectly(page, FIRST);
    await waitForScreen(page, 'result');
    expect(await page.getByTestId('result-understanding').textContent()).toBe('teilweise');
    expect(
      await page
        .locator('.result-detail', { has: page.getByTestId('result-understanding') })
        .locator('dt')
        .textContent(),
    ).toBe('Sprachverständnis');
    await atEverySize(page, 'understanding-result-tr');

    await page.getByText('Ergebnis gesendet.').waitFor({ timeout: 30_000 });
    const stored = (await listStoredResults(baseURL)).find((result) => result.submissionId === submissionId);
    expect(stored?.understanding).toBe('partly');

    const { text } = await downloadedPdfText(page);
    // The details in the PDF: the label in capitals above its value, as every detail.
    expect(text).toMatch(/SPRACHVERSTÄNDNIS .*teilweise/);
    expect(errors).toEqual([]);
  }, 60_000);

  it('fits at every size with Arabic as the child language, the sample shown in a test without sound', async () => {
    session = await openBrowser();
    const { page } = session;
    const question = await openStartScreen(page, 'ar');
    // Headless Chromium has no Arabic voice: the hint says how the child hears the sample anyway.
    await question.getByText(/^Ohne Ton:/).waitFor();
    expect(await question.locator('.understanding-sample [lang="ar"]').textContent()).toBe(
      'مرحبًا! هل تسمعني جيدًا؟',
    );
    await recordUnderstanding(page, 'nein');
    await atEverySize(page, 'understanding-no-ar');
  }, 45_000);
});
