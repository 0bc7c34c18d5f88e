import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pauseAnswerClocks } from '../answer-types/shared/use-answer-clock';
import { Dialog } from '../ui/dialog';
import { isPassphrase, loadPasswordCheck } from './password-check';

export interface PassphraseDialogButtonProps {
  /** The small button in the educator's bar, and its class. */
  label: string;
  className: string;
  title: string;
  passwordLabel: string;
  /** The button that closes the dialog and goes on with the test. */
  keepGoingLabel: string;
  confirmLabel: string;
  formClassName?: string;
  /** What the dialog says and asks above the passphrase. */
  children: ReactNode;
  /** Whether the first field of `children` takes the focus instead of the passphrase. */
  focusInChildren?: boolean;
  /** A message when the dialog's own questions are not answered yet; null when they are. */
  missing?: () => string | null;
  /** Runs once the passphrase is right. */
  onConfirmed(): void;
  /** Resets what `children` asked when the dialog closes. */
  onClosed?(): void;
}

/**
 * A button of the educator's bar whose dialog acts only after the passphrase, as on the access screen,
 * so that a child cannot end or discard the test: 'Test abbrechen' (cancel-test.tsx) and 'Test beenden'
 * (end-test.tsx). While it is open, the answer clock stands still: the child cannot answer meanwhile,
 * and the dialog's time is not the child's response time.
 */
export function PassphraseDialogButton(props: PassphraseDialogButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  useEffect(() => (open ? pauseAnswerClocks() : undefined), [open]);
  const close = () => {
    setOpen(false);
    setPassword('');
    setProblem(null);
    props.onClosed?.();
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const missing = props.missing?.() ?? null;
    if (missing) setProblem(missing);
    else if (await isPassphrase(password)) props.onConfirmed();
    else setProblem(t('access.wrongPassword'));
  };
  return (
    <>
      <button
        type="button"
        className={props.className}
        onClick={() => {
          void loadPasswordCheck();
          setOpen(true);
        }}
      >
        {props.label}
      </button>
      {open && (
        <Dialog title={props.title} onClose={close} role="alertdialog">
          {/* Any answer or keystroke takes back the message about the last try. */}
          <form
            className={['dialog-form', props.formClassName].filter(Boolean).join(' ')}
            onSubmit={confirm}
            onChange={() => setProblem(null)}
          >
            {props.children}
            <label htmlFor={fieldId} className="field-label">
              {props.passwordLabel}
            </label>
            <input
              id={fieldId}
              type="password"
              className="text-input"
              autoComplete="off"
              data-autofocus={props.focusInChildren ? undefined : true}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {problem && (
              <p className="wrong-password" role="alert">
                {problem}
              </p>
            )}
            <div className="dialog-buttons">
              <button type="button" className="button" onClick={close}>
                {props.keepGoingLabel}
              </button>
              <button type="submit" className="button button-danger">
                {props.confirmLabel}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}
