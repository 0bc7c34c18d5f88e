import type { Translate } from '../i18n';
import type { AssignedLevel, UnusualProfile } from './levels';

type TFunction = Translate;

const LIST = new Intl.ListFormat('de', { type: 'conjunction' });

/** Levels as German prose: [2, 3] → '2 und 3'. */
export function levelList(levels: readonly number[]): string {
  return LIST.format(levels.map(String));
}

/**
 * An unusual profile told as it is (docs/product.md §28), for the results page, its PDF and the
 * Gruppenübersicht: „Niveau 1 nicht erreicht, obwohl Niveau 2 und 3 erreicht: ungewöhnliches
 * Profil …“, what it may mean and what to do.
 */
export function unusualProfileText(
  profile: UnusualProfile,
  assigned: AssignedLevel,
  t: TFunction,
): { heading: string; paragraphs: string[] } {
  const unmet = levelList(profile.unmet);
  return {
    heading: t('result.unusual.heading'),
    paragraphs: [
      t('result.unusual.text', {
        unmet,
        achieved: levelList(profile.achievedAbove),
        assigned: assigned === 'above-3' ? t('result.levels.above3') : String(assigned),
      }),
      t('result.unusual.meaning', { unmet }),
      t('result.unusual.todo', { unmet }),
    ],
  };
}
