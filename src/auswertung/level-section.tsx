import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Levels } from './api';
import { FewChildrenWarning, markedName, PerChildNote } from './few-children';
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

/** Per group (a language, an age band): its label and its children per level. */
function levelTable(
  groups: { label: string; counts: number[] }[],
  minChildren: number,
): { groups: string[]; counts: number[][]; few: { name: string; n: number }[] } {
  const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);
  return {
    groups: groups.map((group) => markedName(group.label, total(group.counts) < minChildren)),
    counts: groups.map((group) => group.counts),
    few: groups
      .filter((group) => total(group.counts) < minChildren)
      .map((group) => ({ name: group.label, n: total(group.counts) })),
  };
}

export function LevelSection({ levels }: { levels: Levels }) {
  const { t } = useTranslation();
  const byLanguage = useMemo(() => {
    const codes = [...new Set(levels.byLanguage.map((row) => row.language))];
    return levelTable(
      codes.map((code) => ({
        label: languageName(t, code),
        counts: LEVELS.map(
          (level) => levels.byLanguage.find((row) => row.language === code && row.level === level)?.n ?? 0,
        ),
      })),
      levels.minChildren,
    );
  }, [levels, t]);
  const byAge = useMemo(() => {
    const bands = [...new Set(levels.byAgeBand.map((row) => row.band))];
    return levelTable(
      bands.map((band) => ({
        label: ageBandName(t, band),
        counts: LEVELS.map(
          (level) => levels.byAgeBand.find((row) => row.band === band && row.level === level)?.n ?? 0,
        ),
      })),
      levels.minChildren,
    );
  }, [levels, t]);
  return (
    <section className="auswertung-card" aria-labelledby="levels-heading">
      <h2 id="levels-heading">{t('auswertung.levels.heading')}</h2>
      <PerChildNote count={levels.n} test={levels.test} />
      <FewChildrenWarning min={levels.minChildren} groups={[...byLanguage.few, ...byAge.few]} />
      {/* docs/product.md §28: the assigned level keeps its rule in an unusual profile. */}
      <p className="auswertung-hint" data-testid="levels-unusual-note">
        {t('auswertung.levels.unusualNote')}
      </p>
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
