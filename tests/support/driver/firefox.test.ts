import { describe, expect, it } from 'vitest';
import { ABORTED_BY_NAVIGATION } from './firefox.ts';

const cutOff = (text: string) => ABORTED_BY_NAVIGATION.some((pattern) => pattern.test(text));

describe("Firefox's reports of a download a reload cut off", () => {
  it('lets through a font cut off by a reload, with or without the service worker answering it', () => {
    expect(
      cutOff(
        'Error: downloadable font: download failed (font-family: "Noto Sans" style:normal weight:400 stretch:100 src index:0): status=2152398850 source: http://127.0.0.1:42895/assets/noto-sans-latin-400-normal.woff2',
      ),
    ).toBe(true);
    // As a clean-clone run reported it, at the reload after the results page.
    expect(
      cutOff(
        'Error: Failed to load ‘http://127.0.0.1:42895/assets/noto-sans-latin-ext-400-normal-CVf-LbaS.woff2’. A ServiceWorker intercepted the request and encountered an unexpected error.',
      ),
    ).toBe(true);
  });

  it('still reports a chunk the service worker could not answer, and a font that is missing', () => {
    expect(
      cutOff(
        'Error: Failed to load ‘http://127.0.0.1:42895/assets/result-screen-D1x2.js’. A ServiceWorker intercepted the request and encountered an unexpected error.',
      ),
    ).toBe(false);
    expect(
      cutOff(
        'Error: downloadable font: download failed (font-family: "Noto Sans" style:normal weight:400 stretch:100 src index:0): bad URI or cross-site access not allowed source: http://127.0.0.1:42895/assets/missing.woff2',
      ),
    ).toBe(false);
  });
});
