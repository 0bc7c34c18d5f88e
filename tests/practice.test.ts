import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { axeFindings } from './support/axe.ts';
import { openBrowser, type Session, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';
import { ROOT } from './support/build-app.ts';
import {
  closeDialog,
  currentScreen,
  fitsViewport,
  jumpTo,
  type Lang,
  moveDots,
  pressReadyAndWaitForFlash,
  reloadAndUnlock,
  storedSession,
  waitForNextScreen,
  waitForScreen,
} from './support/flow.ts';
import { speechLog, stubSpeechSynthesis, waitUntilSpoken } from './support/speech-stub.ts';

/**
 * The practice questions (docs/product.md §6), seeded at question 7 and 9: a wrong try empties the
 * box, 'Weiter' in the educator's bar after the second wrong try records the practice as skipped
 * (kept through reloads, never sent), and the feedback is spoken in the child's language while the
 * educator reads the German.
 */

const baseURL = inject('baseURL');
const PHONE = { width: 390, height: 844 } as const;
const VOICES = [
  { lang: 'de-DE', name: 'Anna' },
  { lang: 'tr-TR', name: 'Yelda' },
  { lang: 'ar-SA', name: 'Maged' },
];
const VOICE_LANG: Record<string, string> = { tr: 'tr-TR', ar: 'ar-SA' };

/** The phrases of a language pack the child hears as feedback (content/languages/<language>.yaml). */
const pack = (language: Lang) =>
  parse(readFileSync(join(ROOT, 'content/languages', `${language}.yaml`), 'utf8')) as Record<string, string>;
const wrongNumber = (language: Lang, answer: number) =>
  pack(language).practiceWrongNumber!.replace('{answer}', String(answer));

const educatorBar = (page: Page) => page.getByRole('region', { name: 'Für Sie' });
const goOn = (page: Page) => educatorBar(page).getByRole('button', { name: 'Weiter', exact: true });
const dotsInBox = (page: Page) => page.locator('.dot-box-child').getAttribute('data-dots');
const answerButton = (page: Page) => page.getByRole('button', { name: 'Antwort', exact: true });

async function open(language: Lang): Promise<{ session: Session; errors: string[] }> {
  const session = await openBrowser();
  const errors: string[] = [];
  session.page.on('pageerror', (error) => errors.push(String(error)));
  await stubSpeechSynthesis(session.context, VOICES);
  await jumpTo(session.page, baseURL, [7, 9], language);
  return { session, errors };
}

/** The dialog, then 'Weiter' in the bar, at the sizes a person checks (tablet, portrait, phone). */
async function shots(page: Page, name: string, sizes: { width: number; height: number }[] = [TABLET, PHONE]) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(TABLET);
}

/** 'Weiter' lies inside the screen and beside the bar's other buttons, never over them. */
async function goOnFits(page: Page): Promise<void> {
  for (const size of [TABLET, TABLET_PORTRAIT, PHONE]) {
    await page.setViewportSize(size);
    const button = (await goOn(page).boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(size.width);
    expect(button.height).toBeGreaterThanOrEqual(44);
    for (const other of ['Zahlwörter', 'Test abbrechen']) {
      const box = (await educatorBar(page).getByRole('button', { name: other }).boundingBox())!;
      const apart =
        box.x >= button.x + button.width ||
        button.x >= box.x + box.width ||
        box.y >= button.y + button.height ||
        button.y >= box.y + box.height;
      expect(apart, `'Weiter' and '${other}' at ${size.width}×${size.height}`).toBe(true);
    }
  }
  await page.setViewportSize(TABLET);
}

/** The feedback dialog says the German text for the educator; the child hears its own language. */
async function feedback(page: Page, german: string, spoken: string, language: Lang): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await dialog.locator('.dialog-message').textContent()).toBe(german);
  await waitUntilSpoken(page, [spoken]);
  const log = await speechLog(page);
  const said = log.spoken.filter((entry) => entry.text === spoken);
  expect(said.every((entry) => entry.lang === VOICE_LANG[language])).toBe(true);
  // The German of the dialog is never spoken.
  expect(log.spoken.some((entry) => entry.text.startsWith('Die richtige Antwort'))).toBe(false);
}

