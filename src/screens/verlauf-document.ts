import { latestPair, pairOf } from '../children/bilingual';
import type { VerlaufEntry } from '../children/verlauf';
import { languageLabel } from '../content/languages';
import { germanDate } from '../domain/date';
import { SCORED_LEVELS, SCORED_QUESTION_LEVELS } from '../domain/facts';
import type { Translate } from '../i18n';
import { bilingualTexts } from '../results/bilingual-text';
import type { AssignedLevel } from '../results/levels';
import type { VerlaufSection } from '../results/result-document';

type TFunction = Translate;

/** Questions per scored level (seven each, docs/product.md §25). */
const QUESTIONS_PER_LEVEL = Object.values(SCORED_QUESTION_LEVELS).filter((level) => level === 1).length;

/** The Verlauf in German, for the results page, its PDF and the Gruppenübersicht alike. */
export function verlaufSection(entries: readonly VerlaufEntry[], t: TFunction): VerlaufSection {
  const assigned = (level: AssignedLevel) =>
    level === 'above-3' ? t('result.levels.above3') : String(level);
  const results = entries.map((entry) => entry.result);
  // Tests in more than one language name theirs beside the date (German beside the home language, §44).
  const languages = new Set(results.map((result) => result.language));
  const current = entries.find((entry) => entry.current)?.result;
  const pair = current ? pairOf(results, current) : latestPair(results);
  return {
    ...(pair ? { bilingual: bilingualTexts(pair, t) } : {}),
    heading: t('verlauf.heading'),
    intro: entries.length <= 1 ? t('verlauf.first') : t('verlauf.intro', { count: entries.length }),
    columns: [
      t('verlauf.columns.date'),
      ...SCORED_LEVELS.map((level) => t('verlauf.columns.level', { level })),
      t('verlauf.columns.assigned'),
      t('verlauf.columns.change'),
    ],
    rows: entries.map(({ result, current, change }) => {
      const date =
        languages.size > 1
          ? `${germanDate(result.testDate)} · ${languageLabel(result.language)}`
          : germanDate(result.testDate);
      // A test ended early assigns no level and is compared with nothing (docs/product.md §38).
      const changeText = result.endedEarly
        ? t('verlauf.endedNoChange')
        : change
          ? [
              ...change.points.map(({ level, delta }) =>
                t('verlauf.pointsChange', { level, delta: signed(delta) }),
              ),
              change.assigned.direction === 'same'
                ? t('verlauf.assignedSame', { level: assigned(change.assigned.to) })
                : `${t('verlauf.assignedChange', {
                    from: assigned(change.assigned.from),
                    to: assigned(change.assigned.to),
                  })} (${t(`verlauf.direction.${change.assigned.direction}`)})`,
            ].join(' · ')
          : t('verlauf.firstTest');
      return {
        key: result.submissionId,
        current,
        cells: [
          current ? `${date} ${t('verlauf.thisTest')}` : date,
          ...SCORED_LEVELS.map((level) => {
            const row = result.levels.find((candidate) => candidate.level === level);
            // A level a test ended early left incomplete has no points (docs/product.md §38).
            if (!row || (result.endedEarly && row.questions < QUESTIONS_PER_LEVEL)) return '—';
            return t('result.levels.pointsOf', { points: row.points, questions: row.questions });
          }),
          result.endedEarly
            ? t('verlauf.endedEarly', { reason: t(`endEarly.short.${result.endedEarly.reason}`) })
            : assigned(result.assignedLevel),
          changeText,
        ],
      };
    }),
  };
}

/** +2, −1, ±0: the sign is written out, so the change reads without colour. */
export function signed(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${-delta}`;
  return '±0';
}
