import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '../../schemas/verwaltung-api';
import { changePassword, SessionEnded } from './api';
import { SectionMessage, type SectionMessageValue } from './section-message';

/**
 * The account's own new password, typed twice (POST /api/konto/password): after a login with a
 * one-time password, before anything else, and in 'Mein Konto' on /verwaltung. The length is
 * checked here for a quick answer; the server checks it again, and that the name is not in it.
 */
export function PasswordForm({
  currentLabel,
  onChanged,
  onSessionEnded,
}: {
  /** 'Einmalpasswort' at the first login, 'Bisheriges Passwort' otherwise. */
  currentLabel: string;
  onChanged(): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<SectionMessageValue>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    if (next.length < MIN_PASSWORD_LENGTH) {
      setMessage({ kind: 'error', text: t('auswertung.password.tooShort', { min: MIN_PASSWORD_LENGTH }) });
      return;
    }
    if (next !== repeat) {
      setMessage({ kind: 'error', text: t('auswertung.password.mismatch') });
      return;
    }
    setWorking(true);
    setMessage(undefined);
    try {
      await changePassword({ current, next });
      setCurrent('');
      setNext('');
      setRepeat('');
      setMessage({ kind: 'done', text: t('auswertung.password.done') });
      onChanged();
    } catch (failure) {
      if (failure instanceof SessionEnded) onSessionEnded();
      else
        setMessage({
          kind: 'error',
          text: t('auswertung.password.failed', { message: (failure as Error).message }),
        });
    } finally {
      setWorking(false);
    }
  }

  const field = (
    name: 'current' | 'next' | 'repeat',
    label: string,
    value: string,
    set: (value: string) => void,
  ) => (
    <div className="auswertung-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete={name === 'current' ? 'current-password' : 'new-password'}
        required
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <form className="auswertung-stack-form" onSubmit={(event) => void submit(event)}>
      <p className="auswertung-hint">{t('auswertung.password.rules', { min: MIN_PASSWORD_LENGTH })}</p>
      {field('current', currentLabel, current, setCurrent)}
      {field('next', t('auswertung.password.next'), next, setNext)}
      {field('repeat', t('auswertung.password.repeat'), repeat, setRepeat)}
      <div>
        <button type="submit" className="auswertung-button" disabled={working}>
          {working ? t('auswertung.password.working') : t('auswertung.password.submit')}
        </button>
      </div>
      <SectionMessage message={message} />
    </form>
  );
}
