import { RECORDED_LANGUAGES, RECORDED_PHRASES, TEXT_FIELDS } from './audio.ts';
import type { loadContent } from './load.ts';

/**
 * How many texts the recording coverage lists for the real content, counted from the packs rather
 * than written into the tests: every German text field of every question and every recorded phrase,
 * once per recorded language (a home language; German is spoken by the device's voice).
 */
export function textsToRecord(questions: ReturnType<typeof loadContent>['questions']): number {
  const childLanguages = RECORDED_LANGUAGES.length;
  const perLanguage =
    questions.reduce(
      (sum, question) => sum + TEXT_FIELDS.filter((field) => question.texts.de?.[field]).length,
      0,
    ) + RECORDED_PHRASES.length;
  return childLanguages * perLanguage;
}
