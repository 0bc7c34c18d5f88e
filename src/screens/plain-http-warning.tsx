import { de } from '../i18n/de';

/** True when the page is on plain HTTP from another machine: no service worker, so no offline use. */
export function isPlainHttp(
  location: Pick<Location, 'protocol'> = window.location,
  secure = window.isSecureContext,
) {
  return location.protocol === 'http:' && !secure;
}

/**
 * The access screen's warning that this tablet reaches the app over plain HTTP (docs/deploy.md):
 * browsers run service workers only in a secure context (HTTPS or localhost), so the app would not
 * load without network. Shown before i18next has loaded, so it reads `de` directly.
 */
export function PlainHttpWarning({ plain = isPlainHttp() }: { plain?: boolean }) {
  if (!plain) return null;
  return (
    <p className="panel-text plain-http-warning" role="note" data-testid="plain-http-warning">
      {de.plainHttp.warning}
    </p>
  );
}
