import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteResult, SessionEnded } from './api';
import { ConfirmDialog, SectionMessage, type SectionMessageValue } from './section-message';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function DeleteSection({ onDeleted, onSessionEnded }: { onDeleted(): void; onSessionEnded(): void }) {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const [message, setMessage] = useState<SectionMessageValue>();
  const [pending, setPending] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = id.trim();
    if (!UUID.test(trimmed)) {
      setMessage({ kind: 'error', text: t('auswertung.remove.invalid') });
      return;
    }
    setMessage(undefined);
    setPending(trimmed.toLowerCase());
    dialog.current?.showModal();
  };

  const confirm = async () => {
    dialog.current?.close();
    try {
      await deleteResult(pending);
      setMessage({ kind: 'done', text: t('auswertung.remove.done', { id: pending }) });
      setId('');
      onDeleted();
    } catch (failure) {
      if (failure instanceof SessionEnded) onSessionEnded();
      else
        setMessage({
          kind: 'error',
          text: t('auswertung.remove.failed', { message: (failure as Error).message }),
        });
    }
  };

  return (
    <section className="auswertung-card auswertung-no-print" aria-labelledby="remove-heading">
      <h2 id="remove-heading">{t('auswertung.remove.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.remove.intro')}</p>
      <form onSubmit={ask} className="auswertung-remove-form">
        <label htmlFor="submission-id">{t('auswertung.remove.id')}</label>
        <input
          id="submission-id"
          name="submissionId"
          value={id}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setId(event.target.value)}
        />
        <button type="submit" className="auswertung-button auswertung-button--danger">
          {t('auswertung.remove.submit')}
        </button>
      </form>
      <SectionMessage message={message} />
      <ConfirmDialog
        dialog={dialog}
        id="remove-confirm"
        heading={t('auswertung.remove.confirmHeading')}
        text={t('auswertung.remove.confirmText', { id: pending })}
        confirmLabel={t('auswertung.remove.confirm')}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
