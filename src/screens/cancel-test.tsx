import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pauseAnswerClocks } from '../answer-types/shared/use-answer-clock';
import { useStore } from '../store';
import { Dialog } from '../ui/dialog';
import { isPassphrase, loadPasswordCheck } from './password-check';

/**
 * 'Test abbrechen' (docs/product.md §17): small, in the educator's bar. One dialog says what
 * cancelling does (a saved child stays on the device with its earlier tests; a child of 'Nicht
 * speichern' leaves nothing) and asks for the passphrase (as on the access screen, so a child cannot end the
 * test); each button says what it does: 'Test fortsetzen' or 'Test abbrechen'. The session is
 * discarded and nothing is sent: the result reaches the outbox only on the results page; the access
 * screen then says so. While it is open, the answer clock stands still.
 */
export function CancelTest() {
  const { t } = useTranslation();
  const cancelTest = useStore((s) => s.cancelTest);
  // A saved child (a code from 'Test beginnen') stays on the device; only this test goes.
  const childCode = useStore((s) => s.user.childCode);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);
  const fieldId = useId();
  // The child cannot answer meanwhile: the dialog's time is not the child's response time.
  useEffect(() => (open ? pauseAnswerClocks() : undefined), [open]);
  const close = () => {
    setOpen(false);
    setPassword('');
    setWrong(false);
  };
  const checkPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (await isPassphrase(password)) cancelTest();
    else setWrong(true);
  };
  return (
    <>
      <button
        type="button"
        className="cancel-test"
        onClick={() => {
          void loadPasswordCheck();
          setOpen(true);
        }}
      >
        {t('cancel.button')}
      </button>
      {open && (
        <Dialog title={t('cancel.title')} onClose={close} role="alertdialog">
          <form className="dialog-form" onSubmit={checkPassword}>
            <p className="dialog-text">
              {childCode ? t('cancel.confirmSaved', { code: childCode }) : t('cancel.confirm')}
            </p>
            <p className="dialog-text">{t('cancel.notEnd')}</p>
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
              <button type="submit" className="button button-danger">
                {t('cancel.confirmButton')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}
