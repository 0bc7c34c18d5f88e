import { languages } from 'virtual:zaehltest-languages';
import { SCHOOLS, type School } from '../domain/facts';
import type { Translate } from '../i18n';

/** `t` as a parameter (see Translate in src/i18n: the spelled-out type keeps TypeScript within its depth). */
export type T = Translate;

/** The child languages of the packs (content/languages/), in the order of the educator's list. */
const CHILD_LANGUAGES = languages.filter((language) => language.resultCode !== undefined);
/** Result-side language codes, in the order of the filter and the tables. */
export const LANGUAGE_CODES: readonly string[] = CHILD_LANGUAGES.map((language) => language.resultCode ?? '');
export { SCHOOLS };
/** Whether some child language is a draft, so that '(Entwurf)' shows and is explained. */
export const ANY_DRAFT_LANGUAGE = CHILD_LANGUAGES.some((language) => language.status === 'Entwurf');
/** Assigned levels: 1..3, and 4 for 'größer 3'. */
export const LEVELS = [1, 2, 3, 4] as const;

const decimal = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 0 });
/** Two decimals, German style; a value that rounds to zero shows as 0,00, never -0,00. */
export const number = (value: number | null) =>
  value === null ? '–' : decimal.format(Math.abs(value) < 0.005 ? 0 : value);
/** A change in points, one decimal with its sign: +1,5, −0,3, 0,0. */
export const signed = (value: number | null) => {
  if (value === null) return '–';
  const rounded = Math.abs(value) < 0.05 ? 0 : value;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : ''}${oneDecimal.format(Math.abs(rounded))}`;
};
/** One decimal (weeks). */
export const tenths = (value: number | null) => (value === null ? '–' : oneDecimal.format(value));

const isSchool = (school: string | null): school is School =>
  school !== null && (SCHOOLS as readonly string[]).includes(school);

/** The German name of a result code ('Türkisch', 'Ukrainisch (Entwurf)'), from the packs. */
export const languageName = (t: T, code: string | null) => {
  const language = CHILD_LANGUAGES.find((candidate) => candidate.resultCode === code);
  if (!language) return t('auswertung.unknown');
  return language.status === 'Entwurf' ? `${language.name} ${t('auswertung.draft')}` : language.name;
};

export const schoolName = (t: T, school: string | null) =>
  isSchool(school) ? t(`auswertung.schools.${school}`) : t('auswertung.unknown');

export function levelName(t: T, level: number): string {
  return level === 4 ? t('auswertung.levels.above3') : t('auswertung.levels.level', { level });
}

export function ageBandName(t: T, band: number | null): string {
  if (band === null) return t('auswertung.levels.ageUnknown');
  if (band <= 3) return t('auswertung.levels.under4');
  if (band >= 10) return t('auswertung.levels.tenPlus');
  return t('auswertung.levels.years', { years: band });
}

/** TT.MM.JJJJ, HH:MM of an ISO time in `timeZone` (the server's EXPORT_TIME_ZONE, as in its CSV). */
export function formatAt(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}
