import { describe, expect, it } from 'vitest';
import { OUR_DISABLED_FEATURES, openBrowser, PLAYWRIGHT_DISABLED_FEATURES } from './support/browser.ts';

/** The Chromium every browser test runs in (tests/support/browser.ts, docs/testing.md). */
describe('the test browser', () => {
  it("keeps playwright-core's switched-off features and has no hidden address-bar pages", async () => {
    const session = await openBrowser();
    try {
      await session.page.goto('chrome://version');
      const args = ((await session.page.locator('#command_line').textContent()) ?? '').split(/\s+/);
      const lists = args
        .filter((arg) => arg.startsWith('--disable-features='))
        .map((arg) => arg.slice('--disable-features='.length).split(','));
      // Chromium reads the last list only: it must hold playwright-core's (the first) and ours.
      expect(lists[0]).toEqual(PLAYWRIGHT_DISABLED_FEATURES);
      expect(lists.at(-1)).toEqual([...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES]);
      const cdp = await session.browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets', {});
      expect(targetInfos.filter((t) => t.url.includes('top-chrome'))).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
