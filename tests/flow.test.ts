import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ANSWER_TYPES } from '../src/answer-types/registry.ts';
import { openBrowser, type Session, screenshot, TABLET_PORTRAIT } from './support/browser.ts';
import { TEST_PASSWORD } from './support/build-app.ts';
import {
  answerCorrectly,
  backToStart,
  closeDialog,
  currentScreen,
  enterUserData,
  fitsViewport,
  jumpTo,
  LANGUAGE_DIRS,
  LANGUAGE_LABELS,
  LANGUAGE_PER_DIRECTION,
  type Lang,
  loadQuestions,
  login,
  reloadAndUnlock,
  storedSession,
  tapStart,
  unlock,
  waitForNextScreen,
  waitForScreen,
  watchScreens,
} from './support/flow.ts';

const baseURL = inject('baseURL');
const questions = loadQuestions();
const byId = new Map(questions.map((q) => [q.id, q]));

const SCREEN_BY_TYPE: Record<string, string> = Object.fromEntries(
  Object.values(ANSWER_TYPES).map((type) => [type.answerType, type.screen]),
);

async function withBrowser<T>(
  run: (page: Page, session: Session) => Promise<T>,
  options?: Parameters<typeof openBrowser>[0],
) {
  const session = await openBrowser(options);
  const errors: string[] = [];
  const foreignRequests: string[] = [];
  session.page.on('pageerror', (e) => errors.push(String(e)));
  // Everything, fonts included, is served by the app itself: no CDN.
  session.page.on('request', (r) => {
    if (!r.url().startsWith(baseURL) && !r.url().startsWith('data:')) foreignRequests.push(r.url());
  });
  try {
    return await run(session.page, session);
  } finally {
    await session.close();
    expect(errors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }
}

describe('a whole test run', () => {
  it('has all 23 questions authored', () => {
    expect(questions.map((q) => q.id)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });

  // One whole run per writing direction (docs/testing.md). Every question in every language is shown
  // with its texts, direction and layout at 1024×768 in tests/preview.test.ts (the same child screen),
  // and tests/engines/whole-test.test.ts runs a whole test in each engine.
  // The test's own expect: expect.poll outside it fails in a concurrent test.
  it.concurrent.for(LANGUAGE_PER_DIRECTION)(
    'runs all 23 questions in %s to the result, screenshotting every screen',
    async (lang: Lang, { expect }) => {
      await withBrowser(async (page) => {
        const urls = new Set<string>();
        const track = () => urls.add(page.url());
        await page.goto(`${baseURL}/`);
        track();
        await screenshot(page, `${lang}-00-access`);
        await page.getByLabel('Bitte Passwort eingeben:').fill(TEST_PASSWORD);
        await page.getByRole('button', { name: 'Anmelden' }).click();
        await waitForScreen(page, 'userdata');
        track();
        await screenshot(page, `${lang}-01-userdata`);
        await enterUserData(page, {
          name: 'Ayşe Test',
          birthdate: '2020-03-14',
          school: 'Grundschule',
          schoolLevel: '1',
          language: lang,
        });
        track();
        await screenshot(page, `${lang}-02-startscreen`);
        const screensSeen = await watchScreens(page);
        await tapStart(page);

        for (const q of questions) {
          const screen = await waitForNextScreen(page);
          track();
          expect(screen, `screen for question ${q.id}`).toBe(SCREEN_BY_TYPE[q.answerType]);
          if (q.id === 1) {
            // 'Start' shows the transition before the first question (half a second: gone before a
            // screenshot on a busy machine, so it is read from the list of screens shown).
            expect(await screensSeen()).toEqual(['startscreen', 'transition', screen]);
          }
          expect((await storedSession(page))?.currentId).toBe(q.id);
          expect(await fitsViewport(page), `question ${q.id} fits 1024×768 without scrolling`).toBe(true);
          const taskText = page.locator('.task-text').first();
          await expect.poll(() => taskText.getAttribute('lang')).toBe(lang);
          expect(await taskText.getAttribute('dir')).toBe(LANGUAGE_DIRS[lang]);
          await answerCorrectly(page, q, `${lang}-q${String(q.id).padStart(2, '0')}`);
        }

        expect(await waitForNextScreen(page)).toBe('result');
        track();
        if (LANGUAGE_DIRS[lang] === 'rtl') {
          // The self-hosted Arabic font was loaded for the task texts.
          const arabicFont = await page.evaluate(() =>
            [...document.fonts].some((f) => f.family.includes('Noto Sans Arabic') && f.status === 'loaded'),
          );
          expect(arabicFont).toBe(true);
        }
        await screenshot(page, `${lang}-99-result`);
        const session = await storedSession(page);
        expect(session?.screen).toBe('result');
        expect(session?.user).toMatchObject({ language: lang, school: 'Grundschule', schoolLevel: '1' });
        expect(session?.submissionId).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
        const answers = session?.answers ?? [];
        expect(answers.map((a) => a.question.id)).toEqual(questions.map((q) => q.id));
        expect(answers.every((a) => a.correct)).toBe(true);
        for (const a of answers) {
          expect(a.responseTimeMs).toBeGreaterThanOrEqual(0);
          expect(Number.isNaN(Date.parse(a.answeredAt))).toBe(false);
          const q = byId.get(a.question.id);
          if (q && ANSWER_TYPES[q.answerType].flashed) {
            const interval = (q as { timerInterval?: number }).timerInterval ?? 0;
            // Never shorter than its interval. How much longer a picture may stay is measured where
            // no other browser competes for the CPU (the quiet whole test and flash-timing files,
            // docs/testing.md): this file runs beside others, where a busy machine adds frames.
            expect(a.exposureMs, `exposure of ${q.id}`).toBeGreaterThan(interval - 20);
            expect(a.pageHiddenDuringExposure).toBe(false);
          }
        }
        expect(answers.find((a) => a.question.id === 21)?.givenAnswer).toBe('5');
        expect(answers.find((a) => a.question.id === 1)?.givenAnswer).toBe('4');
        // The address never changes, whatever the screen.
        expect([...urls]).toEqual([`${baseURL}/`]);
        // A reload on the result page shows the result page again, after the passphrase.
        await reloadAndUnlock(page);
        await waitForScreen(page, 'result');
      });
    },
  );
});

describe('access and child details', () => {
  it('rejects a wrong password in red and lets the right one in', async () => {
    await withBrowser(async (page) => {
      await page.goto(`${baseURL}/`);
      await page.getByLabel('Bitte Passwort eingeben:').fill('falsch');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      const message = page.getByText('Falsches Passwort', { exact: true });
      await message.waitFor();
      expect(await message.evaluate((el) => getComputedStyle(el).color)).toMatch(
        /^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/,
      );
      await screenshot(page, 'de-access-wrong-password');
      expect(await currentScreen(page)).toBe('access');
      await page.getByLabel('Bitte Passwort eingeben:').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Anmelden' }).press('Enter');
      await waitForScreen(page, 'userdata');
    });
  });

  it('defaults to Kita and Türkisch; Kita disables and clears Jahrgang', async () => {
    await withBrowser(async (page) => {
      await login(page, baseURL);
      const level = page.getByLabel('Jahrgang');
      expect(await page.getByRole('radio', { name: 'Kita' }).isChecked()).toBe(true);
      expect(await level.isDisabled()).toBe(true);
      expect(
        await page.getByLabel('Sprache').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text),
      ).toBe(LANGUAGE_LABELS.tr);
      expect(await level.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.text))).toEqual([
        '-',
        '1',
        '2',
        '3',
        '4',
      ]);
      await page.getByRole('radio', { name: 'Grundschule' }).check();
      expect(await level.isDisabled()).toBe(false);
      await level.selectOption('3');
      await page.getByRole('radio', { name: 'Förderschule' }).check();
      expect(await level.inputValue()).toBe('3');
      await page.getByRole('radio', { name: 'Kita' }).check();
      expect(await level.isDisabled()).toBe(true);
      expect(await level.inputValue()).toBe('');
      await page.getByRole('button', { name: 'Test beginnen' }).click();
      await waitForScreen(page, 'startscreen');
      expect((await storedSession(page))?.user).toMatchObject({
        school: 'Kita',
        schoolLevel: '',
        language: 'tr',
      });
      expect(await page.getByRole('heading', { name: 'Bist du bereit?' }).isVisible()).toBe(true);
    });
  });
});

