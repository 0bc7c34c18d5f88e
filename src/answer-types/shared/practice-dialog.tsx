import './practice-dialog.css';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** In-page feedback of the practice screens (never window.alert); focus moves to its 'OK'. */
export function PracticeDialog({ message, onClose }: { message: string; onClose(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ok.current?.focus();
  }, []);
  return (
    <div className="dialog-backdrop">
      <div role="alertdialog" aria-modal="true" aria-labelledby={id} className="dialog">
        <p id={id} className="dialog-message">
          {message}
        </p>
        <button ref={ok} type="button" className="button button-primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      </div>
    </div>
  );
}
