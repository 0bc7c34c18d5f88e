import { useEffect } from 'react';

/**
 * While a test runs, leaving the page (closing the tab, reloading, going back) asks the browser's
 * confirmation first. Nothing is lost either way: the session is persisted.
 */
export function useLeaveConfirmation(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
