import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginBody, Me } from '../../schemas/verwaltung-api';
import { login } from './api';

/**
 * The one login of /auswertung and /verwaltung (docs/product.md §47): an account's name and
 * password, and below it, folded away, the operator's way in with EXPORT_TOKEN. The server's
 * refusals (wrong password, a deactivated account, too many tries with the wait) are shown as
 * they come.
 */
export function LoginForm({ notice, onLoggedIn }: { notice: string; onLoggedIn(me: Me): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState('');

  async function submit(event: FormEvent, body: LoginBody) {
    event.preventDefault();
    if (working) return;
    setWorking(true);
    setError('');
    try {
      onLoggedIn(await login(body));
    } catch (failure) {
      setError(
        failure instanceof TypeError
          ? t('auswertung.login.offline')
          : t('auswertung.login.failed', { message: (failure as Error).message }),
      );
      setWorking(false);
    }
  }

  return (
    <section className="auswertung-card auswertung-login" aria-labelledby="login-heading">
      <h2 id="login-heading">{t('auswertung.login.heading')}</h2>
      {notice && (
        <p className="auswertung-notice" role="status">
          {notice}
        </p>
      )}
      <p>{t('auswertung.login.intro')}</p>
      <form className="auswertung-login-form" onSubmit={(event) => void submit(event, { name, password })}>
        <label htmlFor="login-name">{t('auswertung.login.name')}</label>
        <input
          id="login-name"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <label htmlFor="login-password">{t('auswertung.login.password')}</label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="auswertung-button" disabled={working}>
          {working ? t('auswertung.login.working') : t('auswertung.login.submit')}
        </button>
      </form>
      {error && (
        <p role="alert" className="auswertung-error">
          {error}
        </p>
      )}
      <details className="auswertung-login-key">
        <summary>{t('auswertung.login.keyToggle')}</summary>
        <p className="auswertung-hint">{t('auswertung.login.keyIntro')}</p>
        <form className="auswertung-login-form" onSubmit={(event) => void submit(event, { token })}>
          <label htmlFor="login-token">{t('auswertung.login.token')}</label>
          <input
            id="login-token"
            name="token"
            type="password"
            autoComplete="off"
            required
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
          <button type="submit" className="auswertung-button auswertung-button--quiet" disabled={working}>
            {t('auswertung.login.keySubmit')}
          </button>
        </form>
      </details>
    </section>
  );
}
