import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuskunftAnswer } from '../../schemas/auswertung-api';
import { loadAuskunft, normaliseChildCode, SessionEnded } from './api';
import { SectionMessage, type SectionMessageValue } from './section-message';

const atFormat = new Intl.DateTimeFormat('de-DE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** Offers `text` to the browser's downloads as a file called `name`. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

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

  const create = async (event: FormEvent) => {
    event.preventDefault();
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
          at: atFormat.format(new Date(answer.at)),
        }),
        intro: t('auswertung.auskunft.pdfIntro'),
        resultHeading: (index, total) => t('auswertung.auskunft.pdfResult', { index, total }),
        noResults: t('auswertung.auskunft.pdfNoResults'),
        deletionsHeading: t('auswertung.auskunft.pdfDeletions'),
        deletion: (entry) =>
          t('auswertung.auskunft.pdfDeletion', {
            at: atFormat.format(new Date(entry.at)),
            count: entry.count ?? 0,
          }),
        noDeletions: t('auswertung.auskunft.pdfNoDeletions'),
        pageLabel: (page, pages) => t('auswertung.auskunft.pdfPage', { page, pages }),
      },
      fileName('pdf'),
    );
  };

  return (
    <section className="auswertung-card auswertung-no-print" aria-labelledby="auskunft-heading">
      <h2 id="auskunft-heading">{t('auswertung.auskunft.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.auskunft.intro')}</p>
      <form onSubmit={(event) => void create(event)} className="auswertung-remove-form">
        <label htmlFor="auskunft-child-code">{t('auswertung.removeChild.code')}</label>
        <input
          id="auskunft-child-code"
          value={typed}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={12}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="auswertung-button" disabled={working}>
          {working ? t('auswertung.auskunft.working') : t('auswertung.auskunft.submit')}
        </button>
      </form>
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
              download(fileName('json'), `${JSON.stringify(answer, null, 2)}\n`, 'application/json')
            }
          >
            {t('auswertung.auskunft.json')}
          </button>
        </p>
      )}
    </section>
  );
}
