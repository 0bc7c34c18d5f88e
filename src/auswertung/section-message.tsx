import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** What a deletion section tells after it acted: done (a status) or an error (an alert). */
export interface SectionMessageValue {
  kind: 'done' | 'error';
  text: string;
}

/** The line under a deletion form, announced as a status or, for an error, as an alert. */
export function SectionMessage({ message }: { message: SectionMessageValue | undefined }) {
  if (!message) return null;
  return (
    <p
      role={message.kind === 'error' ? 'alert' : 'status'}
      className={message.kind === 'error' ? 'auswertung-error' : 'auswertung-done'}
    >
      {message.text}
    </p>
  );
}

/** The modal that asks before a deletion: a heading, what will go, 'Abbrechen' and the red button. */
export function ConfirmDialog({
  dialog,
  id,
  heading,
  text,
  confirmLabel,
  onConfirm,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  id: string;
  heading: string;
  text: string;
  confirmLabel: string;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <dialog
      ref={dialog}
      className="auswertung-dialog"
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-text`}
    >
      <h3 id={`${id}-heading`}>{heading}</h3>
      <p id={`${id}-text`}>{text}</p>
      <div className="auswertung-dialog-buttons">
        <button
          type="button"
          className="auswertung-button auswertung-button--quiet"
          onClick={() => dialog.current?.close()}
        >
          {t('auswertung.remove.cancel')}
        </button>
        <button type="button" className="auswertung-button auswertung-button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
