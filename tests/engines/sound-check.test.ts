import { describe, expect, inject, it } from 'vitest';
import type { EnginePage } from '../support/driver/index.ts';
import {
  currentScreen,
  enterUserData,
  exists,
  login,
  recordUnderstanding,
  shot,
  textOf,
  waitForNextScreen,
  waitUntil,
} from '../support/engine-flow.ts';
import { ENGINE, openEnginePage } from '../support/engine-test.ts';
import { LANGUAGE_LABELS } from '../support/flow.ts';

/**
 * The ready screen's sound check in every engine (docs/product.md §14): what the engine can speak in
 * Romanian decides whether the educator is guided to install a voice and asked before a silent
 * test, or the test starts at once. Each engine is checked against its own voice list.
 */

const baseURL = inject('baseURL');
const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

async function shotsAtEverySize(page: EnginePage, name: string) {
  for (const size of SIZES) {
    await page.setViewport(size);
    await shot(page, `${name}-${size.width}x${size.height}`);
  }
  await page.setViewport(SIZES[0]!);
}

describe(`the sound check in ${ENGINE}`, () => {
  it('guides and asks before a silent test exactly when the engine cannot speak the language', async () => {
    const page = await openEnginePage();
    await login(page, baseURL);
    await enterUserData(page, { name: 'Mara', language: 'ro' });
    const found = await waitUntil('the sound check', () =>
      page.evaluate(() => {
        const check = document.querySelector('.sound-check[data-unspoken]');
        return check
          ? {
              unspoken: Number(check.getAttribute('data-unspoken')),
              recorded: Number(check.getAttribute('data-recorded')),
            }
          : null;
      }),
    );
    const romanianVoice = await page.evaluate(() =>
      typeof speechSynthesis === 'undefined'
        ? false
        : speechSynthesis.getVoices().some((voice) => /^ro([-_]|$)/i.test(voice.lang)),
    );
    console.info(`${ENGINE}: Romanian voice ${romanianVoice}, ${found.recorded} texts recorded`);
    // Not every text is recorded (none ship): without a Romanian voice some cannot be spoken.
    expect(found.unspoken > 0).toBe(!romanianVoice);

    if (found.unspoken === 0) {
      // The engine speaks Romanian: no guide, 'Start' starts, nothing is marked.
      expect(await exists(page, '.sound-guide')).toBe(false);
      await recordUnderstanding(page);
      await page.click({ role: 'button', name: 'Start' });
      await waitForNextScreen(page);
      expect(await exists(page, '[data-testid="silent-badge"]')).toBe(false);
      return;
    }

    expect(await textOf(page, '.sound-guide-heading')).toBe(
      `Keine Stimme für ${LANGUAGE_LABELS.ro} auf diesem Gerät`,
    );
    expect(await exists(page, '.sound-guide-steps li')).toBe(true);
    await shotsAtEverySize(page, 'sound-check-ro');

    // 'Start' asks; 'Zurück' keeps the ready screen.
    await recordUnderstanding(page);
    await page.click({ role: 'button', name: 'Start' });
    const message = await waitUntil('the question about sound', () =>
      textOf(page, '[role="alertdialog"] .dialog-text'),
    );
    expect(message).toContain(
      `Jemand, der ${LANGUAGE_LABELS.ro} spricht, muss ihm jeden Text auf dem Bildschirm vorlesen`,
    );
    await shot(page, 'sound-check-ro-confirm');
    await page.click({ css: '[role="alertdialog"] button[data-autofocus]' });
    await waitUntil('the dialog to close', async () => !(await exists(page, '[role="alertdialog"]')));
    expect(await currentScreen(page)).toBe('startscreen');

    // 'Ohne Ton testen', confirmed: the test starts, marked in the educator's bar.
    await page.click({ css: '.sound-guide .button-secondary' });
    await page.click({ css: '[role="alertdialog"] .button-primary' });
    await waitForNextScreen(page);
    expect(await textOf(page, '[data-testid="silent-badge"]')).toBe('ohne Ton');
  });
});
