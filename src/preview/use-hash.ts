import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const read = () => window.location.hash;

/** The address's hash, re-rendering on every change (links, back button, the frame's new address). */
export function useHash(): string {
  return useSyncExternalStore(subscribe, read);
}
