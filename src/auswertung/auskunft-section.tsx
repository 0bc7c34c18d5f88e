import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuskunftAnswer } from '../../schemas/auswertung-api';
import { offerDownload } from '../ui/offer-download';
import { loadAuskunft, normaliseChildCode, SessionEnded } from './api';
import { ChildCodeForm } from './child-code-form';
import { formatAt } from './format';
import { SectionMessage, type SectionMessageValue } from './section-message';

/**
 * The Auskunft for a parent (Art. 15 DSGVO, docs/product.md §46): by child code, everything the
 * server holds for it, as a PDF to hand over and as JSON; the server records each request in the
 * Protokoll (`onDone` reloads it).
 */
export function AuskunftSection({ onDone, onSessionEnded }: { onDone(): void; onSessionEnded(): void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<SectionMessageValue>();
  const [answer, setAnswer] = useState<AuskunftAnswer>();

  const create = async () => {
    if (working) return;
    setAnswer(undefined);
    const code = normaliseChildCode(typed);
    if (!code) {
      setMessage({ kind: 'error', text: t('auswertung.removeChild.invalid') });
      return;
    }
    setMessage(undefined);
    setWorking(true);
    try {
      const loaded = await loadAuskunft(code);
      setAnswer(loaded);
      const count = loaded.results.length;
      setMessage({
        kind: 'done',
        text: count
          ? t('auswertung.auskunft.found', { code, count })
          : t('auswertung.auskunft.foundNone', { code }),
      });
      onDone();
    } catch (failure) {
      if (failure instanceof SessionEnded) onSessionEnded();
      else
        setMessage({
          kind: 'error',
          text: t('auswertung.auskunft.failed', { message: (failure as Error).message }),
        });
    } finally {
      setWorking(false);
    }
  };

  const fileName = (kind: 'pdf' | 'json') =>
    `zaehltest-auskunft-${answer?.childCode}-${answer?.at.slice(0, 10)}.${kind}`;

  const savePdf = async () => {
    if (!answer) return;
    const { saveAuskunftPdf } = await import('./auskunft-pdf');
    saveAuskunftPdf(
      answer,
      {
        title: t('auswertung.auskunft.pdfTitle'),
        subtitle: t('auswertung.auskunft.pdfSubtitle', {
          code: answer.childCode,
          at: formatAt(answer.at, answer.timeZone),
        }),
        intro: t('auswertung.auskunft.pdfIntro'),
        resultHeading: (index, total) => t('auswertung.auskunft.pdfResult', { index, total }),
        noResults: t('auswertung.auskunft.pdfNoResults'),
        deletionsHeading: t('auswertung.auskunft.pdfDeletions'),
        deletion: (entry) =>
          t('auswertung.auskunft.pdfDeletion', {
            at: formatAt(entry.at, answer.timeZone),
            count: entry.count ?? 0,
          }),
        noDeletions: t('auswertung.auskunft.pdfNoDeletions', { months: answer.protokollMonths }),
        pageLabel: (page, pages) => t('auswertung.auskunft.pdfPage', { page, pages }),
      },
      fileName('pdf'),
    );
  };

  return (
    <section className="auswertung-card auswertung-no-print" aria-labelledby="auskunft-heading">
      <h2 id="auskunft-heading">{t('auswertung.auskunft.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.auskunft.intro')}</p>
      <ChildCodeForm
        id="auskunft-child-code"
        value={typed}
        onChange={setTyped}
        onSubmit={() => void create()}
        label={working ? t('auswertung.auskunft.working') : t('auswertung.auskunft.submit')}
        busy={working}
      />
      <SectionMessage message={message} />
      {answer && (
        <p className="auswertung-links">
          <button type="button" className="auswertung-button" onClick={() => void savePdf()}>
            {t('auswertung.auskunft.pdf')}
          </button>
          <button
            type="button"
            className="auswertung-button auswertung-button--quiet"
            onClick={() =>
              offerDownload(
                fileName('json'),
                new Blob([`${JSON.stringify(answer, null, 2)}\n`], { type: 'application/json' }),
              )
            }
          >
            {t('auswertung.auskunft.json')}
          </button>
        </p>
      )}
    </section>
  );
}
