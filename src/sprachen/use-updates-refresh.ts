import { contentVersion } from 'virtual:zaehltest-content';
import { useEffect } from 'react';
import { GERMAN } from '../../schemas/test-languages';
import { childLanguages } from '../content/languages';
import { useStore } from '../store';
import { recordingUrls } from './snapshot';
import { refreshUpdates } from './stored-updates';

/**
 * While the child's details are on screen (unlocked, no test running), asks the server for the
 * native review's updates of every home language, at once and whenever the device comes back
 * online (docs/product.md §50). German is the reference; it has no review.
 */
export function useUpdatesRefresh(): void {
  useEffect(() => {
    const refresh = () => {
      // The bytes of a saved session's snapshot stay, should it be resumed.
      const keep = recordingUrls(useStore.getState().updates);
      void refreshUpdates(
        childLanguages.filter((code) => code !== GERMAN),
        contentVersion,
        keep,
      );
    };
    refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, []);
}
