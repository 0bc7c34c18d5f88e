import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_TAB_KEY, createTabGuard } from './tab-guard';

/** One device's localStorage, its values only (the guard reads and writes one key). */
function deviceStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  } as Storage;
}

/** A tab: its window's events, and its guard on the device's storage. */
function openTab(storage: Storage) {
  const window = new EventTarget();
  const guard = createTabGuard(() => storage, window as unknown as Window);
  /** Delivers a storage event for the claim key, as the browser does for another page's write. */
  const hear = (newValue: string | null) =>
    window.dispatchEvent(Object.assign(new Event('storage'), { key: ACTIVE_TAB_KEY, newValue }));
  return { guard, hear };
}

afterEach(() => vi.restoreAllMocks());

describe('the tab guard', () => {
  it("stays active when the event of the claim before its own arrives late (the page before a reload's)", () => {
    const storage = deviceStorage();
    const before = openTab(storage);
    before.guard.claim();
    const earlierClaim = storage.getItem(ACTIVE_TAB_KEY) as string;
    // The reload: a new page in the same tab claims, and only then hears the page before's write.
    const reloaded = openTab(storage);
    reloaded.guard.claim();
    reloaded.hear(earlierClaim);
    expect(reloaded.guard.isPassive()).toBe(false);
  });

  it('stops for a claim made after its own, and runs again when it claims once more', () => {
    const storage = deviceStorage();
    const first = openTab(storage);
    first.guard.claim();
    const second = openTab(storage);
    second.guard.claim();
    const secondClaim = storage.getItem(ACTIVE_TAB_KEY) as string;
    first.hear(secondClaim);
    expect([first.guard.isPassive(), second.guard.isPassive()]).toEqual([true, false]);

    first.guard.claim(); // 'Hier weitermachen'
    second.hear(storage.getItem(ACTIVE_TAB_KEY));
    expect([first.guard.isPassive(), second.guard.isPassive()]).toEqual([false, true]);
    // The event of the second tab's old claim, heard late, changes nothing.
    first.hear(secondClaim);
    expect(first.guard.isPassive()).toBe(false);
  });

  it('of three tabs opened one after another, runs the last one only, whatever order the events arrive in', () => {
    const storage = deviceStorage();
    const tabs = [openTab(storage), openTab(storage), openTab(storage)];
    const claims = tabs.map(({ guard }) => {
      guard.claim();
      return storage.getItem(ACTIVE_TAB_KEY);
    });
    // Every tab hears the other tabs' claims, the newest first.
    tabs.forEach((tab, index) => {
      for (const claim of claims.filter((_, other) => other !== index).reverse()) tab.hear(claim);
    });
    expect(tabs.map(({ guard }) => guard.isPassive())).toEqual([true, true, false]);
  });

  it('leaves exactly one of two tabs running that claim in the same millisecond before hearing each other', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    // Each writes before the other's write has reached it: a storage each, one event each way.
    const [oneStorage, twoStorage] = [deviceStorage(), deviceStorage()];
    const [one, two] = [openTab(oneStorage), openTab(twoStorage)];
    one.guard.claim();
    two.guard.claim();
    one.hear(twoStorage.getItem(ACTIVE_TAB_KEY));
    two.hear(oneStorage.getItem(ACTIVE_TAB_KEY));
    expect([one.guard.isPassive(), two.guard.isPassive()].filter(Boolean)).toHaveLength(1);
  });

  it('claims above a stored claim even when the clock now reads earlier', () => {
    const storage = deviceStorage();
    const later = Date.now() + 3_600_000;
    storage.setItem(ACTIVE_TAB_KEY, `${later}:a-tab-before-the-clock-was-set-back`);
    const tab = openTab(storage);
    tab.guard.claim();
    expect(storage.getItem(ACTIVE_TAB_KEY)).toMatch(new RegExp(`^${later + 1}:`));
    tab.hear(`${later}:a-tab-before-the-clock-was-set-back`);
    expect(tab.guard.isPassive()).toBe(false);
  });

  it("stops for the claim of an older version's tab, which wrote its id alone", () => {
    const tab = openTab(deviceStorage());
    tab.guard.claim();
    tab.hear('0b7c4e1a-the-other-tab');
    expect(tab.guard.isPassive()).toBe(true);
  });

  it('ignores the removal of the claim and the writes of other keys', () => {
    const storage = deviceStorage();
    const window = new EventTarget();
    const guard = createTabGuard(() => storage, window as unknown as Window);
    guard.claim();
    window.dispatchEvent(Object.assign(new Event('storage'), { key: ACTIVE_TAB_KEY, newValue: null }));
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'zaehltest-session', newValue: 'x' }));
    expect(guard.isPassive()).toBe(false);
  });
});
