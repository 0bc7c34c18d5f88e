import { useTranslation } from 'react-i18next';
import type { ChangeStatistic, Progress, ProgressGroup } from './api';
import { LEVELS, languageName, levelName, number, signed, type T, tenths } from './format';
import { LevelBlock } from './level-section';
import { NumberTable, Scroll } from './tables';

function groupLabel(t: T, group: ProgressGroup): string {
  if (group.by === 'language') return languageName(t, group.key);
  if (group.by === 'firstLevel')
    return t('auswertung.progress.firstLevel', { level: levelName(t, Number(group.key)) });
  return t('auswertung.progress.all');
}

const total = (group: ProgressGroup) => group.changes[3] as ChangeStatistic;

/** Children per change in points, one row per change that occurs, one column per level and the total. */
function distributionRows(t: T, all: ProgressGroup) {
  const changes = [
    ...new Set(all.changes.flatMap((change) => change.distribution.map((entry) => entry.change))),
  ].sort((a, b) => a - b);
  return changes.map((change) => ({
    label: t('auswertung.progress.points', { change: signed(change).replace(',0', '') }),
    cells: all.changes.map(
      (statistic) => statistic.distribution.find((entry) => entry.change === change)?.n ?? 0,
    ),
  }));
}

/** 'Verlauf': the change between each child's first and latest test (docs/product.md, Verlauf). */
export function ProgressSection({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  const all = progress.groups.find((group) => group.by === 'all');
  const measures = [1, 2, 3].map((level) => t('auswertung.progress.level', { level }));
  const firstLevels = LEVELS.filter((level) => progress.transitions.some((entry) => entry.from === level));
  return (
    <section className="auswertung-card" aria-labelledby="progress-heading" data-testid="progress">
      <h2 id="progress-heading">{t('auswertung.progress.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.progress.intro')}</p>
      <p className="auswertung-total" data-testid="progress-children">
        {t('auswertung.progress.children', { count: progress.children })}
      </p>
      <p className="auswertung-hint">
        {t('auswertung.progress.withCode', {
          results: progress.resultsWithCode,
          children: progress.childrenWithCode,
        })}
      </p>
      {progress.children === 0 || !all ? (
        <p>{t('auswertung.progress.none')}</p>
      ) : (
        <>
          <h3>{t('auswertung.progress.changeHeading')}</h3>
          <Scroll label={t('auswertung.progress.changeCaption')}>
            <NumberTable
              className="auswertung-table--progress"
              caption={t('auswertung.progress.changeCaption')}
              corner={t('auswertung.progress.group')}
              columns={[
                t('auswertung.progress.n'),
                t('auswertung.progress.weeks'),
                ...measures,
                t('auswertung.progress.total'),
                `${t('auswertung.progress.sd')} (${t('auswertung.progress.total')})`,
                `${t('auswertung.progress.median')} (${t('auswertung.progress.total')})`,
              ]}
              rows={progress.groups.map((group) => ({
                label: groupLabel(t, group),
                cells: [
                  group.n,
                  tenths(group.meanWeeks),
                  ...group.changes.map((change) => signed(change.mean)),
                  number(total(group).sd),
                  signed(total(group).median),
                ],
              }))}
            />
          </Scroll>
          <h3>{t('auswertung.progress.directionHeading')}</h3>
          <Scroll label={t('auswertung.progress.directionCaption')}>
            <NumberTable
              caption={t('auswertung.progress.directionCaption')}
              corner={t('auswertung.progress.group')}
              columns={[
                t('auswertung.progress.down'),
                t('auswertung.progress.same'),
                t('auswertung.progress.up'),
              ]}
              rows={progress.groups.map((group) => ({
                label: groupLabel(t, group),
                cells: [total(group).down, total(group).same, total(group).up],
              }))}
            />
          </Scroll>
          <h3>{t('auswertung.progress.distributionHeading')}</h3>
          <Scroll label={t('auswertung.progress.distributionCaption')}>
            <NumberTable
              className="auswertung-table--distribution"
              caption={t('auswertung.progress.distributionCaption')}
              corner={t('auswertung.progress.change')}
              columns={[...measures, t('auswertung.progress.total')]}
              rows={distributionRows(t, all)}
            />
          </Scroll>
          <h3>{t('auswertung.progress.levelsHeading')}</h3>
          <p className="auswertung-flagged" data-testid="progress-moved">
            {t('auswertung.progress.moved', {
              up: progress.movedUp,
              stayed: progress.stayed,
              down: progress.movedDown,
            })}
          </p>
          <LevelBlock
            title={t('auswertung.progress.levelsChart')}
            groups={firstLevels.map((level) =>
              t('auswertung.progress.firstLevelRow', { level: levelName(t, level) }),
            )}
            counts={firstLevels.map((from) =>
              LEVELS.map(
                (to) => progress.transitions.find((entry) => entry.from === from && entry.to === to)?.n ?? 0,
              ),
            )}
          />
        </>
      )}
    </section>
  );
}
