import { type OverviewRow, SORT_KEYS, type SortKey } from '../children/overview';
import { languageLabel } from '../content/languages';
import { germanDate } from '../domain/date';
import type { Translate } from '../i18n';

type TFunction = Translate;

/** One row of the Gruppenübersicht in German, for the table on screen and the printed PDF alike. */
export interface OverviewCells {
  name: string;
  age: string;
  language: string;
  lastTest: string;
  level1: string;
  level2: string;
  level3: string;
  assigned: string;
  unmet: string;
  retest: string;
}

/** The table's columns, in order: every sort key is a column. */
export const COLUMN_KEYS: readonly SortKey[] = SORT_KEYS;

/** The texts of a row; `today` (YYYY-MM-DD) marks a re-test date that has come as 'fällig'. */
export function overviewCells(row: OverviewRow, today: string, t: TFunction): OverviewCells {
  const none = t('overview.none');
  const last = row.last;
  const points = (index: number) => {
    const level = last?.levels[index];
    // A level a test ended early left incomplete has no points (docs/product.md §38).
    return level && row.points[index] !== null
      ? t('result.levels.pointsOf', { points: level.points, questions: level.questions })
      : none;
  };
  return {
    name: row.child.name || t('children.noName'),
    age: row.age === null ? none : t('overview.years', { count: row.age }),
    language: languageLabel(row.child.language),
    lastTest: last ? germanDate(last.testDate) : t('overview.notTested'),
    level1: points(0),
    level2: points(1),
    level3: points(2),
    assigned: last?.endedEarly
      ? t('overview.endedEarly', { reason: t(`endEarly.short.${last.endedEarly.reason}`) })
      : last
        ? last.assignedLevel === 'above-3'
          ? t('result.levels.above3')
          : String(last.assignedLevel)
        : none,
    unmet: !row.lastComplete
      ? none
      : row.unmetLevels.length === 0
        ? t('overview.allReached')
        : t('overview.unmetLevels', { levels: row.unmetLevels.join(', ') }),
    retest: !row.retestFrom
      ? none
      : row.retestFrom <= today
        ? t('overview.retestDue', { date: germanDate(row.retestFrom) })
        : germanDate(row.retestFrom),
  };
}
