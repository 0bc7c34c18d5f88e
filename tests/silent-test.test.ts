import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';
import {
  answerCorrectly,
  answerQuestion,
  enterUserData,
  firstOfEachAnswerType,
  jumpTo,
  LANGUAGE_LABELS,
  type Lang,
  loadQuestions,
  login,
  recordUnderstanding,
  storedSession,
  waitForNextScreen,
  waitForScreen,
  watchScreens,
} from './support/flow.ts';
import { finishedSession, openSeeded } from './support/seed.ts';
import { speechLog, stubSpeechSynthesis, waitUntilSpoken } from './support/speech-stub.ts';

/**
 * No silent test by accident (docs/product.md §14): without a voice or recordings for the child's
 * language the start screen explains how to install one and 'Start' asks before testing without
 * sound; the educator's bar says 'ohne Ton' throughout; the results page and the PDF say so first.
 * No recordings ship, so a device without a voice of the language hears nothing.
 */

const baseURL = inject('baseURL');
const questions = loadQuestions();
const byId = new Map(questions.map((q) => [q.id, q]));
/** The first question of each answer type, in test order. */
const ONE_PER_ANSWER_TYPE = firstOfEachAnswerType(questions).map((q) => q.id);
const PHONE = { width: 390, height: 844 } as const;
const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
/** A voice of another language only: the test language has none. */
const GERMAN_ONLY = [{ lang: 'de-DE', name: 'Anna' }];

let downloads: string;
beforeAll(async () => {
  downloads = await mkdtemp(join(tmpdir(), 'zaehltest-silent-'));
});
afterAll(async () => {
  await rm(downloads, { recursive: true, force: true });
});

