import { useEffect, useSyncExternalStore } from 'react';
import { de } from '../i18n/de';
import { applyUpdate, isUpdateWaiting, showAccessScreen, subscribeUpdate } from './register';
import './update-notice.css';

/**
 * Shown on the access screen only: registers the service worker and tells the operator when a new
 * version is ready. Between tests is the only time the app may reload into a new version.
 */
export function UpdateNotice() {
  const t = de.pwa; // on the first screen, before i18next has loaded (see app/boot.tsx)
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting);
  useEffect(showAccessScreen, []);
  if (!waiting) return null;
  return (
    <div className="update-notice" role="status">
      <p>{t.updateReady}</p>
      <button type="button" className="button" onClick={applyUpdate}>
        {t.updateNow}
      </button>
    </div>
  );
}
