import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pauseAnswerClocks } from '../answer-types/shared/use-answer-clock';
import { useStore } from '../store';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { isPassphrase, loadPasswordCheck } from './password-check';

/**
 * 'Test abbrechen' (docs/product.md §17): small, in the educator's bar. The passphrase (as on the
 * access screen, so a child cannot end the test), then a confirmation; the session is discarded
 * and nothing is sent: the result reaches the outbox only on the results page. While it is open,
 * the answer clock stands still.
 */
export function CancelTest() {
  const { t } = useTranslation();
  const cancelTest = useStore((s) => s.cancelTest);
  const [step, setStep] = useState<'closed' | 'passphrase' | 'confirm'>('closed');
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);
  const fieldId = useId();
  const open = step !== 'closed';
  // The child cannot answer meanwhile: the dialog's time is not the child's response time.
  useEffect(() => (open ? pauseAnswerClocks() : undefined), [open]);
  const close = () => {
    setStep('closed');
    setPassword('');
    setWrong(false);
  };
  const checkPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (await isPassphrase(password)) setStep('confirm');
    else setWrong(true);
  };
  return (
    <>
      <button
        type="button"
        className="cancel-test"
        onClick={() => {
          void loadPasswordCheck();
          setStep('passphrase');
        }}
      >
        {t('cancel.button')}
      </button>
      {step === 'passphrase' && (
        <Dialog title={t('cancel.title')} onClose={close}>
          <form className="dialog-form" onSubmit={checkPassword}>
            <label htmlFor={fieldId} className="field-label">
              {t('cancel.passwordLabel')}
            </label>
            <input
              id={fieldId}
              type="password"
              className="text-input"
              autoComplete="off"
              data-autofocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setWrong(false);
              }}
            />
            {wrong && (
              <p className="wrong-password" role="alert">
                {t('access.wrongPassword')}
              </p>
            )}
            <div className="dialog-buttons">
              <button type="button" className="button" onClick={close}>
                {t('cancel.keepGoing')}
              </button>
              <button type="submit" className="button button-primary">
                {t('cancel.next')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
      {step === 'confirm' && (
        <ConfirmDialog
          title={t('cancel.title')}
          message={t('cancel.confirm')}
          back={t('cancel.keepGoing')}
          goOn={t('cancel.confirmButton')}
          onBack={close}
          onGoOn={cancelTest}
          danger
        />
      )}
    </>
  );
}
