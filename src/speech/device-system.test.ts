import { describe, expect, it } from 'vitest';
import { detectSystem } from './device-system';

describe('detectSystem', () => {
  it('names the systems of the voice guide from the browser’s user agent', () => {
    const ua = {
      iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      android: 'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
      windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
      mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      chromebook: 'Mozilla/5.0 (X11; CrOS x86_64 15633.69.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
      linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    };
    expect(detectSystem({ userAgent: ua.iphone })).toBe('ios');
    expect(detectSystem({ userAgent: ua.android })).toBe('android');
    expect(detectSystem({ userAgent: ua.windows })).toBe('windows');
    expect(detectSystem({ userAgent: ua.mac, maxTouchPoints: 0 })).toBe('macos');
    expect(detectSystem({ userAgent: ua.chromebook })).toBe('chromeos');
    // None of the guide's systems: the guide lists them all.
    expect(detectSystem({ userAgent: ua.linux })).toBeNull();
  });

  it('tells an iPad, which calls itself a Mac, by its touch screen', () => {
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
    expect(detectSystem({ userAgent: ipad, maxTouchPoints: 5 })).toBe('ios');
  });

  it('believes the client hints where Chromium gives them', () => {
    const reduced = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
    expect(detectSystem({ userAgent: reduced, userAgentData: { platform: 'Chrome OS' } })).toBe('chromeos');
    expect(detectSystem({ userAgent: reduced, userAgentData: { platform: 'Android' } })).toBe('android');
    expect(detectSystem({ userAgent: reduced, userAgentData: { platform: 'Windows' } })).toBe('windows');
    expect(detectSystem({ userAgent: reduced, userAgentData: { platform: 'macOS' } })).toBe('macos');
  });
});
