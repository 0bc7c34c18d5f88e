import { Fragment, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Me, ROLE_LABELS } from '../../schemas/verwaltung-api';
import { languageName } from '../content/languages';
import { loadMe, logout } from './api';
import { LoginForm } from './login-form';
import { PasswordForm } from './password-form';

/**
 * How often an open page asks whether its session still holds (docs/product.md §47): a disabled
 * account, a changed password or role, or a changed EXPORT_TOKEN ends it, and the page must notice
 * within 30 s even when nobody touches it. It asks again whenever the page comes back into view.
 */
export const SESSION_CHECK_MS = 15_000;

type State =
  | { kind: 'checking' }
  | { kind: 'login' }
  | { kind: 'in'; me: Me }
  | { kind: 'failed'; message: string };

/**
 * The frame of /auswertung and /verwaltung: the shared login, the new password after a one-time
 * one, then the page (`children`) with who is signed in, the link to the other page and 'Abmelden'
 * in the header. Every 401 of the page (`sessionEnded`) and a session found ended by the regular
 * check return it to the login with one notice.
 */
export function SignedInPage({
  page,
  actions,
  children,
}: {
  page: 'auswertung' | 'verwaltung' | 'sprachen';
  /** Buttons of the page beside 'Abmelden' (e.g. 'Drucken'). */
  actions?: ReactNode;
  children(me: Me, sessionEnded: () => void): ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [notice, setNotice] = useState('');
  const title = t(`${page}.title`);

  const sessionEnded = useCallback(() => {
    setNotice(t('auswertung.sessionEnded'));
    setState({ kind: 'login' });
  }, [t]);

  useEffect(() => {
    document.title = title;
    loadMe()
      .then((me) => setState(me ? { kind: 'in', me } : { kind: 'login' }))
      .catch((error: Error) => setState({ kind: 'failed', message: error.message }));
  }, [title]);

  const signedIn = state.kind === 'in';
  useEffect(() => {
    if (!signedIn) return;
    // A failed check (offline, a restart) says nothing about the session: only a 401 ends it.
    const check = () => {
      loadMe()
        .then((me) => {
          if (!me) sessionEnded();
        })
        .catch(() => {});
    };
    const whenVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = window.setInterval(check, SESSION_CHECK_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [signedIn, sessionEnded]);

  const me = state.kind === 'in' ? state.me : undefined;
  return (
    <div className="auswertung">
      <header className="auswertung-header">
        <h1>{title}</h1>
        {me && (
          <div className="auswertung-header-actions">
            <WhoIsSignedIn me={me} />
            {!me.mustChangePassword && <OtherPageLink page={page} me={me} />}
            {!me.mustChangePassword && actions}
            <button
              type="button"
              className="auswertung-button auswertung-button--quiet"
              onClick={() => {
                void logout()
                  .catch(() => {})
                  .finally(() => {
                    setNotice('');
                    setState({ kind: 'login' });
                  });
              }}
            >
              {t('auswertung.logout')}
            </button>
          </div>
        )}
      </header>
      <main className="auswertung-main">
        {state.kind === 'checking' && <p role="status">{t('auswertung.loading')}</p>}
        {state.kind === 'failed' && (
          <p role="alert" className="auswertung-error">
            {t('auswertung.loadFailed', { message: state.message })}
          </p>
        )}
        {state.kind === 'login' && (
          <LoginForm
            notice={notice}
            onLoggedIn={(signedInAs) => {
              setNotice('');
              setState({ kind: 'in', me: signedInAs });
            }}
          />
        )}
        {me?.mustChangePassword && (
          <section className="auswertung-card auswertung-narrow" aria-labelledby="first-password-heading">
            <h2 id="first-password-heading">{t('auswertung.firstPassword.heading')}</h2>
            <p>{t('auswertung.firstPassword.intro')}</p>
            <PasswordForm
              currentLabel={t('auswertung.firstPassword.current')}
              onSessionEnded={sessionEnded}
              onChanged={() => setState({ kind: 'in', me: { ...me, mustChangePassword: false } })}
            />
          </section>
        )}
        {/* Keyed by the account: a different login starts the page afresh. */}
        {me && !me.mustChangePassword && (
          <Fragment key={`${me.name ?? ''}:${me.role}`}>{children(me, sessionEnded)}</Fragment>
        )}
      </main>
    </div>
  );
}

/**
 * The link to the other page: /auswertung ↔ /verwaltung; a Sprachprüfung (docs/product.md §50), who
 * sees no results, goes from /verwaltung (her password and tokens) to /verwaltung/sprachen and back.
 */
function OtherPageLink({ page, me }: { page: 'auswertung' | 'verwaltung' | 'sprachen'; me: Me }) {
  const { t } = useTranslation();
  const [href, label] =
    page === 'auswertung'
      ? ['/verwaltung', t('auswertung.me.toVerwaltung')]
      : page === 'sprachen'
        ? ['/verwaltung', t('auswertung.me.toVerwaltung')]
        : me.role === 'sprache'
          ? ['/verwaltung/sprachen', t('auswertung.me.toSprachen')]
          : ['/auswertung', t('auswertung.me.toAuswertung')];
  return (
    <a className="auswertung-button auswertung-button--quiet" href={href}>
      {label}
    </a>
  );
}

/** 'Angemeldet: name · Rolle' and the Einrichtungen, in the header. */
function WhoIsSignedIn({ me }: { me: Me }) {
  const { t } = useTranslation();
  const role = ROLE_LABELS[me.role];
  const sites =
    me.sites === 'alle'
      ? t('auswertung.me.allSites')
      : me.sites.length
        ? me.sites.join(', ')
        : t('auswertung.me.noSites');
  return (
    <p className="auswertung-me" data-testid="signed-in">
      <span className="visually-hidden">{t('auswertung.me.label')}: </span>
      <strong>
        {me.name === null
          ? t('auswertung.me.keyHolder', { role })
          : t('auswertung.me.account', { name: me.name, role })}
      </strong>
      <span>
        {me.languages
          ? t('auswertung.me.languages', { languages: me.languages.map(languageName).join(', ') })
          : t('auswertung.me.sites', { sites })}
      </span>
    </p>
  );
}
