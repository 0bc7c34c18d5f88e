import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { PassphraseDialogButton } from './passphrase-dialog';

/**
 * 'Test abbrechen' (docs/product.md §17): small, in the educator's bar. One dialog says what
 * cancelling does (a saved child stays on the device with its earlier tests; a child of 'Nicht
 * speichern' leaves nothing) and asks for the passphrase (passphrase-dialog.tsx); each button says what
 * it does: 'Test fortsetzen' or 'Test abbrechen'. The session is discarded and nothing is sent: the
 * result reaches the outbox only on the results page; the access screen then says so.
 */
export function CancelTest() {
  const { t } = useTranslation();
  const cancelTest = useStore((s) => s.cancelTest);
  // A saved child (a code from 'Test beginnen') stays on the device; only this test goes.
  const childCode = useStore((s) => s.user.childCode);
  return (
    <PassphraseDialogButton
      label={t('cancel.button')}
      className="cancel-test"
      title={t('cancel.title')}
      passwordLabel={t('cancel.passwordLabel')}
      keepGoingLabel={t('cancel.keepGoing')}
      confirmLabel={t('cancel.confirmButton')}
      onConfirmed={cancelTest}
    >
      <p className="dialog-text">
        {childCode ? t('cancel.confirmSaved', { code: childCode }) : t('cancel.confirm')}
      </p>
      <p className="dialog-text">{t('cancel.notEnd')}</p>
    </PassphraseDialogButton>
  );
}
