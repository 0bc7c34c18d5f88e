import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { END_REASONS, type EndReason } from '../domain/facts';
import { useStore } from '../store';
import { PassphraseDialogButton } from './passphrase-dialog';

/**
 * 'Test beenden' (docs/product.md §38): small, in the educator's bar of a question screen, behind
 * the passphrase like 'Test abbrechen' (passphrase-dialog.tsx), so a child cannot end the test. The
 * dialog says what ending does, asks for one of the fixed reasons (no free text: nothing personal
 * gets in) and the passphrase; the test then ends at once and the results page keeps and sends it.
 */
export function EndTest() {
  const { t } = useTranslation();
  const endTestEarly = useStore((s) => s.endTestEarly);
  const [reason, setReason] = useState<EndReason | null>(null);
  const legendId = useId();
  return (
    <PassphraseDialogButton
      label={t('endEarly.button')}
      className="cancel-test end-test"
      title={t('endEarly.title')}
      passwordLabel={t('endEarly.passwordLabel')}
      keepGoingLabel={t('endEarly.keepGoing')}
      confirmLabel={t('endEarly.confirmButton')}
      formClassName="end-test-form"
      focusInChildren
      missing={() => (reason === null ? t('endEarly.noReason') : null)}
      onConfirmed={() => {
        if (reason !== null) endTestEarly(reason);
      }}
      onClosed={() => setReason(null)}
    >
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
              onChange={() => setReason(key)}
            />{' '}
            {t(`endEarly.reasons.${key}`)}
          </label>
        ))}
      </fieldset>
    </PassphraseDialogButton>
  );
}
