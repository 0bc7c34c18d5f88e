import { readLanguageFacts } from '../schemas/language-facts.ts';
import type { LanguageFact } from '../schemas/language-pack.ts';
import { GERMAN, testLanguages } from '../schemas/test-languages.ts';

/**
 * The child languages of the test, from the language packs (content/languages/<code>.yaml): their
 * result codes are what an upload may carry, their names what the CSV and /auswertung show
 * (docs/product.md, languages as content).
 */
export const CHILD_LANGUAGES: readonly LanguageFact[] = testLanguages(readLanguageFacts());

/** The result codes of the child languages, in the order of the educator's list ('2', '3', '4', '1', …). */
export const RESULT_CODES: readonly string[] = CHILD_LANGUAGES.map((language) => language.resultCode ?? '');

/** The reference group of the DIF analysis: the default child language (the pack with `default: true`). */
export const REFERENCE_LANGUAGE_FACT: LanguageFact | undefined =
  CHILD_LANGUAGES.find((language) => language.default) ?? CHILD_LANGUAGES[0];
export const REFERENCE_RESULT_CODE = REFERENCE_LANGUAGE_FACT?.resultCode ?? '';

/**
 * German's result code ('1'), read from its pack: one side of a bilingual pair (docs/product.md §44);
 * undefined when no German pack has a result code (then no result has a partner).
 */
export const GERMAN_RESULT_CODE: string | undefined = CHILD_LANGUAGES.find(
  (language) => language.code === GERMAN,
)?.resultCode;

/** The language of a result code, if a pack has it. */
export function languageOfResultCode(code: string): LanguageFact | undefined {
  return CHILD_LANGUAGES.find((language) => language.resultCode === code);
}

/** 'Türkisch', or 'Ukrainisch (Entwurf)' for a draft language; '' for a code no pack has. */
export function resultLanguageLabel(code: string): string {
  const language = languageOfResultCode(code);
  if (!language) return '';
  return language.status === 'Entwurf' ? `${language.name} (Entwurf)` : language.name;
}
