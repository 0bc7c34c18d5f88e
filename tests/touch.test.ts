import { describe, expect, inject, it } from 'vitest';
import { type EnginePage, openPage } from './support/driver/index.ts';
import {
  answerCorrectly,
  enterUserData,
  login,
  shot,
  storedSession,
  tapStart,
  waitForNextScreen,
  waitForScreen,
} from './support/engine-flow.ts';
import { loadQuestions } from './support/flow.ts';

/**
 * Touch first: a whole test done on a touch screen with no mouse and no keyboard (Chromium's touch
 * emulation: every action is a tap, text arrives as from an on-screen keyboard), and every control
 * a child or educator taps is large enough for a finger.
 */

const baseURL = inject('baseURL');
const questions = loadQuestions();
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

describe('touch only', () => {
  it('a whole test is done with taps alone, and every target is finger-sized', async () => {
    const page = await openPage('chromium', { touch: true });
    try {
      await page.goto(`${baseURL}/`);
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      const small = new Set<string>();
      const check = async (where: string) => {
        for (const target of await smallTargets(page)) small.add(`${where}: ${target}`);
      };
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
      for (const q of questions) {
        const screen = await waitForNextScreen(page);
        await check(`question ${q.id} (${screen})`);
        await answerCorrectly(page, q, q.id === 21 ? 'touch-q21' : undefined);
      }
      await waitForScreen(page, 'result', 15_000);
      await check('result');
      await shot(page, 'touch-result');
      const answers = (await storedSession(page))?.answers ?? [];
      expect(answers).toHaveLength(questions.length);
      expect(answers.every((a) => a.correct)).toBe(true);
      expect([...small]).toEqual([]);
      expect(await page.errors()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
