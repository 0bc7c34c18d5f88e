import { makeUuid } from './uuid';

export const ACTIVE_TAB_KEY = 'zaehltest-active-tab';

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * One session per device, one tab that runs it. Two tabs of the app share localStorage, and two
 * tabs running the same test would each serve, time and record questions, skipping some and
 * overwriting each other's answers. So the tab opened (or taken over) last is the active one; it
 * writes its id under `ACTIVE_TAB_KEY`, and every other tab becomes passive: it shows a notice
 * instead of the test and never writes the session. 'Hier weitermachen' takes the test over.
 */
export interface TabGuard {
  /** Makes this tab the one that runs the session. */
  claim(): void;
  isPassive(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createTabGuard(storage: () => Storage, target: Target | undefined): TabGuard {
  const id = makeUuid();
  let passive = false;
  const listeners = new Set<() => void>();
  const setPassive = (value: boolean) => {
    if (passive === value) return;
    passive = value;
    for (const listener of listeners) listener();
  };
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key === ACTIVE_TAB_KEY && newValue !== null && newValue !== id) setPassive(true);
  };
  target?.addEventListener('storage', onStorage);
  return {
    claim() {
      try {
        storage().setItem(ACTIVE_TAB_KEY, id);
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
