import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { germanLocalDate } from '../domain/date';
import type { Translate } from '../i18n';
import type { RestoreReport, SiteOutcome } from '../storage/backup';
import { readLastBackup } from '../storage/device-status';
import { SealedFileError } from '../storage/sealed';
import { offerDownload } from '../ui/offer-download';
import './device-data.css';

/** Sent on `window` after a restore added children, so the list on the details screen reads them again. */
export const CHILDREN_CHANGED_EVENT = 'zaehltest:children-changed';

type Message = { kind: 'info' | 'error'; text: string } | undefined;

/** What the restore message says about the Einrichtungskennung ('' when nothing is worth saying). */
function siteLine(site: SiteOutcome, t: Translate): string {
  switch (site.kind) {
    case 'restored':
      return t('deviceData.backup.siteRestored', { site: site.site });
    case 'kept':
      return t('deviceData.backup.siteKept', { site: site.site, inBackup: site.inBackup });
    case 'missing':
      return t('deviceData.backup.siteMissing');
    case 'not-saved':
      return t('deviceData.backup.siteNotSaved', { inBackup: site.inBackup });
    case 'unchanged':
      return '';
  }
}

/** The message after a restore: what is new on the device, then the Einrichtungskennung. */
export function restoreMessage(report: RestoreReport, t: Translate): string {
  const changed = report.children + report.results + report.unsent > 0 || report.site.kind === 'restored';
  const counts = { children: report.children, results: report.results, unsent: report.unsent };
  const main = changed ? t('deviceData.backup.restored', counts) : t('deviceData.backup.nothingNew');
  return [main, siteLine(report.site, t)].filter(Boolean).join(' ');
}

/**
 * 'Sicherung speichern' and 'Sicherung laden' (docs/product.md, nothing lost when the browser
 * clears the site): one encrypted file with the children, their results and the unsent results,
 * restored on any device with the passphrase (src/storage/backup.ts). The backup code loads when
 * it is used.
 */
export function BackupPanel() {
  const { t } = useTranslation();
  const [lastBackup, setLastBackup] = useState(readLastBackup);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();
  const [restoring, setRestoring] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), file: useId(), passphrase: useId() };

  const save = async () => {
    setBusy(true);
    setMessage({ kind: 'info', text: t('deviceData.backup.saving') });
    try {
      const { makeBackupFile } = await import('../storage/backup');
      const { name, bytes } = await makeBackupFile();
      offerDownload(name, new Blob([bytes as BlobPart], { type: 'application/octet-stream' }));
      setLastBackup(readLastBackup());
      setMessage({ kind: 'info', text: t('deviceData.backup.saved', { file: name }) });
    } catch (error) {
      console.error('Backup failed', error);
      setMessage({ kind: 'error', text: t('deviceData.backup.saveFailed') });
    } finally {
      setBusy(false);
    }
  };

  const restore = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setMessage({ kind: 'error', text: t('deviceData.backup.noFile') });
      return;
    }
    setBusy(true);
    setMessage({ kind: 'info', text: t('deviceData.backup.restoring') });
    try {
      const { BackupContentError, restoreBackup } = await import('../storage/backup');
      try {
        const report = await restoreBackup(new Uint8Array(await chosen.arrayBuffer()), passphrase);
        setMessage({ kind: 'info', text: restoreMessage(report, t) });
        setPassphrase('');
        // A loaded file may count as the device's last backup (src/storage/backup.ts).
        setLastBackup(readLastBackup());
        // Restored unsent results go out now; the children's list reads the database anew.
        void import('../results/outbox').then(({ startOutbox }) => startOutbox().resume());
        window.dispatchEvent(new CustomEvent(CHILDREN_CHANGED_EVENT));
      } catch (error) {
        if (error instanceof SealedFileError && error.reason === 'wrong-passphrase') {
          setMessage({ kind: 'error', text: t('deviceData.backup.wrongPassphrase') });
        } else if (error instanceof SealedFileError && error.reason === 'unsealed') {
          setMessage({ kind: 'error', text: t('deviceData.backup.unsealed') });
        } else if (error instanceof SealedFileError && error.reason === 'weak-key') {
          setMessage({ kind: 'error', text: t('deviceData.backup.weakKey') });
        } else if (error instanceof BackupContentError && error.reason === 'future') {
          setMessage({ kind: 'error', text: t('deviceData.backup.future') });
        } else if (error instanceof SealedFileError || error instanceof BackupContentError) {
          setMessage({ kind: 'error', text: t('deviceData.backup.damaged') });
        } else throw error;
      }
    } catch (error) {
      console.error('Restore failed', error);
      setMessage({ kind: 'error', text: t('deviceData.backup.restoreFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel backup-panel" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="panel-title">
        {t('deviceData.backup.title')}
      </h2>
      <p className="panel-text">{t('deviceData.backup.text')}</p>
      <p className="panel-text backup-last">
        {lastBackup
          ? t('deviceData.status.lastBackup', { date: germanLocalDate(lastBackup) })
          : t('deviceData.status.noBackup')}
      </p>
      <button type="button" className="button" disabled={busy} onClick={() => void save()}>
        {t('deviceData.backup.save')}
      </button>
      {restoring ? (
        // Not a form of its own: the panel sits inside the details form (user-data-screen.tsx).
        <div className="backup-restore">
          <label htmlFor={ids.file} className="field-label">
            {t('deviceData.backup.file')}
          </label>
          <input id={ids.file} ref={file} type="file" accept=".zts,application/octet-stream" />
          <label htmlFor={ids.passphrase} className="field-label">
            {t('deviceData.backup.passphrase')}
          </label>
          <input
            id={ids.passphrase}
            type="password"
            className="text-input"
            autoComplete="off"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            onKeyDown={(e: KeyboardEvent) => {
              // Enter restores here instead of submitting the details form around the panel.
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (!busy) void restore();
            }}
          />
          <button type="button" className="button" disabled={busy} onClick={() => void restore()}>
            {t('deviceData.backup.restore')}
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setRestoring(true)}>
          {t('deviceData.backup.load')}
        </button>
      )}
      {message && (
        <p
          className={`backup-message${message.kind === 'error' ? ' backup-message-error' : ''}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
