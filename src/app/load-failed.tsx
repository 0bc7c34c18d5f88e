import { de } from '../i18n/de';

/**
 * A part of the app could not be loaded (e.g. offline before the app was ever cached). Reloading
 * keeps the session. German strings read directly: this may show before i18next has loaded.
 */
export function LoadFailed() {
  return (
    <div className="panel" role="alert">
      <h1 className="panel-title">{de.error.title}</h1>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {de.error.reload}
      </button>
    </div>
  );
}
