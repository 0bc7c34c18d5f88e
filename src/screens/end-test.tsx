import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pauseAnswerClocks } from '../answer-types/shared/use-answer-clock';
import { END_REASONS, type EndReason } from '../domain/facts';
import { useStore } from '../store';
import { Dialog } from '../ui/dialog';
import { isPassphrase, loadPasswordCheck } from './password-check';

/**
 * 'Test beenden' (docs/product.md §38): small, in the educator's bar of a question screen, behind
 * the passphrase like 'Test abbrechen' (cancel-test.tsx), so a child cannot end the test. The dialog
 * says what ending does, asks for one of the fixed reasons (no free text: nothing personal gets in)
 * and the passphrase; the test then ends at once and the results page keeps and sends it. While it
 * is open, the answer clock stands still.
 */
export function EndTest() {
  const { t } = useTranslation();
  const endTestEarly = useStore((s) => s.endTestEarly);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<EndReason | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<'noReason' | 'wrongPassword' | null>(null);
  const fieldId = useId();
  const legendId = useId();
  useEffect(() => (open ? pauseAnswerClocks() : undefined), [open]);
  const close = () => {
    setOpen(false);
    setReason(null);
    setPassword('');
    setProblem(null);
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (reason === null) {
      setProblem('noReason');
      return;
    }
    if (await isPassphrase(password)) endTestEarly(reason);
    else setProblem('wrongPassword');
  };
  return (
    <>
      <button
        type="button"
        className="cancel-test end-test"
        onClick={() => {
          void loadPasswordCheck();
          setOpen(true);
        }}
      >
        {t('endEarly.button')}
      </button>
      {open && (
        <Dialog title={t('endEarly.title')} onClose={close} role="alertdialog">
          <form className="dialog-form end-test-form" onSubmit={confirm}>
            <p className="dialog-text">{t('endEarly.text')}</p>
            <fieldset className="end-test-reasons" aria-labelledby={legendId}>
              <legend id={legendId} className="field-label">
                {t('endEarly.reasonLabel')}
              </legend>
              {END_REASONS.map((key, index) => (
                <label key={key} className="end-test-reason">
                  <input
                    type="radio"
                    name="end-reason"
                    value={key}
                    checked={reason === key}
                    data-autofocus={index === 0 ? true : undefined}
                    onChange={() => {
                      setReason(key);
                      if (problem === 'noReason') setProblem(null);
                    }}
                  />{' '}
                  {t(`endEarly.reasons.${key}`)}
                </label>
              ))}
            </fieldset>
            <label htmlFor={fieldId} className="field-label">
              {t('endEarly.passwordLabel')}
            </label>
            <input
              id={fieldId}
              type="password"
              className="text-input"
              autoComplete="off"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (problem === 'wrongPassword') setProblem(null);
              }}
            />
            {problem && (
              <p className="wrong-password" role="alert">
                {problem === 'noReason' ? t('endEarly.noReason') : t('access.wrongPassword')}
              </p>
            )}
            <div className="dialog-buttons">
              <button type="button" className="button" onClick={close}>
                {t('endEarly.keepGoing')}
              </button>
              <button type="submit" className="button button-danger">
                {t('endEarly.confirmButton')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}
