import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasSession, login, logout } from './api';
import { Dashboard } from './dashboard';

type State = 'checking' | 'login' | 'dashboard' | { failed: string };

/** /auswertung: the login form, or the statistics once a session cookie exists. */
export function AuswertungPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('checking');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    document.title = t('auswertung.title');
    hasSession()
      .then((ok) => setState(ok ? 'dashboard' : 'login'))
      .catch((error: Error) => setState({ failed: error.message }));
  }, [t]);

  const sessionEnded = () => {
    setNotice(t('auswertung.sessionEnded'));
    setState('login');
  };

  return (
    <div className="auswertung">
      <header className="auswertung-header">
        <h1>{t('auswertung.title')}</h1>
        {state === 'dashboard' && (
          <div className="auswertung-header-actions">
            <button
              type="button"
              className="auswertung-button auswertung-button--quiet"
              onClick={() => window.print()}
            >
              {t('auswertung.print')}
            </button>
            <button
              type="button"
              className="auswertung-button auswertung-button--quiet"
              onClick={() => {
                void logout()
                  .catch(() => {})
                  .finally(() => {
                    setNotice('');
                    setState('login');
                  });
              }}
            >
              {t('auswertung.logout')}
            </button>
          </div>
        )}
      </header>
      <main className="auswertung-main">
        {state === 'checking' && <p role="status">{t('auswertung.loading')}</p>}
        {typeof state === 'object' && (
          <p role="alert" className="auswertung-error">
            {t('auswertung.loadFailed', { message: state.failed })}
          </p>
        )}
        {state === 'login' && (
          <LoginForm
            notice={notice}
            onLoggedIn={() => {
              setNotice('');
              setState('dashboard');
            }}
          />
        )}
        {state === 'dashboard' && <Dashboard onSessionEnded={sessionEnded} />}
      </main>
    </div>
  );
}

function LoginForm({ notice, onLoggedIn }: { notice: string; onLoggedIn(): void }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working || !token) return;
    setWorking(true);
    setError('');
    try {
      await login(token);
      onLoggedIn();
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
      <form onSubmit={submit}>
        <label htmlFor="token">{t('auswertung.login.token')}</label>
        <input
          id="token"
          name="token"
          type="password"
          autoComplete="current-password"
          required
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <button type="submit" className="auswertung-button" disabled={working}>
          {working ? t('auswertung.login.working') : t('auswertung.login.submit')}
        </button>
        {error && (
          <p role="alert" className="auswertung-error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
