import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anchor, startAnchor } from './jspsych-anchor.ts';

// The flash section's reference must be jsPsych at its best (scripts/bench/README.md): the picture preloaded by
// jsPsych's own preload plugin before 'Bereit', and nothing fetched again between flashes.
describe('the jsPsych anchor of the flash bench', () => {
  let anchor: Anchor;
  beforeAll(async () => {
    anchor = await startAnchor();
  });
  afterAll(() => anchor.close());

  it('preloads the picture with @jspsych/plugin-preload before the Bereit trial', async () => {
    const response = await fetch(anchor.url('dots-3-row.svg', 300));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<script src="/plugin-preload.js"></script>');
    const preload = html.indexOf('type: jsPsychPreload, images: [stimulus]');
    const ready = html.indexOf("choices: ['Bereit']");
    const flash = html.indexOf('type: jsPsychImageKeyboardResponse');
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(ready);
    expect(ready).toBeLessThan(flash);
    expect(html).toContain('const stimulus = "/pictures/dots-3-row.svg";');
    expect(html).toContain('trial_duration: 300,');
    const plugin = await fetch(new URL('/plugin-preload.js', response.url));
    expect(plugin.status).toBe(200);
    expect(await plugin.text()).toContain('jsPsychPreload');
  });

  it('serves the page, scripts, styles and pictures with cache headers', async () => {
    const page = new URL(anchor.url('dots-3-row.svg', 300));
    for (const path of [
      `${page.pathname}${page.search}`,
      '/jspsych.js',
      '/jspsych.css',
      '/plugin-html-button-response.js',
      '/plugin-image-keyboard-response.js',
      '/plugin-preload.js',
      '/pictures/dots-3-row.svg',
    ]) {
      const response = await fetch(new URL(path, page));
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toMatch(/max-age=[1-9]\d*/);
      expect(response.headers.get('cache-control'), path).toContain('immutable');
    }
    const picture = await fetch(new URL('/pictures/dots-3-row.svg', page));
    expect(picture.headers.get('content-type')).toBe('image/svg+xml');
  });
});