async function shotsAtEverySize(page: Page, name: string) {
  for (const { width, height } of [TABLET_PORTRAIT, PHONE, TABLET]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}x${height}`);
  }
}

/** What navigator.userAgent says from now on (the guide reads the system from it). */
async function pretendToBe(page: Page, userAgent: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', { userAgent });
}

const guide = (page: Page) => page.getByRole('region', { name: /^Keine Stimme für/ });
const silentBadge = (page: Page) => page.getByTestId('silent-badge');

async function toStartScreen(page: Page, language: Lang) {
  await login(page, baseURL);
  await enterUserData(page, { name: 'Ohne Ton', birthdate: '2020-04-02', language });
}

describe('a device without a voice for the child’s language', () => {
  it('guides the educator, asks before a silent test, marks it in the bar, the results and the PDF', async () => {
    const session = await openBrowser();
    const errors: string[] = [];
    session.page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await stubSpeechSynthesis(session.context, GERMAN_ONLY);
      const { page } = session;
      await pretendToBe(page, IPAD_UA);
      await toStartScreen(page, 'tr');

      // The guide: what is missing, and the steps for this device's system (an iPad here).
      await guide(page).waitFor();
      expect(await guide(page).textContent()).toContain(
        `Für ${LANGUAGE_LABELS.tr} gibt es auf diesem Gerät weder Aufnahmen noch eine Stimme.`,
      );
      const steps = guide(page).locator('ol[data-system="ios"]').first();
      expect(await steps.textContent()).toContain(
        'Bedienungshilfen → Gesprochene Inhalte → auf „Stimmen“ tippen',
      );
      expect(await steps.textContent()).toContain('„Türkisch“ wählen');
      // The other systems are one tap away, not in the way.
      expect(await guide(page).locator('details ol[data-system="windows"]').first().isVisible()).toBe(false);
      await page.getByText('Anleitung für andere Geräte').click();
      expect(await guide(page).locator('details ol[data-system="windows"]').first().isVisible()).toBe(true);
      await shotsAtEverySize(page, 'silent-start-tr');

      // 'Start' does not start a silent test: it asks, and 'Zurück' stays.
      await recordUnderstanding(page);
      await page.getByRole('button', { name: 'Start' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Ohne Ton testen?' });
      await ask.waitFor();
      expect(await ask.textContent()).toContain(
        `Jemand, der ${LANGUAGE_LABELS.tr} spricht, muss ihm jeden Text auf dem Bildschirm vorlesen`,
      );
      await screenshot(page, 'silent-confirm-tr');
      await ask.getByRole('button', { name: 'Zurück' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await page.locator('main').getAttribute('data-screen')).toBe('startscreen');

      // 'Ohne Ton testen' in the guide asks too; confirmed, the test starts.
      await guide(page).getByRole('button', { name: 'Ohne Ton testen' }).click();
      const screensSeen = await watchScreens(page);
      await ask.getByRole('button', { name: 'Ohne Ton testen' }).click();
      expect(await waitForNextScreen(page)).not.toBe('result');
      expect((await screensSeen()).slice(0, 2)).toEqual(['startscreen', 'transition']);
      expect(await silentBadge(page).textContent(), 'question 1').toBe('ohne Ton');
      await screenshot(page, 'silent-question-tr');
      expect((await speechLog(page)).spoken).toEqual([]);

      // One question of every answer type (the whole run is tests/flow.test.ts's): on each the
      // educator sees that the child hears nothing, nothing is spoken, the answer records 'none'.
      const user = (await storedSession(page))!.user;
      await openSeeded(page, baseURL, { screen: 'transition', queue: ONE_PER_ANSWER_TYPE, user });
      for (const id of ONE_PER_ANSWER_TYPE) {
        expect(await waitForNextScreen(page)).not.toBe('result');
        expect(await silentBadge(page).textContent(), `question ${id}`).toBe('ohne Ton');
        await answerCorrectly(page, byId.get(id)!);
      }
      await waitForScreen(page, 'result', 15_000);
      expect((await speechLog(page)).spoken).toEqual([]);
      const answers = (await storedSession(page))?.answers ?? [];
      expect(answers.map((a) => a.question.id)).toEqual(ONE_PER_ANSWER_TYPE);
      expect(answers.map((a) => a.prompt?.source)).toEqual(ONE_PER_ANSWER_TYPE.map(() => 'none'));
      expect(await page.getByTestId('sound-notice').textContent()).toContain(
        `Bei ${ONE_PER_ANSWER_TYPE.length} von ${ONE_PER_ANSWER_TYPE.length} Aufgaben wurde dem Kind nichts vorgelesen.`,
      );

      // A whole silent test, finished: the results say it first; the levels are computed as always
      // (all correct: above level 3).
      await openSeeded(
        page,
        baseURL,
        finishedSession({ user, answer: () => ({ prompt: { source: 'none', replays: 0 } }) }),
      );
      const notice = page.getByTestId('sound-notice');
      expect(await notice.textContent()).toContain(
        'Ohne Ton durchgeführt: Ergebnis nur eingeschränkt aussagekräftig',
      );
      expect(await notice.textContent()).toContain(
        `Bei ${questions.length} von ${questions.length} Aufgaben wurde dem Kind nichts vorgelesen.`,
      );
      const noticeTop = (await notice.boundingBox())!.y;
      const levelsTop = (await page.getByRole('heading', { name: 'Niveaus', exact: true }).boundingBox())!.y;
      expect(noticeTop).toBeLessThan(levelsTop);
      expect(await page.getByTestId('assigned-level').textContent()).toBe('größer 3');
      await shotsAtEverySize(page, 'silent-result-tr');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Als PDF speichern' }).click(),
      ]);
      const pdf = join(downloads, download.suggestedFilename());
      await download.saveAs(pdf);
      const text = execFileSync('pdftotext', ['-l', '1', pdf, '-'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).replace(/\s+/g, ' ');
      expect(text).toContain('Ohne Ton durchgeführt: Ergebnis nur eingeschränkt aussagekräftig');
      expect(text).toContain(`Bei ${questions.length} von ${questions.length} Aufgaben`);
      // The notice comes before the levels table.
      expect(text.indexOf('Ohne Ton durchgeführt')).toBeLessThan(text.indexOf('Niveaus'));
    } finally {
      await session.close();
    }
    expect(errors).toEqual([]);
  });

  it('in Arabic, on Windows: the Windows steps; after a voice is installed, ‘Ton prüfen’ finds it', async () => {
    const session = await openBrowser();
    try {
      await stubSpeechSynthesis(session.context, GERMAN_ONLY);
      const { page } = session;
      await pretendToBe(page, WINDOWS_UA);
      await toStartScreen(page, 'ar');
      await guide(page).waitFor();
      expect(await guide(page).locator('ol[data-system="windows"]').first().textContent()).toContain(
        'Stimmen hinzufügen',
      );
      await shotsAtEverySize(page, 'silent-start-ar');

      // The educator installs an Arabic voice; 'Ton prüfen' looks again and plays the sample.
      await page.evaluate(() => {
        const synthesis = window.speechSynthesis as unknown as { getVoices: () => unknown[] };
        const before = synthesis.getVoices.bind(synthesis);
        synthesis.getVoices = () => [
          ...before(),
          { lang: 'ar-SA', name: 'Maged', localService: true, default: false, voiceURI: 'Maged' },
        ];
      });
      await page.getByRole('button', { name: 'Ton prüfen' }).click();
      await page.getByText('Die Aufgaben werden vorgelesen mit: Gerätestimme.').waitFor();
      expect(await guide(page).count()).toBe(0);
      await waitUntilSpoken(page, ['مرحبًا! هل تسمعني جيدًا؟']);

      // Now 'Start' starts at once, and the bar shows no 'ohne Ton'.
      await recordUnderstanding(page);
      await page.getByRole('button', { name: 'Start' }).click();
      expect(await waitForNextScreen(page)).not.toBe('startscreen');
      expect(await silentBadge(page).count()).toBe(0);
    } finally {
      await session.close();
    }
  });
});

describe('a device with a voice for the child’s language', () => {
  it('shows no guide, starts at once and marks nothing', async () => {
    const session = await openBrowser();
    try {
      await stubSpeechSynthesis(session.context, [{ lang: 'ro-RO', name: 'Ioana' }]);
      const { page } = session;
      await toStartScreen(page, 'ro');
      await page.getByText('Die Aufgaben werden vorgelesen mit: Gerätestimme.').waitFor();
      expect(await guide(page).count()).toBe(0);
      await recordUnderstanding(page);
      await page.getByRole('button', { name: 'Start' }).click();
      await waitForNextScreen(page);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      expect(await silentBadge(page).count()).toBe(0);
    } finally {
      await session.close();
    }
  });
});

describe('practice feedback a child understands without a voice', () => {
  for (const [voices, what] of [
    [GERMAN_ONLY, 'no voice'],
    [[{ lang: 'ar-SA', name: 'Maged' }], 'a voice'],
  ] as const) {
    it(`draws a big ✓ or the right answer beside the German text (${what})`, async () => {
      const session = await openBrowser();
      const errors: string[] = [];
      session.page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await stubSpeechSynthesis(session.context, [...voices]);
        const { page } = session;
        await jumpTo(page, baseURL, [7, 9], 'ar');
        const seen: Record<string, string | null> = {};
        for (const q of questions.filter((question) => question.id === 7 || question.id === 9)) {
          expect(await waitForNextScreen(page)).not.toBe('result');
          await answerQuestion(page, q, {
            wrongFirst: true,
            checkpoint: async (state) => {
              if (!state.startsWith('dialog-')) return;
              const dialog = page.getByRole('alertdialog');
              const picture = dialog.locator('[data-picture]');
              seen[`${q.id}-${state}`] = await picture.getAttribute('data-picture');
              if (state === 'dialog-wrong' && q.id === 7) {
                expect(await picture.locator('.practice-picture-dot').count()).toBe(q.correctAnswer);
              }
              // Beside the German text, not instead of it; large enough to see from a child's seat.
              expect(await dialog.locator('.dialog-message').textContent()).not.toBe('');
              const box = (await picture.boundingBox())!;
              expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(80);
              if (what === 'no voice') {
                for (const size of [TABLET_PORTRAIT, PHONE, TABLET]) {
                  await page.setViewportSize(size);
                  await screenshot(page, `practice-${q.id}-${state}-ar-${size.width}x${size.height}`);
                }
              }
            },
          });
        }
        // Question 7: three dots wrong, then ✓; question 9: the right button is 'Nein'.
        expect(seen).toEqual({
          '7-dialog-wrong': 'dots',
          '7-dialog-right': 'correct',
          '9-dialog-wrong': 'no',
          '9-dialog-right': 'correct',
        });
        if (what === 'a voice') expect((await speechLog(page)).spoken.map((s) => s.text)).toContain('صحيح!');
      } finally {
        await session.close();
      }
      expect(errors).toEqual([]);
    });
  }
});
