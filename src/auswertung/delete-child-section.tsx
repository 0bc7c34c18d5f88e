import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { countChildResults, deleteChildResults, normaliseChildCode, SessionEnded } from './api';
import { ChildCodeForm } from './child-code-form';
import { ConfirmDialog, SectionMessage, type SectionMessageValue } from './section-message';

/**
 * A parent's deletion request by child code: the server first counts the code's results, the
 * confirmation names that number, then all of them are deleted (docs/product.md, deletion by child).
 * Two Kitas' children can share a code: whoever sees several Einrichtungen (`sites`) may name the
 * child's Kita, and only its results are deleted (docs/product.md §47).
 */
export function DeleteChildSection({
  sites,
  onDeleted,
  onSessionEnded,
}: {
  sites: string[];
  onDeleted(): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  /** '' = all the account's Einrichtungen. */
  const [site, setSite] = useState('');
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<SectionMessageValue>();
  const [pending, setPending] = useState<{ code: string; count: number; site: string }>();
  const dialog = useRef<HTMLDialogElement>(null);

  const failed = (failure: unknown) => {
    if (failure instanceof SessionEnded) onSessionEnded();
    else
      setMessage({
        kind: 'error',
        text: t('auswertung.removeChild.failed', { message: (failure as Error).message }),
      });
  };

  const ask = async () => {
    if (working) return;
    const code = normaliseChildCode(typed);
    if (!code) {
      setMessage({ kind: 'error', text: t('auswertung.removeChild.invalid') });
      return;
    }
    setMessage(undefined);
    setWorking(true);
    try {
      const count = await countChildResults(code, site || undefined);
      if (count === 0) {
        setMessage({ kind: 'done', text: t('auswertung.removeChild.none', { code }) });
        return;
      }
      // The dialog opens with its count already in it: a screen reader reads it on opening.
      flushSync(() => setPending({ code, count, site }));
      dialog.current?.showModal();
    } catch (failure) {
      failed(failure);
    } finally {
      setWorking(false);
    }
  };

  const confirm = async () => {
    dialog.current?.close();
    if (!pending) return;
    try {
      const count = await deleteChildResults(pending.code, pending.site || undefined);
      setMessage({ kind: 'done', text: t('auswertung.removeChild.done', { count, code: pending.code }) });
      setTyped('');
      onDeleted();
    } catch (failure) {
      failed(failure);
    }
  };

  return (
    <section className="auswertung-card auswertung-no-print" aria-labelledby="remove-child-heading">
      <h2 id="remove-child-heading">{t('auswertung.removeChild.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.removeChild.intro')}</p>
      {sites.length > 1 && (
        <div className="auswertung-field">
          <label htmlFor="child-code-site">{t('auswertung.removeChild.site')}</label>
          <select id="child-code-site" value={site} onChange={(event) => setSite(event.target.value)}>
            <option value="">{t('auswertung.removeChild.allSites')}</option>
            {sites.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
      )}
      <ChildCodeForm
        id="child-code"
        value={typed}
        onChange={setTyped}
        onSubmit={() => void ask()}
        label={working ? t('auswertung.removeChild.checking') : t('auswertung.removeChild.submit')}
        danger
        busy={working}
      />
      <SectionMessage message={message} />
      <ConfirmDialog
        dialog={dialog}
        id="remove-child-confirm"
        heading={t('auswertung.removeChild.confirmHeading')}
        text={
          pending
            ? `${t('auswertung.removeChild.confirmText', { count: pending.count, code: pending.code })}${
                pending.site ? ` ${t('auswertung.removeChild.onlySite', { site: pending.site })}` : ''
              }`
            : ''
        }
        confirmLabel={pending ? t('auswertung.removeChild.confirm', { count: pending.count }) : ''}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
