import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../schemas/verwaltung-api';
import {
  type Filter,
  filterFromQuery,
  filterQuery,
  loadStatistics,
  SessionEnded,
  type Statistics,
} from './api';
import { AuskunftSection } from './auskunft-section';
import { BilingualSection } from './bilingual-section';
import { DeleteChildSection } from './delete-child-section';
import { DeleteSection } from './delete-section';
import { DifSection } from './dif-section';
import { DownloadSection } from './download-section';
import { describeFilter, FilterForm } from './filter-section';
import { ItemSection } from './item-section';
import { LevelSection } from './level-section';
import { OverviewSection } from './overview-section';
import { ProgressSection } from './progress-section';
import { ProtokollSection } from './protokoll-section';
import { ReliabilitySection } from './reliability-section';

/**
 * The statistics, downloads and deletions of /auswertung, for the signed-in account's Einrichtungen
 * (the server limits every answer; the page offers only what the account may ask for). The
 * Protokoll is the Verwaltung's (docs/product.md §47).
 */
export function Dashboard({ me, onSessionEnded }: { me: Me; onSessionEnded(): void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>(() => filterFromQuery(window.location.search));
  const [statistics, setStatistics] = useState<Statistics>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  /** Counts the Auskünfte given, which the Protokoll shows: it loads again on each. */
  const [protokollVersion, setProtokollVersion] = useState(0);

  const load = useCallback(
    (applied: Filter) => {
      setLoading(true);
      setError('');
      loadStatistics(applied)
        .then(setStatistics)
        .catch((failure: Error) => {
          if (failure instanceof SessionEnded) onSessionEnded();
          else setError(failure.message);
        })
        .finally(() => setLoading(false));
    },
    [onSessionEnded],
  );

  useEffect(() => load(filter), [load, filter]);

  const apply = (next: Filter) => {
    // The address keeps the filter, so a reload or a bookmark shows the same selection.
    window.history.replaceState(null, '', `${window.location.pathname}${filterQuery(next)}`);
    setFilter(next);
  };

  return (
    <>
      <FilterForm
        filter={filter}
        versions={statistics?.overview.contentVersions ?? []}
        sites={statistics?.overview.sites ?? []}
        ownSites={me.sites === 'alle' ? undefined : me.sites}
        onApply={apply}
      />
      <p className="auswertung-status" role="status" aria-live="polite">
        {loading ? t('auswertung.loading') : describeFilter(filter, t)}
      </p>
      {error && (
        <p role="alert" className="auswertung-error">
          {t('auswertung.loadFailed', { message: error })}
        </p>
      )}
      {statistics && (
        <div className={loading ? 'auswertung-results auswertung-results--stale' : 'auswertung-results'}>
          <OverviewSection
            overview={statistics.overview}
            onShowAll={() => apply({ ...filter, sound: 'alle' })}
          />
          {statistics.overview.total > 0 && (
            <>
              <LevelSection levels={statistics.levels} />
              <ItemSection groups={statistics.items.groups} minChildren={statistics.items.minChildren} />
              <ReliabilitySection
                groups={statistics.items.groups}
                minChildren={statistics.items.minChildren}
              />
              <DifSection
                items={statistics.dif.items}
                languageFiltered={filter.language !== ''}
                minChildren={statistics.dif.minChildren}
              />
              <ProgressSection progress={statistics.progress} />
              <BilingualSection bilingual={statistics.bilingual} />
            </>
          )}
          <DownloadSection filter={filter} />
          <DeleteChildSection
            sites={
              me.sites === 'alle'
                ? (statistics.overview.sites.map((count) => count.key).filter(Boolean) as string[])
                : me.sites
            }
            onDeleted={() => load(filter)}
            onSessionEnded={onSessionEnded}
          />
          <DeleteSection onDeleted={() => load(filter)} onSessionEnded={onSessionEnded} />
          <AuskunftSection onDone={() => setProtokollVersion((n) => n + 1)} onSessionEnded={onSessionEnded} />
          {me.role === 'verwaltung' && (
            <ProtokollSection
              refresh={statistics}
              version={protokollVersion}
              onSessionEnded={onSessionEnded}
            />
          )}
        </div>
      )}
    </>
  );
}