describe('practice, resume and special screens', () => {
  it('practice screens say what is right, let the child retry, and a reload resumes the same question', async () => {
    await withBrowser(async (page) => {
      let leavePrompts = 0;
      page.on('dialog', (dialog) => {
        if (dialog.type() === 'beforeunload') leavePrompts++;
        void dialog.accept();
      });
      await login(page, baseURL);
      await enterUserData(page, { language: 'tr' });
      await tapStart(page);
      for (const id of [1, 2, 3, 4, 5, 6]) {
        await waitForNextScreen(page);
        await answerCorrectly(page, byId.get(id)!);
      }

      // Move-dots practice: wrong, then right.
      expect(await waitForNextScreen(page)).toBe('examples/move-dots');
      await page.getByRole('button', { name: 'Runter' }).click();
      await page.getByRole('button', { name: 'Antwort', exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('OK');
      await screenshot(page, 'tr-q07-dialog-wrong');
      await closeDialog(page, "Die richtige Antwort ist: '3'");
      expect(await currentScreen(page)).toBe('examples/move-dots');
      // The retry starts from an empty box.
      expect(await page.locator('.dot-box-child').getAttribute('data-dots')).toBe('0');
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Runter' }).click();
      await page.getByRole('button', { name: 'Antwort', exact: true }).click();
      await closeDialog(page, 'Richtig!');

      // Move dots: nothing happens at 0 and at 15.
      expect(await waitForNextScreen(page)).toBe('move-dots');
      const box = page.locator('.dot-box-child');
      await page.getByRole('button', { name: 'Hoch' }).click();
      expect(await box.getAttribute('data-dots')).toBe('0');
      for (let i = 0; i < 17; i++) await page.getByRole('button', { name: 'Runter' }).click();
      expect(await box.getAttribute('data-dots')).toBe('15');
      expect(await page.locator('.dot-slots').getAttribute('data-free')).toBe('0');
      await screenshot(page, 'tr-q08-all-dots-moved');
      for (let i = 0; i < 9; i++) await page.getByRole('button', { name: 'Hoch' }).click();
      expect(await box.getAttribute('data-dots')).toBe('6');
      await page.getByRole('button', { name: 'Antwort', exact: true }).click();

      // Timer practice: 'Ja' is wrong; the pictures show again on 'Bereit'.
      expect(await waitForNextScreen(page)).toBe('examples/timer');
      for (const attempt of ['Ja', 'Nein'] as const) {
        await page.getByRole('button', { name: 'Bereit' }).click();
        await page.locator('[data-flash="shown"]').waitFor();
        await page.locator('[data-flash="shown"]').waitFor({ state: 'detached' });
        await page.getByRole('button', { name: attempt, exact: true }).click();
        if (attempt === 'Ja') {
          await screenshot(page, 'tr-q09-dialog-wrong');
          await closeDialog(page, 'Die richtige Antwort ist: Nein');
        } else await closeDialog(page, 'Richtig!');
      }

      for (const id of [10, 11]) {
        await waitForNextScreen(page);
        await answerCorrectly(page, byId.get(id)!);
      }
      expect(await waitForNextScreen(page)).toBe('timer-image-question');
      const before = await storedSession(page);
      expect(before?.currentId).toBe(12);
      expect(before?.answers).toHaveLength(11);

      // Reload in the middle of the test: the passphrase again, then the same question, answers intact.
      await reloadAndUnlock(page);
      await waitForScreen(page, 'timer-image-question');
      expect(leavePrompts).toBe(1);
      const after = await storedSession(page);
      expect(after?.currentId).toBe(12);
      expect(after?.answers).toEqual(before?.answers);
      const practice = after?.answers.filter((a) => a.question.level === 0) ?? [];
      expect(practice.map((a) => [a.question.id, a.correct, a.tries])).toEqual([
        [7, true, 2],
        [9, true, 2],
      ]);
      await answerCorrectly(page, byId.get(12)!);
      expect(await waitForNextScreen(page)).toBe('question');
      expect((await storedSession(page))?.currentId).toBe(13);
    });
  });

  it('five fingers: valid twice in another split is right; invalid, or the same split again, is 0', async () => {
    await withBrowser(async (page) => {
      const run = async (first: [string, string], second: [string, string] | null) => {
        await jumpTo(page, baseURL, [21]);
        await waitForScreen(page, 'five-fingers');
        await page.getByLabel('Links').fill(first[0]);
        await page.getByLabel('Rechts').fill(first[1]);
        await page.getByRole('button', { name: 'Antwort', exact: true }).click();
        if (second) {
          await expect.poll(() => page.locator('.question-text').textContent()).not.toBe('');
          expect(await page.getByLabel('Links').inputValue()).toBe('');
          await page.getByLabel('Links').fill(second[0]);
          await page.getByLabel('Rechts').fill(second[1]);
          await page.getByRole('button', { name: 'Antwort', exact: true }).click();
        }
        await waitForScreen(page, 'result');
        const answer = (await storedSession(page))?.answers.at(-1);
        return [answer?.givenAnswer, answer?.correct];
      };
      expect(await run(['2', '3'], ['1', '4'])).toEqual(['5', true]);
      expect(await run(['0', '5'], null)).toEqual(['0', false]);
      expect(await run(['2', '3'], ['2', '3'])).toEqual(['0', false]);
      expect(await run(['2', '3'], ['5', '0'])).toEqual(['0', false]);
      expect(await run(['4', '1'], ['1', '4'])).toEqual(['5', true]);
      // A letter is refused in German, and with a hand empty 'Antwort' stays off: nothing is scored.
      await jumpTo(page, baseURL, [21]);
      await waitForScreen(page, 'five-fingers');
      await page.getByLabel('Links').fill('x');
      await page.getByText('Bitte nur Ziffern eingeben.').waitFor();
      expect(await page.getByLabel('Links').inputValue()).toBe('');
      await page.getByLabel('Links').fill('5');
      expect(await page.getByRole('button', { name: 'Antwort', exact: true }).isDisabled()).toBe(true);
    });
  });

  it('a second tab takes the running test over; the first one stops until asked to continue', async () => {
    await withBrowser(async (first, session) => {
      await login(first, baseURL);
      await enterUserData(first, { name: 'Ayşe', language: 'ar' });
      await tapStart(first);
      await waitForNextScreen(first);
      await answerCorrectly(first, byId.get(1)!);

      const second = await session.context.newPage();
      await second.goto(`${baseURL}/`);
      await waitForScreen(first, 'elsewhere');
      await screenshot(first, 'second-tab-elsewhere');
      // The second tab asks the passphrase (a shared device), then continues the same test at the
      // second question; nothing was answered twice.
      await unlock(second);
      expect(await waitForNextScreen(second)).toBe(SCREEN_BY_TYPE[byId.get(2)!.answerType]);
      await answerCorrectly(second, byId.get(2)!);
      await waitForNextScreen(second);
      const afterSecond = await storedSession(second);
      expect(afterSecond?.answers.map((a) => a.question.id)).toEqual([1, 2]);
      expect(afterSecond?.user.name).toBe('Ayşe');

      await first.bringToFront();
      await first.getByRole('button', { name: 'Hier weitermachen' }).click();
      await waitForScreen(second, 'elsewhere');
      expect(await waitForNextScreen(first)).toBe(SCREEN_BY_TYPE[byId.get(3)!.answerType]);
      expect((await storedSession(first))?.answers.map((a) => a.question.id)).toEqual([1, 2]);
    });
  });

  it('shows the error question for a question that cannot be served', async () => {
    await withBrowser(async (page) => {
      await jumpTo(page, baseURL, [999]);
      await waitForScreen(page, 'question');
      await page.getByText('Es ist ein Fehler aufgetreten').waitFor();
      await page.getByText('Bitte Test neu starten').waitFor();
      await screenshot(page, 'de-error-question');
      await backToStart(page);
      await waitForScreen(page, 'access');
      expect(await storedSession(page)).toBeNull();
    });
  });

  it('fits portrait tablets (768×1024): flowers, dots and the flash', async () => {
    await withBrowser(
      async (page) => {
        for (const [id, name] of [
          [15, 'flowers'],
          [18, 'dots'],
          [22, 'compare'],
          [1, 'count'],
        ] as const) {
          await jumpTo(page, baseURL, [id], 'ar');
          await waitForNextScreen(page);
          expect(await fitsViewport(page), `question ${id} fits portrait`).toBe(true);
          await screenshot(page, `portrait-ar-q${id}-${name}`);
        }
      },
      { viewport: TABLET_PORTRAIT },
    );
  });
});
