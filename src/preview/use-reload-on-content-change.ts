import { useEffect } from 'react';
import { CONTENT_CHANGED_EVENT } from './dev-protocol';

/**
 * Dev server only: reload (keeping the hash, so the same question) when a pack or picture was
 * saved. A reload also recovers from a pack that was broken, which no module update can.
 */
export function useReloadOnContentChange(): void {
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot) return;
    const reload = () => window.location.reload();
    hot.on(CONTENT_CHANGED_EVENT, reload);
    return () => hot.off(CONTENT_CHANGED_EVENT, reload);
  }, []);
}
