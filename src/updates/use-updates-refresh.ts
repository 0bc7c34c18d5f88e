import { contentVersion } from 'virtual:zaehltest-content';
import { useEffect, useState } from 'react';
import { GERMAN } from '../../schemas/test-languages';
import { childLanguages } from '../content/languages';
import { useStore } from '../store';
import { recordingUrls } from './snapshot';
import { refreshUpdates } from './stored-updates';

/**
 * While the child's details are on screen (unlocked, no test running), asks the server for the
 * native review's updates of every home language, at once and whenever the device comes back
 * online (docs/product.md §50). German is the reference; it has no review. The screen renders again
 * after each refresh: a language the server now counts as confirmed loses its '(Entwurf)'.
 */
export function useUpdatesRefresh(): void {
  const [, setRefreshed] = useState(0);
  useEffect(() => {
    const refresh = () => {
      // The bytes of a saved session's snapshot stay, should it be resumed.
      const keep = recordingUrls(useStore.getState().updates);
      void refreshUpdates(
        childLanguages.filter((code) => code !== GERMAN),
        contentVersion,
        keep,
      ).then(() => setRefreshed((count) => count + 1));
    };
    refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, []);
}
