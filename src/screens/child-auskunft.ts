import type { TextDirection } from '../../schemas/language-pack';
import { researchConsentOf } from '../children/consent';
import type { Child, LocalResult } from '../children/types';
import { languageLabel, textDirection } from '../content/languages';
import { germanDate, germanLocalDate } from '../domain/date';
import type { Translate } from '../i18n';
import type { de } from '../i18n/de';

/** One line of the Auskunft: a label and its value; `dir` where the value is the child's name. */
export interface AuskunftLine {
  label: string;
  value: string;
  dir?: TextDirection;
}

export interface AuskunftSection {
  heading: string;
  lines: AuskunftLine[];
}

/** The Auskunft of the tablet (Art. 15 DSGVO, docs/product.md §48) in German, ready to draw. */
export interface ChildAuskunft {
  title: string;
  subtitle: string;
  intro: string;
  sections: AuskunftSection[];
  /** Shown when the device holds no test of the child. */
  noTests?: string;
  pageLabel(page: number, pages: number): string;
}

/**
 * Everything this device holds about a child, for the parents' request (Art. 15 DSGVO): the
 * details, the consent with its withdrawal, and every test kept with its date, language, level,
 * points and answers. Built from what the device stores (children/types.ts), nothing else.
 */
export function childAuskunft(
  child: Child,
  results: readonly LocalResult[],
  t: Translate,
  now: Date,
  site?: string,
): ChildAuskunft {
  const a = (key: Exclude<keyof typeof de.consent.auskunft, 'test' | 'subtitle' | 'pageLabel'>): string =>
    t(`consent.auskunft.${key}`);
  const none = a('none');
  const yesNo = (value: boolean) => (value ? a('yes') : a('no'));
  const consent = child.consent;
  const sections: AuskunftSection[] = [
    {
      heading: a('childHeading'),
      lines: [
        { label: a('name'), value: child.name || t('children.noName'), dir: textDirection(child.language) },
        { label: a('birthDate'), value: child.birthDate ? germanDate(child.birthDate) : none },
        { label: a('code'), value: child.code },
        { label: a('school'), value: t(`userData.schools.${child.school}`) },
        { label: a('schoolLevel'), value: child.schoolLevel || none },
        { label: a('language'), value: languageLabel(child.language) },
        { label: a('site'), value: site || none },
        { label: a('createdAt'), value: germanLocalDate(child.createdAt) },
        { label: a('updatedAt'), value: germanLocalDate(child.updatedAt) },
      ],
    },
    {
      heading: a('consentHeading'),
      lines: consent
        ? [
            { label: a('consentDate'), value: germanDate(consent.date) },
            { label: a('consentScreening'), value: yesNo(consent.screening) },
            { label: a('consentResearch'), value: yesNo(consent.research) },
            {
              label: a('consentWithdrawn'),
              value: consent.withdrawnOn ? germanDate(consent.withdrawnOn) : none,
            },
            { label: a('researchSent'), value: t(`consent.researchValues.${researchConsentOf(consent)}`) },
          ]
        : [
            { label: a('consentDate'), value: t('consent.none') },
            { label: a('researchSent'), value: t('consent.researchValues.unknown') },
          ],
    },
    ...results.map((result, index) => ({
      heading: `${a('testsHeading')}: ${t('consent.auskunft.test', { index: index + 1, total: results.length })}`,
      lines: [
        { label: a('testDate'), value: germanDate(result.testDate) },
        { label: a('testLanguage'), value: languageLabel(result.language) },
        {
          label: a('level'),
          value: result.endedEarly
            ? none
            : result.assignedLevel === 'above-3'
              ? t('result.levels.above3')
              : String(result.assignedLevel),
        },
        {
          label: a('points'),
          value: result.levels.map((level) => `${level.points}/${level.questions}`).join(' · '),
        },
        {
          label: a('endedEarly'),
          value: result.endedEarly ? t(`endEarly.reasons.${result.endedEarly.reason}`) : none,
        },
        {
          label: a('understanding'),
          value: result.understanding ? t(`understanding.values.${result.understanding}`) : none,
        },
        {
          label: a('answers'),
          value: result.answers
            .map((answer) => `${answer.question}: ${answer.given === '' ? none : answer.given}`)
            .join(', '),
        },
      ],
    })),
  ];
  return {
    title: a('title'),
    subtitle: t('consent.auskunft.subtitle', { date: germanLocalDate(now) }),
    intro: a('intro'),
    sections,
    ...(results.length === 0 ? { noTests: a('noTests') } : {}),
    pageLabel: (page, pages) => t('consent.auskunft.pageLabel', { page, pages }),
  };
}
