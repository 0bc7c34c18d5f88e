import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { finishedSessionExpired } from '../store/session-key';
import { ConfirmDialog } from '../ui/dialog';

/** How often an open results page checks whether its 12 hours are over. */
const EXPIRY_CHECK_MS = 60_000;

/**
 * 'Zurück zum Start' on the results page (docs/product.md §20): while the PDF has not been saved it
 * asks first, since the child's name and results leave the device with the session (the result
 * without the name stays in the outbox). A results page left open is cleared 12 hours after the test.
 */
export function BackToStart() {
  const { t } = useTranslation();
  const endSession = useStore((s) => s.endSession);
  const pdfSaved = useStore((s) => s.pdfSaved);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    const check = () => {
      if (finishedSessionExpired(useStore.getState())) useStore.getState().endSession();
    };
    const timer = setInterval(check, EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <button type="button" className="result-button" onClick={pdfSaved ? endSession : () => setAsking(true)}>
        {t('result.backToStart')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('result.leaveTitle')}
          message={t('result.leaveText')}
          back={t('result.leaveStay')}
          goOn={t('result.leaveConfirm')}
          onBack={() => setAsking(false)}
          onGoOn={endSession}
          danger
        />
      )}
    </>
  );
}
