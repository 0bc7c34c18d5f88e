import { describe, expect, inject, it } from 'vitest';
import { SCREENSHOTS } from './support/browser.ts';
import { type EnginePage, openPage } from './support/driver/index.ts';
import {
  answerCorrectly,
  enterUserData,
  jumpTo,
  login,
  shot,
  storedSession,
  tapStart,
  waitForNextScreen,
  waitForScreen,
} from './support/engine-flow.ts';
import { firstOfEachAnswerType, loadQuestions } from './support/flow.ts';

/**
 * Touch first: every screen of a test is used on a touch screen with no mouse and no keyboard
 * (Chromium's touch emulation: every action is a tap, text arrives as from an on-screen keyboard),
 * and every control a child or educator taps is large enough for a finger. The screens before the
 * test are tapped through; each answer type is reached by seeding a running test at one question
 * of that type (the whole 23-question run is the subject of tests/flow.test.ts; docs/testing.md).
 */

const baseURL = inject('baseURL');
const questions = loadQuestions();
/** The first question of each answer type, in the test's order: every way of answering, once. */
const ONE_PER_TYPE = firstOfEachAnswerType(questions);
/** Apple's and WCAG 2.5.5's minimum target for a finger, in CSS pixels. */
const MIN_TARGET = 44;

/** Visible buttons, fields and choices smaller than a finger, named for the error message. */
function smallTargets(page: EnginePage): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    for (const el of document.querySelectorAll('button, input, select, label:has(input[type="radio"])')) {
      if (el.matches('label input[type="radio"]')) continue; // the label is the target
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.width < min || r.height < min) {
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
      }
    }
    return small;
  }, MIN_TARGET);
}

/** Collects the too-small targets of each screen it is asked to check. */
function targetCheck(page: EnginePage) {
  const small = new Set<string>();
  return {
    small,
    async check(where: string) {
      for (const target of await smallTargets(page)) small.add(`${where}: ${target}`);
    },
  };
}

async function withTouchPage(run: (page: EnginePage) => Promise<void>): Promise<void> {
  const page = await openPage('chromium', { touch: true });
  try {
    expect(ONE_PER_TYPE.length).toBeGreaterThan(1);
    await run(page);
    expect(await page.errors()).toEqual([]);
  } finally {
    await page.close();
  }
}

describe('touch only', () => {
  it('the access screen, the child details and the start screen are done with taps alone, with finger-sized targets', async () => {
    await withTouchPage(async (page) => {
      await page.goto(`${baseURL}/`);
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      const { small, check } = targetCheck(page);
      await check('access');
      await login(page, baseURL);
      await check('userdata');
      await enterUserData(page, {
        name: 'Ayşe',
        birthdate: '2020-03-14',
        school: 'Grundschule',
        schoolLevel: '1',
        language: 'ar',
      });
      await check('startscreen');
      await tapStart(page);
      const first = questions[0]!;
      const screen = await waitForNextScreen(page);
      await check(`question ${first.id} (${screen})`);
      await answerCorrectly(page, first);
      await waitForNextScreen(page);
      const answers = (await storedSession(page))?.answers ?? [];
      expect(answers).toHaveLength(1);
      expect(answers[0]?.correct).toBe(true);
      expect(answers[0]?.question.id).toBe(first.id);
      expect([...small]).toEqual([]);
    });
  });

  it('every answer type is answered with taps alone, to the results page, with finger-sized targets', async () => {
    await withTouchPage(async (page) => {
      const { small, check } = targetCheck(page);
      await jumpTo(
        page,
        baseURL,
        ONE_PER_TYPE.map((q) => q.id),
        'ar',
      );
      for (const q of ONE_PER_TYPE) {
        const screen = await waitForNextScreen(page);
        await check(`question ${q.id} ${q.answerType} (${screen})`);
        await answerCorrectly(
          page,
          q,
          SCREENSHOTS && q.answerType === 'FiveFingers' ? 'touch-q21' : undefined,
        );
      }
      await waitForScreen(page, 'result', 15_000);
      await check('result');
      if (SCREENSHOTS) await shot(page, 'touch-result');
      const answers = (await storedSession(page))?.answers ?? [];
      expect(answers.map((a) => a.question.answerType)).toEqual(ONE_PER_TYPE.map((q) => q.answerType));
      expect(answers.every((a) => a.correct)).toBe(true);
      expect([...small]).toEqual([]);
    });
  });
});
