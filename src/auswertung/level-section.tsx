import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistics } from './api';
import { ageBandName, LEVELS, languageName, levelName } from './format';
import { LevelChart } from './level-chart';
import { NumberTable, Scroll } from './tables';

/** A chart and, below it, the same numbers as a table (screen readers, print, exact values). */
export function LevelBlock({
  title,
  groups,
  counts,
}: {
  title: string;
  groups: string[];
  counts: number[][];
}) {
  const { t } = useTranslation();
  const series = useMemo(
    () =>
      LEVELS.map((level, index) => ({
        name: levelName(t, level),
        counts: counts.map((row) => row[index] ?? 0),
      })),
    [t, counts],
  );
  return (
    <figure className="auswertung-figure">
      <figcaption>{title}</figcaption>
      <LevelChart label={t('auswertung.levels.chartLabel', { title })} groups={groups} series={series} />
      <Scroll label={title}>
        <NumberTable
          className="auswertung-table--levels"
          corner={t('auswertung.levels.group')}
          columns={LEVELS.map((level) => levelName(t, level))}
          rows={groups.map((group, row) => ({
            label: group,
            cells: LEVELS.map((_, column) => counts[row]?.[column] ?? 0),
          }))}
        />
      </Scroll>
    </figure>
  );
}

export function LevelSection({ overview }: { overview: Statistics['overview'] }) {
  const { t } = useTranslation();
  const byLanguage = useMemo(() => {
    const codes = [...new Set(overview.levelsByLanguage.map((row) => row.language))];
    return {
      groups: codes.map((code) => languageName(t, code)),
      counts: codes.map((code) =>
        LEVELS.map(
          (level) =>
            overview.levelsByLanguage.find((row) => row.language === code && row.level === level)?.n ?? 0,
        ),
      ),
    };
  }, [overview, t]);
  const byAge = useMemo(() => {
    const bands = [...new Set(overview.levelsByAgeBand.map((row) => row.band))];
    return {
      groups: bands.map((band) => ageBandName(t, band)),
      counts: bands.map((band) =>
        LEVELS.map(
          (level) => overview.levelsByAgeBand.find((row) => row.band === band && row.level === level)?.n ?? 0,
        ),
      ),
    };
  }, [overview, t]);
  return (
    <section className="auswertung-card" aria-labelledby="levels-heading">
      <h2 id="levels-heading">{t('auswertung.levels.heading')}</h2>
      <div className="auswertung-charts">
        <LevelBlock
          title={t('auswertung.levels.byLanguage')}
          groups={byLanguage.groups}
          counts={byLanguage.counts}
        />
        <LevelBlock title={t('auswertung.levels.byAge')} groups={byAge.groups} counts={byAge.counts} />
      </div>
    </section>
  );
}
