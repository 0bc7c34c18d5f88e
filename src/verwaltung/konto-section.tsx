import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenRow, Me } from '../../schemas/verwaltung-api';
import { PasswordForm } from '../auswertung/password-form';
import { ConfirmDialog, SectionMessage, type SectionMessageValue } from '../auswertung/section-message';
import { Scroll } from '../auswertung/tables';
import { createToken, loadTokens, revokeToken } from './api';
import { SecretBox, useFailure, useFormatTime, useLoaded } from './shared';

/**
 * 'Mein Konto' (every account, docs/product.md §47): the own password, and named API tokens for
 * scripts — created with a name and shown once, listed with their use, revoked. The holder of
 * EXPORT_TOKEN has no account and is told so.
 */
export function KontoSection({
  me,
  onChanged,
  onSessionEnded,
}: {
  me: Me;
  /** Something the Protokoll records happened here. */
  onChanged(): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  return (
    <section id="konto" className="auswertung-card" aria-labelledby="konto-heading">
      <h2 id="konto-heading">{t('verwaltung.konto.heading')}</h2>
      {me.name === null ? (
        <p className="auswertung-hint">{t('verwaltung.konto.keyHolder')}</p>
      ) : (
        <>
          <h3>{t('auswertung.password.heading')}</h3>
          <PasswordForm
            currentLabel={t('auswertung.password.current')}
            onChanged={onChanged}
            onSessionEnded={onSessionEnded}
          />
          <Tokens onChanged={onChanged} onSessionEnded={onSessionEnded} />
        </>
      )}
    </section>
  );
}

function Tokens({ onChanged, onSessionEnded }: { onChanged(): void; onSessionEnded(): void }) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const formatTime = useFormatTime();
  const [version, setVersion] = useState(0);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; token: string }>();
  const [message, setMessage] = useState<SectionMessageValue>();
  const [revoking, setRevoking] = useState<ApiTokenRow>();
  const dialog = useRef<HTMLDialogElement>(null);

  const tokens = useLoaded(loadTokens, version, failed, (text) => setMessage({ kind: 'error', text }));

  const done = () => {
    setVersion((n) => n + 1);
    onChanged();
  };

  async function create(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    try {
      const { token } = await createToken(name.trim());
      setCreated({ name: name.trim(), token });
      setName('');
      done();
    } catch (failure) {
      failed(failure, (text) =>
        setMessage({ kind: 'error', text: t('verwaltung.failed', { message: text }) }),
      );
    }
  }

  async function revoke() {
    dialog.current?.close();
    if (!revoking) return;
    try {
      await revokeToken(revoking.id);
      setMessage({ kind: 'done', text: t('verwaltung.konto.revoked', { name: revoking.name }) });
      done();
    } catch (failure) {
      failed(failure, (text) =>
        setMessage({ kind: 'error', text: t('verwaltung.failed', { message: text }) }),
      );
    }
  }

  return (
    <>
      <h3>{t('verwaltung.konto.tokens')}</h3>
      <p className="auswertung-hint">{t('verwaltung.konto.tokensIntro')}</p>
      <form className="verwaltung-inline-form" onSubmit={(event) => void create(event)}>
        <label htmlFor="token-name">{t('verwaltung.konto.tokenName')}</label>
        <input
          id="token-name"
          required
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="auswertung-button">
          {t('verwaltung.konto.create')}
        </button>
      </form>
      {created && (
        <SecretBox
          key={created.token}
          heading={t('verwaltung.konto.createdHeading', { name: created.name })}
          warning={t('verwaltung.konto.createdWarning')}
          label={t('verwaltung.konto.tokenValue')}
          value={created.token}
          onClose={() => setCreated(undefined)}
        />
      )}
      <SectionMessage message={message} />
      {tokens && tokens.length === 0 && <p className="auswertung-hint">{t('verwaltung.konto.none')}</p>}
      {tokens && tokens.length > 0 && (
        <Scroll label={t('verwaltung.konto.caption')}>
          <table className="auswertung-table verwaltung-table">
            <caption>{t('verwaltung.konto.caption')}</caption>
            <thead>
              <tr>
                {(['name', 'created', 'lastUsed', 'state'] as const).map((column) => (
                  <th key={column} scope="col">
                    {t(`verwaltung.konto.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id}>
                  <td data-label={t('verwaltung.konto.columns.name')}>{token.name}</td>
                  <td data-label={t('verwaltung.konto.columns.created')}>{formatTime(token.createdAt)}</td>
                  <td data-label={t('verwaltung.konto.columns.lastUsed')}>{formatTime(token.lastUsedAt)}</td>
                  <td className="verwaltung-wrap" data-label={t('verwaltung.konto.columns.state')}>
                    <div className="verwaltung-actions">
                      {token.revokedAt ? (
                        t('verwaltung.konto.revokedAt', { at: formatTime(token.revokedAt) })
                      ) : (
                        <>
                          <span>{t('verwaltung.konto.active')}</span>
                          <button
                            type="button"
                            className="auswertung-button auswertung-button--quiet verwaltung-small"
                            aria-label={`${t('verwaltung.konto.revoke')} ${token.name}`}
                            onClick={() => {
                              setRevoking(token);
                              dialog.current?.showModal();
                            }}
                          >
                            {t('verwaltung.konto.revoke')}
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      <ConfirmDialog
        dialog={dialog}
        id="revoke-token"
        heading={t('verwaltung.konto.revokeHeading')}
        text={t('verwaltung.konto.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('verwaltung.konto.revokeConfirm')}
        onConfirm={() => void revoke()}
      />
    </>
  );
}
