import type { Plugin } from 'vite';

/** The fonts the first screen (the access screen, German) paints with. */
export const FIRST_SCREEN_FONTS = /(^|\/)noto-sans-latin-(400|700)-normal-[\w-]+\.woff2$/;

/**
 * Preloads the fonts of the first screen. Declared only in CSS, they are requested once the CSS
 * and the JS have run and the first text is laid out: one more round trip before the first paint
 * on a slow connection (npm run bench: Lighthouse). The Arabic fonts are not preloaded; only Arabic
 * task texts use them.
 */
export function fontPreloadPlugin(fonts: RegExp = FIRST_SCREEN_FONTS): Plugin {
  let base = '/';
  return {
    name: 'zaehltest-font-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return Object.keys(context.bundle)
          .filter((fileName) => fonts.test(fileName))
          .sort()
          .map((fileName) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `${base}${fileName}`,
              crossorigin: '',
            },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
