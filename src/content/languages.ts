import { languages } from 'virtual:zaehltest-languages';
import type { LanguageFact, TextDirection } from '../../schemas/language-pack';
import type { Progress } from '../../schemas/sprachen-api';
import { testLanguages } from '../../schemas/test-languages';
import { i18n } from '../i18n';

/**
 * The languages of the test, from the language packs (content/languages/<code>.yaml; docs/product.md,
 * languages as content): everything that differs by language — the list, names, result codes,
 * writing direction, voice, draft status — is read here, never spelled out in code.
 */

const byCode = new Map(languages.map((language) => [language.code, language]));

/**
 * The languages a child can be tested in, in the order of the 'Sprache' list: tr, ar, ro, then
 * German (docs/product.md §44), then the languages authors added, by name.
 */
export const childLanguages: readonly string[] = testLanguages(languages).map((language) => language.code);

/** The language a new child starts with: the pack that says `default: true`, else the first child language. */
export const defaultChildLanguage: string =
  languages.find((language) => language.default && language.resultCode !== undefined)?.code ??
  childLanguages[0] ??
  '';

/** Whether a code is a child language of the packs (a stored child may name one removed since). */
export const isChildLanguage = (code: string): boolean => childLanguages.includes(code);

export function languageFact(code: string): LanguageFact | undefined {
  return byCode.get(code);
}

/** The writing direction of a language: 'rtl' for Arabic, Persian …; 'ltr' for an unknown code. */
export function textDirection(code: string): TextDirection {
  return byCode.get(code)?.dir ?? 'ltr';
}

/** The German name ('Türkisch'); the code itself for a language no pack has any more. */
export function languageName(code: string): string {
  return byCode.get(code)?.name ?? code;
}

/** How many of a language's texts there are and how many native speakers confirmed (docs/product.md §50). */
export type ConfirmedTexts = Pick<Progress, 'texts' | 'confirmed'>;

/**
 * On a tablet, the results server's count for each language of this build, from its stored answer
 * (src/updates/stored-updates.ts sets it); elsewhere (the Auswertung, the preview) it stays empty.
 */
const served = new Map<string, ConfirmedTexts>();

/** Sets (or, with undefined, forgets) the server's count of a language's confirmed texts. */
export function setServedCount(code: string, count: ConfirmedTexts | undefined): void {
  if (count) served.set(code, count);
  else served.delete(code);
}

/**
 * Whether the language's texts are a draft. With a count — a test's, taken at 'Test beginnen', or
 * by default the server's count this tablet holds — until every text is confirmed by native
 * speakers (docs/product.md §50); with none (null, or no served count), the build's status: some
 * text is 'nicht geprüft' (content/reviews/). German is the reference and never a draft.
 */
export function isDraftLanguage(
  code: string,
  count: ConfirmedTexts | null = served.get(code) ?? null,
): boolean {
  const status = byCode.get(code)?.status;
  if (status === undefined) return false;
  if (count && count.texts > 0) return count.confirmed < count.texts;
  return status === 'Entwurf';
}

/** How many of the language's texts are 'nicht geprüft' (0 for a reviewed language). */
export function unreviewedTexts(code: string): number {
  return byCode.get(code)?.unreviewed ?? 0;
}

/**
 * The name as the educator reads it everywhere: 'Türkisch', 'Ukrainisch (Entwurf)'; `count` as for
 * isDraftLanguage (a test's start screen and result pass the test's own).
 */
export function languageLabel(code: string, count?: ConfirmedTexts | null): string {
  return isDraftLanguage(code, count)
    ? `${languageName(code)} ${i18n.t('languages.draft')}`
    : languageName(code);
}

/** The code of the language in the uploaded result ('2' for tr); '' for an unknown code. */
export function resultCode(code: string): string {
  return byCode.get(code)?.resultCode ?? '';
}

/** The BCP-47 tag that picks a device voice ('tr-TR'). */
export function speechLang(code: string): string {
  return byCode.get(code)?.speechLang ?? code;
}
