import { useTranslation } from 'react-i18next';
import { de } from '../i18n/de';
import type { Statistics } from './api';
import { languageName, schoolName } from './format';
import { CountTable } from './tables';

/**
 * Counts of results. When the page's default 'Ton: mit Ton' leaves none because every result was
 * silent (a pilot run without sound), it says so and offers 'alle' (`onShowAll`).
 */
export function OverviewSection({
  overview,
  onShowAll,
}: {
  overview: Statistics['overview'];
  onShowAll(): void;
}) {
  const { t } = useTranslation();
  const monthName = (month: string | null) => {
    if (!month) return t('auswertung.unknown');
    const [year, monthIndex] = month.split('-').map(Number) as [number, number];
    return new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, monthIndex - 1, 1)),
    );
  };
  return (
    <section className="auswertung-card" aria-labelledby="overview-heading">
      <h2 id="overview-heading">{t('auswertung.overview.heading')}</h2>
      <p className="auswertung-total" data-testid="total">
        {t('auswertung.overview.total', { count: overview.total })}
      </p>
      <p className="auswertung-hint">{t('auswertung.overview.countsResults')}</p>
      {overview.soundExcluded > 0 && overview.total > 0 && (
        <p className="auswertung-hint" data-testid="sound-excluded">
          {t('auswertung.overview.soundExcluded', { count: overview.soundExcluded })}
        </p>
      )}
      {overview.endedExcluded > 0 && (
        <p className="auswertung-hint" data-testid="ended-excluded">
          {t('auswertung.overview.endedExcluded', { count: overview.endedExcluded })}
        </p>
      )}
      {overview.endedEarly.length > 0 && (
        <div data-testid="ended-early-counts">
          <CountTable
            caption={t('auswertung.overview.endedEarly')}
            rows={overview.endedEarly.map((row) => ({
              label: t('auswertung.overview.endedRow', {
                reason: endReasonName(row.reason),
                language: languageName(t, row.language),
              }),
              n: row.n,
            }))}
          />
        </div>
      )}
      <div data-testid="unusual-counts">
        {overview.unusualProfiles.length > 0 ? (
          <>
            <CountTable
              caption={t('auswertung.overview.unusual')}
              rows={overview.unusualProfiles.map((row) => ({
                label: languageName(t, row.language),
                n: row.n,
              }))}
            />
            <p className="auswertung-hint">{t('auswertung.overview.unusualHint')}</p>
          </>
        ) : (
          <p className="auswertung-hint">{t('auswertung.overview.noUnusual')}</p>
        )}
      </div>
      {overview.total === 0 && overview.soundExcluded > 0 ? (
        <div className="auswertung-empty" data-testid="only-silent">
          <p>{t('auswertung.overview.onlySilent', { count: overview.soundExcluded })}</p>
          <button type="button" className="auswertung-button" onClick={onShowAll}>
            {t('auswertung.overview.showAll')}
          </button>
        </div>
      ) : overview.total === 0 ? (
        <p>{t('auswertung.overview.empty')}</p>
      ) : (
        <div className="auswertung-grid">
          <CountTable
            caption={t('auswertung.overview.byLanguage')}
            rows={overview.byLanguage.map((row) => ({ label: languageName(t, row.key), n: row.n }))}
          />
          <CountTable
            caption={t('auswertung.overview.bySchool')}
            rows={overview.bySchool.map((row) => ({ label: schoolName(t, row.key), n: row.n }))}
          />
          <CountTable
            caption={t('auswertung.overview.bySchoolLevel')}
            rows={overview.bySchoolLevel.map((row) => ({
              label: row.key ? row.key : t('auswertung.overview.noSchoolLevel'),
              n: row.n,
            }))}
          />
          <CountTable
            caption={t('auswertung.overview.byMonth')}
            rows={overview.byMonth.map((row) => ({ label: monthName(row.key), n: row.n }))}
          />
        </div>
      )}
    </section>
  );
}

/** The reason of 'Test beenden' as the dialog words it (docs/product.md §38). */
function endReasonName(reason: string): string {
  return (de.endEarly.reasons as Record<string, string>)[reason] ?? reason;
}
