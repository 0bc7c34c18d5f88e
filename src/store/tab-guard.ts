import { makeUuid } from './uuid';

export const ACTIVE_TAB_KEY = 'zaehltest-active-tab';

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * One session per device, one tab that runs it. Two tabs of the app share localStorage, and two
 * tabs running the same test would each serve, time and record questions, skipping some and
 * overwriting each other's answers. So the tab opened (or taken over) last is the active one; it
 * writes its claim under `ACTIVE_TAB_KEY`, and every other tab becomes passive: it shows a notice
 * instead of the test and never writes the session. 'Hier weitermachen' takes the test over.
 *
 * A claim is `<order>:<id>`, its order above every claim made before it on the device. Only a newer
 * claim than its own makes a tab passive: the browser may deliver the storage event of a write
 * late, after the tab has loaded the next page (Chromium did so under load at a reload), and the page
 * before's own claim must not stop the page that replaced it.
 */
export interface TabGuard {
  /** Makes this tab the one that runs the session. */
  claim(): void;
  isPassive(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createTabGuard(storage: () => Storage, target: Target | undefined): TabGuard {
  const id = makeUuid();
  /** This tab's latest claim's order; 0 before it has claimed. */
  let order = 0;
  let passive = false;
  const listeners = new Set<() => void>();
  const setPassive = (value: boolean) => {
    if (passive === value) return;
    passive = value;
    for (const listener of listeners) listener();
  };
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key !== ACTIVE_TAB_KEY || newValue === null) return;
    const claim = readClaim(newValue);
    if (claim.id === id) return;
    if (claim.order > order || (claim.order === order && claim.id > id)) setPassive(true);
  };
  target?.addEventListener('storage', onStorage);
  return {
    claim() {
      try {
        const stored = storage().getItem(ACTIVE_TAB_KEY);
        const before = stored === null ? 0 : readClaim(stored).order;
        // Above the claims before it even when the clock was set back.
        const next = Math.max(Date.now(), Number.isFinite(before) ? before + 1 : 0, order + 1);
        storage().setItem(ACTIVE_TAB_KEY, `${next}:${id}`);
        order = next;
      } catch (error) {
        // Without localStorage there is no shared session either, so nothing to guard.
        console.error('Tab guard: could not claim the session', error);
      }
      setPassive(false);
    },
    isPassive: () => passive,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A stored claim. A tab of an app version before claims had an order wrote its id alone: it counts as
 * newest, so two tabs of two versions never both run the session (at the update's reload, the late
 * event of the old page's claim can still stop the new page once; 'Hier weitermachen' resumes).
 */
function readClaim(value: string): { order: number; id: string } {
  const match = /^(\d+):(.+)$/.exec(value);
  return match
    ? { order: Number(match[1]), id: match[2] as string }
    : { order: Number.POSITIVE_INFINITY, id: value };
}
