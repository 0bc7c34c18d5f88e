import { type FormEvent, useEffect, useId, useState } from 'react';
import { de } from '../i18n/de';
import { UpdateNotice } from '../pwa/update-notice';
import { prepareSound } from '../speech/prepare-sound';
import { isPassphrase, loadPasswordCheck } from './password-check';
import { PlainHttpWarning } from './plain-http-warning';

/**
 * docs/product.md §3: the password gate (against children wandering off, not security). It is the
 * first screen, so it reads its strings from the German resource directly and gets the store's
 * action as a prop: it is on screen before i18next and the store have loaded (see app/boot.tsx).
 * `resuming`: a test (or its results) is stored on the device and shows after the passphrase;
 * `finished`: it is a finished test, so its results open. `cancelled`: the last test was cancelled.
 */
export function AccessScreen({
  onGranted,
  resuming = false,
  finished = false,
  cancelled = false,
}: {
  onGranted: () => void;
  resuming?: boolean;
  finished?: boolean;
  cancelled?: boolean;
}) {
  const t = de.access;
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);
  const id = useId();
  useEffect(() => {
    loadPasswordCheck().catch((error: unknown) => console.warn('Password check not loaded yet', error));
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    prepareSound(); // this tap, not a flash's 'Bereit', starts the sound after a reload
    if (await isPassphrase(password)) onGranted();
    else setWrong(true);
  };
  return (
    <form className="panel access" onSubmit={submit}>
      {/* Every screen has a level-one heading (axe page-has-heading-one); this one only for screen readers. */}
      <h1 className="visually-hidden">{de.common.appName}</h1>
      {resuming && <p className="panel-text access-resume">{finished ? t.resumeFinished : t.resume}</p>}
      {cancelled && (
        <p className="panel-text access-cancelled" role="status">
          {de.cancel.cancelled}
        </p>
      )}
      <label htmlFor={id} className="field-label">
        {t.label}
      </label>
      <input
        id={id}
        type="password"
        className="text-input"
        autoComplete="current-password"
        value={password}
        // biome-ignore lint/a11y/noAutofocus: the password is the only thing to do on this screen
        autoFocus
        onChange={(e) => {
          setPassword(e.target.value);
          setWrong(false);
        }}
      />
      <button type="submit" className="button button-primary">
        {t.submit}
      </button>
      {wrong && (
        <p className="wrong-password" role="alert">
          {t.wrongPassword}
        </p>
      )}
      <UpdateNotice />
      <PlainHttpWarning />
    </form>
  );
}
