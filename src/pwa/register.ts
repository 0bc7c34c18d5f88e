/**
 * Service worker registration and the rule for taking a new version: a new version waits and is
 * only activated while the access screen is shown, so a running test never reloads.
 *
 * The worker (and the result outbox) start as soon as the app has loaded, whatever screen a reload
 * resumes on, so that a new version found mid-test is known when the access screen comes back. The
 * access screen reports itself with `showAccessScreen()`. A new version that was already waiting
 * when the access screen appears (a test has just ended) is taken at once; one that arrives while
 * the access screen is open is offered to the operator (`applyUpdate`).
 *
 * This uses the plain Service Worker API instead of `virtual:pwa-register`, so that the access
 * screen's component tests (which run without the PWA plugin) can import it.
 */

/** Set by scripts/pwa/plugin.ts: true in `vite build` output; absent under Vitest. */
declare const __SERVICE_WORKER__: boolean | undefined;
const BUILT = typeof __SERVICE_WORKER__ !== 'undefined' && __SERVICE_WORKER__;

/** Must match the `filename` of the service worker in scripts/pwa/plugin.ts. */
const SERVICE_WORKER_FILE = 'sw.js';

let started = false;
let registration: ServiceWorkerRegistration | undefined;
let updateWaiting = false;
let accessScreenShown = false;
/** A new version took control while a test was running (e.g. activated from another tab). */
let reloadPending = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean): void {
  if (updateWaiting === value) return;
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/** A version counts as waiting only when an older one controls the page (not on first install). */
function watchForWaiting(swRegistration: ServiceWorkerRegistration): void {
  if (swRegistration.waiting && navigator.serviceWorker.controller) setUpdateWaiting(true);
  swRegistration.addEventListener('updatefound', () => {
    const installing = swRegistration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setUpdateWaiting(true);
    });
  });
}

/** Registers the service worker once per page (built app only, where the worker exists). */
function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    // The first install claims the page (nothing to reload); later changes are a new version.
    if (controlled) {
      if (accessScreenShown) window.location.reload();
      else reloadPending = true;
    }
    controlled = true;
  });
  const base = import.meta.env.BASE_URL;
  container
    .register(`${base}${SERVICE_WORKER_FILE}`, { scope: base })
    .then((swRegistration) => {
      registration = swRegistration;
      watchForWaiting(swRegistration);
    })
    .catch((error: unknown) => console.warn('Service worker not registered', error));
}

/** For `useSyncExternalStore`: whether a new version is installed and waiting. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

/** Activates the waiting version; the page reloads into it once it has taken control. */
export function applyUpdate(): void {
  registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Called when the access screen appears, no test running. Returns the function to call when it
 * goes away.
 */
export function showAccessScreen(): () => void {
  accessScreenShown = true;
  if (reloadPending) {
    window.location.reload();
  } else if (updateWaiting) {
    applyUpdate();
  } else if (registration && navigator.onLine) {
    // The app is a single page that may stay open for days: look for a new version between tests.
    registration.update().catch(() => undefined);
  }
  return () => {
    accessScreenShown = false;
  };
}

/**
 * At every start of the built app: the service worker, and the outbox, so that results finished
 * offline before a restart are sent when the connection returns, not only when the next results
 * page opens.
 */
function startOfflineApp(): void {
  startServiceWorker();
  // A separate chunk (with idb): the first screen does not need it.
  import('../results/outbox')
    .then(({ startOutbox }) => startOutbox())
    .catch((error: unknown) => console.warn('Outbox not started', error));
}

if (BUILT) {
  if (document.readyState === 'complete') startOfflineApp();
  else window.addEventListener('load', startOfflineApp, { once: true });
}
