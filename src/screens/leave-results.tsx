import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../i18n';
import type { UploadStatus } from '../results/outbox';
import { useStore } from '../store';
import { finishedSessionExpired } from '../store/session-key';
import { ConfirmDialog } from '../ui/dialog';
import type { VerlaufState } from './use-verlauf';

/** How often an open results page checks whether its 12 hours are over. */
const EXPIRY_CHECK_MS = 60_000;

/** What the leave dialog must know to say what happens: the child's copy and the upload's state. */
export interface LeaveFacts {
  /** The results page's Verlauf: 'not-saved' for a child of 'Nicht speichern'. */
  verlauf: VerlaufState['kind'];
  /** The outbox's state of this result; undefined before it is queued. */
  upload: UploadStatus | undefined;
  /** Whether the outbox holds it durably (IndexedDB), not only in this tab's memory. */
  durable: boolean;
}

/**
 * The dialog's text, one paragraph each: what stays of the child on this device (a saved child
 * keeps this test in its Verlauf; a child of 'Nicht speichern' leaves nothing), then what becomes of
 * the result without the name (sent and kept on the server, waiting on the device, only in this
 * tab's memory, or refused by the server).
 */
export function leaveResultsText({ verlauf, upload, durable }: LeaveFacts, t: Translate): string[] {
  const child =
    verlauf === 'not-saved'
      ? t('result.leave.notSaved')
      : verlauf === 'failed'
        ? t('result.leave.savedWithoutTest')
        : t('result.leave.saved');
  const result =
    upload === 'sent'
      ? t('result.leave.sent')
      : upload === 'rejected'
        ? t('result.leave.rejected')
        : upload === 'saved' && !durable
          ? t('result.leave.inMemory')
          : t('result.leave.waiting');
  return [t('result.leave.pdf'), child, result];
}

/**
 * 'Zurück zum Start' on the results page (docs/product.md §20): while the PDF has not been saved it
 * asks first and says exactly what leaving does (leaveResultsText). A results page left open is
 * cleared 12 hours after the test.
 */
export function BackToStart({ facts }: { facts: LeaveFacts }) {
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
          message={leaveResultsText(facts, t)}
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
