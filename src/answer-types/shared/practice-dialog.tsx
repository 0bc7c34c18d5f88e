import './practice-dialog.css';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpokenPhrase } from '../../speech/prompt-context';
import { type PracticePicture, PracticePictureView } from './practice-picture';

/**
 * In-page feedback of the practice screens (never window.alert); focus moves to its 'OK'. The
 * German message stays on screen; `spoken` is said to the child in the child's language, and
 * `picture` shows it without words (a ✓, or the right answer drawn) beside the message.
 */
export function PracticeDialog({
  message,
  spoken,
  picture,
  onClose,
}: {
  message: string;
  picture?: PracticePicture;
  /** The feedback in the child's language and its phrase in the language pack (for a recording). */
  spoken?: { text: string; phrase: string };
  onClose(): void;
}) {
  const { t } = useTranslation();
  useSpokenPhrase(spoken?.text, spoken?.phrase ?? '');
  const id = useId();
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ok.current?.focus();
  }, []);
  return (
    <div className="dialog-backdrop">
      <div role="alertdialog" aria-modal="true" aria-labelledby={id} className="dialog">
        <div className="dialog-feedback">
          {picture && <PracticePictureView picture={picture} />}
          <p id={id} className="dialog-message">
            {message}
          </p>
        </div>
        <button ref={ok} type="button" className="button button-primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      </div>
    </div>
  );
}
