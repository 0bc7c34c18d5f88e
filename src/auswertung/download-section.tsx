import { useTranslation } from 'react-i18next';
import { deAuswertung } from '../i18n/de-auswertung';
import { downloadUrl, type Filter } from './api';
import { fillLanguages } from './language-texts';

/**
 * The CSV's columns in their order, explained (server/export.ts CSV_COLUMNS; a server test keeps
 * the two lists equal). Read from the German resource as a list: column names contain dots, which
 * i18next would take for nested keys.
 */
const COLUMNS = deAuswertung.columns.list;

export function DownloadSection({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  return (
    <section className="auswertung-card auswertung-no-print" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">{t('auswertung.downloads.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.downloads.intro')}</p>
      <p className="auswertung-links">
        <a className="auswertung-button" href={downloadUrl('csv', filter)} download>
          {t('auswertung.downloads.csv')}
        </a>
        <a className="auswertung-button auswertung-button--quiet" href={downloadUrl('json', filter)} download>
          {t('auswertung.downloads.json')}
        </a>
      </p>
      <details className="auswertung-columns">
        <summary>{t('auswertung.columns.heading')}</summary>
        <p className="auswertung-hint">{t('auswertung.columns.intro')}</p>
        <dl>
          {COLUMNS.map((column) => (
            <div key={column.name}>
              <dt>{column.name}</dt>
              <dd>{fillLanguages(column.text)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
