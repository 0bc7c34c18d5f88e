import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATENSCHUTZ_FILES } from '../../schemas/verwaltung-api';
import { offerDownload } from '../ui/offer-download';
import { loadDatenschutz } from './api';
import { useFailure } from './shared';

/**
 * 'Datenschutz-Unterlagen' (Verwaltung only, docs/privacy.md): the drafts of `npm run datenschutz`,
 * written by the server from its own settings, one download per document as Markdown. Each click
 * asks the server anew, which records the download in the Protokoll.
 */
export function DatenschutzSection({ onSessionEnded }: { onSessionEnded(): void }) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const [working, setWorking] = useState<keyof typeof DATENSCHUTZ_FILES>();
  const [error, setError] = useState('');

  const download = async (key: keyof typeof DATENSCHUTZ_FILES) => {
    setWorking(key);
    setError('');
    try {
      const document = (await loadDatenschutz()).find(({ file }) => file === DATENSCHUTZ_FILES[key]);
      if (!document) throw new Error(t('verwaltung.datenschutz.missing'));
      offerDownload(document.file, new Blob([document.text], { type: 'text/markdown;charset=utf-8' }));
    } catch (failure) {
      failed(failure, setError);
    } finally {
      setWorking(undefined);
    }
  };

  return (
    <section id="datenschutz" className="auswertung-card" aria-labelledby="datenschutz-heading">
      <h2 id="datenschutz-heading">{t('verwaltung.datenschutz.heading')}</h2>
      <p className="auswertung-hint">{t('verwaltung.datenschutz.intro')}</p>
      <p className="auswertung-hint">{t('verwaltung.datenschutz.check')}</p>
      <ul className="verwaltung-downloads">
        {(Object.keys(DATENSCHUTZ_FILES) as (keyof typeof DATENSCHUTZ_FILES)[]).map((key) => (
          <li key={key}>
            <button
              type="button"
              className="auswertung-button auswertung-button--quiet"
              disabled={working !== undefined}
              onClick={() => void download(key)}
            >
              {working === key
                ? t('verwaltung.datenschutz.loading')
                : t('verwaltung.datenschutz.download', {
                    label: t(`verwaltung.datenschutz.files.${key}`),
                  })}
            </button>
          </li>
        ))}
      </ul>
      <p className="auswertung-hint">{t('verwaltung.datenschutz.format')}</p>
      {error && (
        <p role="alert" className="auswertung-error">
          {t('verwaltung.datenschutz.failed', { message: error })}
        </p>
      )}
    </section>
  );
}
