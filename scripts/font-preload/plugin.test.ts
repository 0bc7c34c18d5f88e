import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { fontPreloadPlugin } from './plugin.ts';

describe('fontPreloadPlugin', () => {
  it('preloads the Latin 400 and 700 fonts of the built bundle, and nothing else', () => {
    const plugin = fontPreloadPlugin();
    (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
    const bundle = Object.fromEntries(
      [
        'assets/noto-sans-latin-400-normal-BTkUljjl.woff2',
        'assets/noto-sans-latin-700-normal-CrvTEWhy.woff2',
        'assets/noto-sans-latin-400-normal-Ab12.woff',
        'assets/noto-sans-arabic-arabic-400-normal-Cx9.woff2',
        'assets/noto-sans-latin-ext-400-normal-Dq1.woff2',
        'assets/main-D5_ZYz5h.js',
      ].map((fileName) => [fileName, {}]),
    );
    const { handler } = plugin.transformIndexHtml as {
      handler: (html: string, context: Partial<IndexHtmlTransformContext>) => unknown;
    };
    expect(handler('', { bundle: bundle as never })).toEqual(
      ['400-normal-BTkUljjl', '700-normal-CrvTEWhy'].map((name) => ({
        tag: 'link',
        attrs: {
          rel: 'preload',
          as: 'font',
          type: 'font/woff2',
          href: `/assets/noto-sans-latin-${name}.woff2`,
          crossorigin: '',
        },
        injectTo: 'head',
      })),
    );
    expect(handler('', {})).toEqual([]);
  });
});
