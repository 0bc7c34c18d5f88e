import type { BilingualPair } from '../children/bilingual';
import { languageLabel } from '../content/languages';
import { germanDate } from '../domain/date';
import type { Translate } from '../i18n';
import type { AssignedLevel } from './levels';

/** The German lines of a bilingual profile (docs/product.md §44), for the screen and the PDFs. */
export interface BilingualTexts {
  heading: string;
  /** 'Türkisch: Niveau 2 · Deutsch: Niveau 3'. */
  pair: string;
  /** When the two tests were taken. */
  dates: string;
  /** What the comparison may say, and no more: a difference points to the language. */
  note: string;
}

/** 'Niveau 2', 'Niveau größer 3'. */
export function levelName(level: AssignedLevel, t: Translate): string {
  return t('bilingual.level', { level: level === 'above-3' ? t('result.levels.above3') : String(level) });
}

export function bilingualTexts(pair: BilingualPair, t: Translate): BilingualTexts {
  const home = languageLabel(pair.home.language);
  return {
    heading: t('bilingual.heading'),
    pair: t('bilingual.pair', {
      home,
      homeLevel: levelName(pair.home.assignedLevel, t),
      germanLevel: levelName(pair.german.assignedLevel, t),
    }),
    dates: t('bilingual.dates', {
      home,
      homeDate: germanDate(pair.home.testDate),
      germanDate: germanDate(pair.german.testDate),
    }),
    note: pair.germanCompared === 'same' ? t('bilingual.same') : t('bilingual.differs'),
  };
}