describe('practice questions', () => {
  it("empty the box after a wrong try; 'Weiter' after two wrong tries is recorded, survives reloads and is not sent (tr)", async () => {
    const { session, errors } = await open('tr');
    const { page } = session;
    try {
      // Question 7, first wrong try: the dialog over the child's one dot, spoken in Turkish.
      expect(await waitForNextScreen(page)).toBe('examples/move-dots');
      // The hint that explains the retry still leaves the screen without scrolling at 1024×768.
      expect(await fitsViewport(page), 'question 7 fits 1024×768').toBe(true);
      await moveDots(page, 1);
      await answerButton(page).click();
      await feedback(page, "Die richtige Antwort ist: '3'", wrongNumber('tr', 3), 'tr');
      expect(await dotsInBox(page)).toBe('1');
      await shots(page, 'practice-q07-dialog-wrong-tr');
      await closeDialog(page);
      expect(await dotsInBox(page)).toBe('0');
      expect(await goOn(page).count()).toBe(0);

      // Second wrong try: the box is empty again, and the educator may go on.
      await moveDots(page, 2);
      await answerButton(page).click();
      await closeDialog(page, "Die richtige Antwort ist: '3'");
      expect(await dotsInBox(page)).toBe('0');
      await goOn(page).waitFor();
      // In the educator's bar, not among the child's controls.
      expect(await page.locator('.question').getByRole('button', { name: 'Weiter' }).count()).toBe(0);
      expect(await educatorBar(page).textContent()).toContain('2 falsche Versuche');
      expect(await page.getByTestId('educator-line').textContent()).toContain(
        'Falsch gelöst, beginnt sie leer von vorn; nach zwei Fehlversuchen erscheint „Weiter“ (wird vermerkt).',
      );
      await goOnFits(page);
      expect(await fitsViewport(page), "question 7 with 'Weiter' fits 1024×768").toBe(true);
      // The screen with 'Weiter' and its line passes axe (contrast, names, roles).
      expect(await axeFindings(page)).toEqual([]);
      await shots(page, 'practice-q07-weiter-tr', [TABLET, TABLET_PORTRAIT, PHONE]);

      // A reload keeps the tries: the same question, an empty box, 'Weiter' still offered.
      await reloadAndUnlock(page);
      await waitForScreen(page, 'examples/move-dots');
      expect(await dotsInBox(page)).toBe('0');
      await goOn(page).waitFor();
      expect((await storedSession(page))?.answers).toEqual([]);
      await goOn(page).click();

      // Question 9: two wrong 'Ja', the pictures shown again in between; then 'Weiter'.
      expect(await waitForNextScreen(page)).toBe('examples/timer');
      expect(await fitsViewport(page), 'question 9 fits 1024×768').toBe(true);
      expect(await goOn(page).count()).toBe(0);
      expect(await page.getByTestId('educator-line').textContent()).toContain(
        'Falsch gelöst, beginnt sie mit „Bereit“ von vorn; nach zwei Fehlversuchen erscheint „Weiter“ (wird vermerkt).',
      );
      for (const attempt of [1, 2]) {
        await pressReadyAndWaitForFlash(page);
        await page.getByRole('button', { name: 'Ja', exact: true }).click();
        await feedback(page, 'Die richtige Antwort ist: Nein', pack('tr').practiceWrongNo!, 'tr');
        if (attempt === 1) await shots(page, 'practice-q09-dialog-wrong-tr');
        await closeDialog(page);
        expect(await goOn(page).count()).toBe(attempt === 1 ? 0 : 1);
      }
      expect(await fitsViewport(page), "question 9 with 'Weiter' fits 1024×768").toBe(true);
      const upload = page.waitForRequest(
        (request) => request.url().endsWith('/api/results') && request.method() === 'POST',
      );
      await goOn(page).click();
      expect(await waitForNextScreen(page)).toBe('result');

      // Recorded with the answers: both practices skipped after two wrong tries, their last answer kept.
      const answers = (await storedSession(page))?.answers ?? [];
      expect(answers).toEqual([
        expect.objectContaining({
          question: expect.objectContaining({ id: 7, level: 0 }),
          givenAnswer: '2',
          correct: false,
          tries: 2,
          skipped: true,
        }),
        expect.objectContaining({
          question: expect.objectContaining({ id: 9, level: 0 }),
          givenAnswer: '0',
          correct: false,
          tries: 2,
          skipped: true,
        }),
      ]);
      expect(answers[1]?.exposureMs).toBeGreaterThan(0);

      // Never sent: the upload has no practice question, neither as a flag nor in the details.
      const sent = JSON.parse((await upload).postData() ?? '{}') as Record<string, unknown>;
      expect(Object.keys(sent)).not.toContain('question7');
      expect(Object.keys(sent)).not.toContain('question9');
      expect(JSON.stringify(sent.answers)).not.toMatch(/"question":(7|9)\b/);
      expect(JSON.stringify(sent)).not.toContain('skipped');

      // The results page lists the tries, grey, and so does it after a reload.
      const notes = async () =>
        page.locator('.result-questions tbody tr.is-practice .result-timing').allTextContents();
      const expected = [
        expect.stringContaining('2 Versuche, übersprungen'),
        expect.stringContaining('2 Versuche, übersprungen'),
      ];
      expect(await notes()).toEqual(expected);
      await reloadAndUnlock(page);
      await waitForScreen(page, 'result');
      expect(await notes()).toEqual(expected);
      expect(
        await page.locator('.result-questions tbody tr.is-practice .result-given').allTextContents(),
      ).toEqual(['2 Punkte gelegt', 'Ja']);
    } finally {
      await session.close();
    }
    expect(errors).toEqual([]);
  });

  it('speaks the feedback in Arabic, and a child who finds the answer needs no Weiter (ar)', async () => {
    const { session, errors } = await open('ar');
    const { page } = session;
    try {
      // Question 7: wrong, the Arabic sentence with the right number; then right, 'Richtig!' in Arabic.
      expect(await waitForNextScreen(page)).toBe('examples/move-dots');
      await moveDots(page, 4);
      await answerButton(page).click();
      await feedback(page, "Die richtige Antwort ist: '3'", wrongNumber('ar', 3), 'ar');
      expect(await page.getByRole('alertdialog').locator('.practice-picture-dot').count()).toBe(3);
      await shots(page, 'practice-q07-dialog-wrong-ar');
      await closeDialog(page);
      expect(await dotsInBox(page)).toBe('0');
      expect(await goOn(page).count()).toBe(0);
      await moveDots(page, 3);
      await answerButton(page).click();
      await feedback(page, 'Richtig!', pack('ar').practiceCorrect!, 'ar');
      await shots(page, 'practice-q07-dialog-right-ar');
      await closeDialog(page, 'Richtig!');

      // Question 9: two wrong tries, 'Weiter' offered, and the child gets it right all the same.
      expect(await waitForNextScreen(page)).toBe('examples/timer');
      for (const attempt of [1, 2]) {
        await pressReadyAndWaitForFlash(page);
        await page.getByRole('button', { name: 'Ja', exact: true }).click();
        await feedback(page, 'Die richtige Antwort ist: Nein', pack('ar').practiceWrongNo!, 'ar');
        if (attempt === 1) await shots(page, 'practice-q09-dialog-wrong-ar');
        await closeDialog(page);
      }
      await goOn(page).waitFor();
      await goOnFits(page);
      await shots(page, 'practice-q09-weiter-ar', [TABLET, TABLET_PORTRAIT, PHONE]);
      await pressReadyAndWaitForFlash(page);
      await page.getByRole('button', { name: 'Nein', exact: true }).click();
      await closeDialog(page, 'Richtig!');
      expect(await waitForNextScreen(page)).toBe('result');

      const answers = (await storedSession(page))?.answers ?? [];
      expect(
        answers.map(({ question, correct, tries, skipped }) => ({
          id: question.id,
          correct,
          tries,
          skipped,
        })),
      ).toEqual([
        { id: 7, correct: true, tries: 2, skipped: undefined },
        { id: 9, correct: true, tries: 3, skipped: undefined },
      ]);
      expect(await currentScreen(page)).toBe('result');
      expect(
        await page.locator('.result-questions tbody tr.is-practice .result-timing').allTextContents(),
      ).toEqual([expect.stringContaining('2 Versuche'), expect.stringContaining('3 Versuche')]);
      expect(await page.locator('.result-questions').textContent()).not.toContain('übersprungen');
    } finally {
      await session.close();
    }
    expect(errors).toEqual([]);
  });
});
