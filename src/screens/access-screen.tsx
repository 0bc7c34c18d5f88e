import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateNotice } from '../pwa/update-notice';
import { useStore } from '../store';

/** Starts loading with the screen, so it is there by the time the passphrase is typed. */
const passwordCheck = import('./access-password');

/** SPEC screen 1: the password gate (against children wandering off, not security). */
export function AccessScreen() {
  const { t } = useTranslation();
  const grantAccess = useStore((s) => s.grantAccess);
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { isAccessPassword } = await passwordCheck;
    if (isAccessPassword(password)) grantAccess();
    else setWrong(true);
  };
  return (
    <form className="panel access" onSubmit={submit}>
      {/* Every screen has a level-one heading (axe page-has-heading-one); this one only for screen readers. */}
      <h1 className="visually-hidden">{t('common.appName')}</h1>
      <label htmlFor={id} className="field-label">
        {t('access.label')}
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
        {t('access.submit')}
      </button>
      {wrong && (
        <p className="wrong-password" role="alert">
          {t('access.wrongPassword')}
        </p>
      )}
      <UpdateNotice />
    </form>
  );
}
