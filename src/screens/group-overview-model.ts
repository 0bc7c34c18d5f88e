import { GERMAN } from '../../schemas/test-languages';
import { type OverviewRow, SORT_KEYS, type SortKey } from '../children/overview';
import { languageLabel } from '../content/languages';
import { germanDate } from '../domain/date';
import type { Translate } from '../i18n';
import { activityGroups } from '../results/activity-groups';
import { bilingualTexts } from '../results/bilingual-text';
import { unusualProfile } from '../results/levels';
import type { ActivityGroup } from '../results/result-document';
import { levelList } from '../results/unusual-profile-text';

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

/** 'Niveau 3 · Türkisch': a text of another test than the newest, with that test's language. */
function withLanguage(text: string, language: string | undefined): string {
  return language ? `${text} · ${languageLabel(language)}` : text;
}

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
    // The newest test in another language than the child's (German beside it, §44) says so.
    language:
      last && last.language !== row.child.language
        ? t('overview.lastInLanguage', {
            language: languageLabel(row.child.language),
            last: languageLabel(last.language),
          })
        : languageLabel(row.child.language),
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
      : withLanguage(
          row.unmetLevels.length === 0
            ? t('overview.allReached')
            : unusualProfile(row.lastComplete.levels)
              ? t('overview.unmetUnusual', { levels: row.unmetLevels.join(', ') })
              : t('overview.unmetLevels', { levels: row.unmetLevels.join(', ') }),
          // Read from a test in another language than the newest (a bilingual pair, §44): it says which.
          row.lastComplete.language !== last?.language ? row.lastComplete.language : undefined,
        ),
    retest: !row.retestFrom
      ? none
      : row.retestFrom <= today
        ? t('overview.retestDue', { date: germanDate(row.retestFrom) })
        : germanDate(row.retestFrom),
  };
}

/**
 * What to do next for one child (docs/product.md, Gruppenübersicht): when to test again, what the
 * newest test leaves to support, and what to keep in mind about how it went.
 */
export interface NextStep {
  /** 'Erneut testen ab 01.02.2027', 'fällig seit 01.02.2027' or 'noch nicht getestet'. */
  retest: string;
  due: boolean;
  /** 'ohne Ton', 'vorzeitig beendet: müde', 'Sprachverständnis: teilweise' of the newest test. */
  marks: string[];
  /** A level not reached below a reached one, in one line (the results page tells it at length). */
  unusual?: string;
  /**
   * The Förderhinweise of the newest test run to its end when it left a level unreached: the same
   * groups as on its results page (src/results/activity-groups.ts).
   */
  support: ActivityGroup[];
  /**
   * A bilingual profile of the newest test run to its end (docs/product.md §44): 'Türkisch: Niveau 2
   * · Deutsch: Niveau 3' and what a difference points to.
   */
  bilingual?: { pair: string; note: string };
  /**
   * The newest test says the child did not understand its language ('Test beenden' with that reason,
   * or 'Sprachverständnis: nein'): the next step is German or another language; with 'Auf Deutsch
   * testen' when that test was not in German.
   */
  otherLanguage?: { text: string; offerGerman: boolean };
}

export function nextStep(row: OverviewRow, today: string, t: TFunction): NextStep {
  const last = row.last;
  const due = row.retestFrom !== '' && row.retestFrom <= today;
  const retest = !row.retestFrom
    ? t('overview.notTested')
    : due
      ? t('overview.next.dueSince', { date: germanDate(row.retestFrom) })
      : t('overview.next.retestFrom', { date: germanDate(row.retestFrom) });
  const marks: string[] = [];
  if (last?.silentPrompts && last.silentPrompts.count > 0)
    marks.push(
      last.silentPrompts.count === last.silentPrompts.total
        ? t('overview.next.silent')
        : t('overview.next.silentPartly', last.silentPrompts),
    );
  if (last?.endedEarly)
    marks.push(t('overview.endedEarly', { reason: t(`endEarly.short.${last.endedEarly.reason}`) }));
  if (last?.understanding && last.understanding !== 'yes')
    marks.push(`${t('understanding.label')}: ${t(`understanding.values.${last.understanding}`)}`);
  const complete = row.lastComplete;
  const profile = complete ? unusualProfile(complete.levels) : undefined;
  const pairTexts = row.pair ? bilingualTexts(row.pair, t) : undefined;
  const notUnderstood = last?.endedEarly?.reason === 'language' || last?.understanding === 'no';
  return {
    ...(pairTexts ? { bilingual: { pair: pairTexts.pair, note: pairTexts.note } } : {}),
    ...(notUnderstood && last
      ? { otherLanguage: { text: t('bilingual.otherLanguage'), offerGerman: last.language !== GERMAN } }
      : {}),
    retest,
    due,
    marks,
    ...(profile
      ? {
          unusual: t('overview.next.unusual', {
            unmet: levelList(profile.unmet),
            achieved: levelList(profile.achievedAbove),
          }),
        }
      : {}),
    support: complete && row.needsSupport ? activityGroups(complete.levels, complete.assignedLevel, t) : [],
  };
}
