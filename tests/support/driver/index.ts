import { openChromium } from './chromium.ts';
import { openFirefox } from './firefox.ts';
import type { Engine, EnginePage, OpenOptions } from './types.ts';
import { openWebKit } from './webkit.ts';

export { ENGINES, type Engine, type EnginePage, type Target, type Viewport } from './types.ts';

/** Opens a fresh browser of `engine` (own profile: empty storage, no service worker) with one page. */
export function openPage(engine: Engine, options: OpenOptions = {}): Promise<EnginePage> {
  switch (engine) {
    case 'chromium':
      return openChromium(options);
    case 'webkit':
      return openWebKit(options);
    case 'firefox':
      return openFirefox(options);
  }
}
