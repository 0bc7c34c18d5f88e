import { languages } from 'virtual:zaehltest-languages';
import { GERMAN, testLanguages } from '../../schemas/test-languages';
import { PAIR_DAYS } from '../children/bilingual';

/**
 * The parts of the page's German texts that name languages, built from the packs (docs/product.md,
 * languages as content): no text of /auswertung spells out a language. i18next fills them into every
 * string as default variables (src/auswertung/i18n.ts); the column list, read without i18next, gets
 * them through fillLanguages.
 */
const childLanguages = testLanguages(languages);
/** The DIF reference group: the pack with `default: true`, else the first child language. */
const reference = childLanguages.find((language) => language.default) ?? childLanguages[0];

export const LANGUAGE_VARIABLES = {
  /** 'Türkisch' */
  reference: reference?.name ?? '',
  /** 'Türkisch, Arabisch, Rumänisch, Ukrainisch' */
  languageList: childLanguages.map((language) => language.name).join(', '),
  /** '2 Türkisch, 3 Arabisch, 4 Rumänisch, 5 Ukrainisch' */
  languageCodes: childLanguages.map((language) => `${language.resultCode} ${language.name}`).join(', '),
  /** 'Deutsch': the other side of a bilingual pair (docs/product.md §44). */
  german: childLanguages.find((language) => language.code === GERMAN)?.name ?? '',
  /** '56': the most days between the two tests of a bilingual pair (src/children/bilingual.ts). */
  pairDays: String(PAIR_DAYS),
} as const;

/** A text with {{reference}}, {{languageList}}, {{languageCodes}}, {{german}} and {{pairDays}} filled in. */
export function fillLanguages(text: string): string {
  const variables: Readonly<Record<string, string>> = LANGUAGE_VARIABLES;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => variables[name] ?? whole);
}
