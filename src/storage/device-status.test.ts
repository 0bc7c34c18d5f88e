import { describe, expect, it } from 'vitest';
import { BACKUP_DUE_AFTER_MS, backupDue, loadedBackupCovers, needsHomeScreenHint } from './device-status';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-25T10:00:00Z');

describe('the backup reminder on the access screen', () => {
  it('asks for a backup when something older than 7 days is not in one', () => {
    expect(BACKUP_DUE_AFTER_MS).toBe(7 * DAY);
    expect(backupDue([NOW - 8 * DAY], undefined, NOW)).toBe(true);
    expect(backupDue([NOW - 6 * DAY], undefined, NOW)).toBe(false);
    expect(backupDue([], undefined, NOW)).toBe(false);
  });

  it('counts only what came after the last backup', () => {
    const backupAt = new Date(NOW - 7.5 * DAY).toISOString();
    expect(backupDue([NOW - 8 * DAY], backupAt, NOW)).toBe(false);
    expect(backupDue([NOW - 8 * DAY, NOW - 7.2 * DAY], backupAt, NOW)).toBe(true);
  });
});

describe('a loaded backup as the last backup', () => {
  const fileAt = new Date(NOW - 2 * DAY).toISOString();

  it('counts when everything else the device held is in an earlier backup', () => {
    // Nothing else on the device: the file's day is the last backup.
    expect(loadedBackupCovers([], new Set(), undefined, fileAt)).toBe(fileAt);
    // What the device held is in the file too.
    expect(loadedBackupCovers([{ id: 'a', time: NOW - 3 * DAY }], new Set(['a']), undefined, fileAt)).toBe(
      fileAt,
    );
    // Held, not in the file, but in the backup saved earlier: the later of the two counts.
    const earlier = new Date(NOW - 10 * DAY).toISOString();
    expect(loadedBackupCovers([{ id: 'b', time: NOW - 11 * DAY }], new Set(), earlier, fileAt)).toBe(fileAt);
    const later = new Date(NOW - DAY).toISOString();
    expect(loadedBackupCovers([], new Set(), later, fileAt)).toBe(later);
  });

  it('does not count while the device holds something that neither the file nor a backup holds', () => {
    const earlier = new Date(NOW - 10 * DAY).toISOString();
    expect(loadedBackupCovers([{ id: 'c', time: NOW - 9 * DAY }], new Set(['a']), earlier, fileAt)).toBe(
      undefined,
    );
    expect(loadedBackupCovers([{ id: 'c', time: NOW - 9 * DAY }], new Set(), undefined, fileAt)).toBe(
      undefined,
    );
    expect(loadedBackupCovers([], new Set(), undefined, 'no time')).toBe(undefined);
  });
});

describe('the home-screen hint', () => {
  const nav = (userAgent: string, maxTouchPoints = 0, standalone?: boolean) =>
    ({ userAgent, maxTouchPoints, standalone }) as unknown as Navigator;
  const IPAD =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

  it('shows on iPad (which reports a Mac with touch) and iPhone Safari, not once installed', () => {
    expect(needsHomeScreenHint(nav(IPAD, 5))).toBe(true);
    expect(needsHomeScreenHint(nav(IPHONE, 5))).toBe(true);
    expect(needsHomeScreenHint(nav(IPHONE, 5, true))).toBe(false);
  });

  it('does not show on a Mac, Android or Windows', () => {
    expect(needsHomeScreenHint(nav(IPAD, 0))).toBe(false);
    expect(
      needsHomeScreenHint(nav('Mozilla/5.0 (Linux; Android 14; SM-X200) Chrome/131.0 Safari/537.36', 5)),
    ).toBe(false);
    expect(needsHomeScreenHint(nav('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', 10))).toBe(
      false,
    );
  });
});
