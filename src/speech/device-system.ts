/** The systems the voice installation guide knows (docs/product.md §14). */
export const DEVICE_SYSTEMS = ['ios', 'android', 'windows', 'macos', 'chromeos'] as const;
export type DeviceSystem = (typeof DEVICE_SYSTEMS)[number];

/** What the browser tells about its system (navigator has it; userAgentData only in Chromium). */
export interface NavigatorInfo {
  userAgent: string;
  maxTouchPoints?: number;
  userAgentData?: { platform?: string } | undefined;
}

/**
 * The system the page runs on, or null when it is none of the guide's (Linux, unknown): the guide
 * then lists every system. An iPad with iPadOS 13+ calls itself 'Macintosh' but has a touch screen.
 */
export function detectSystem(nav: NavigatorInfo): DeviceSystem | null {
  const platform = nav.userAgentData?.platform?.toLowerCase() ?? '';
  const ua = nav.userAgent;
  if (/iphone|ipad|ipod/i.test(ua)) return 'ios';
  if (platform === 'android' || /android/i.test(ua)) return 'android';
  if (platform === 'chrome os' || platform === 'chromeos' || /\bCrOS\b/.test(ua)) return 'chromeos';
  if (platform === 'windows' || /windows/i.test(ua)) return 'windows';
  if (platform === 'macos' || /macintosh|mac os x/i.test(ua)) {
    return (nav.maxTouchPoints ?? 0) > 1 ? 'ios' : 'macos';
  }
  return null;
}

/** The system of this browser, or null outside a browser. */
export function currentSystem(): DeviceSystem | null {
  if (typeof navigator === 'undefined') return null;
  return detectSystem(navigator as Navigator & NavigatorInfo);
}
