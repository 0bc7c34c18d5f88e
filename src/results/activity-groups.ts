import { levels as levelTexts } from 'virtual:zaehltest-levels';
import type { Translate } from '../i18n';
import { type AssignedLevel, type LevelSummary, unusualProfile } from './levels';
import type { ActivityGroup } from './result-document';

type TFunction = Translate;

/**
 * The Förderhinweise (docs/product.md §22): those of the assigned level; in an unusual profile those
 * of every level not reached instead, so that no text says all levels were reached when one was not.
 * One source for the results page, its PDF and the Gruppenübersicht.
 */
export function activityGroups(
  levels: readonly Pick<LevelSummary, 'level' | 'achieved'>[],
  assignedLevel: AssignedLevel,
  t: TFunction,
): ActivityGroup[] {
  const groupOf = (
    level: '1' | '2' | '3',
    key: 'result.activitiesUnmet' | 'result.meanings.activities',
  ): ActivityGroup => ({
    heading: t(key, { level, title: levelTexts[level].title }),
    items: [...levelTexts[level].activities],
    level,
  });
  if (unusualProfile(levels)) {
    return levels
      .filter((row) => !row.achieved)
      .map((row) => groupOf(String(row.level) as '1' | '2' | '3', 'result.activitiesUnmet'));
  }
  if (assignedLevel === 'above-3') {
    return [
      {
        heading: t('result.meanings.activitiesAbove3'),
        description: levelTexts.above3.description,
        items: [...levelTexts.above3.activities],
        level: 'above3',
      },
    ];
  }
  return [groupOf(String(assignedLevel) as '1' | '2' | '3', 'result.meanings.activities')];
}
