import { RECORDED_PHRASES, TEXT_FIELDS } from './audio.ts';
import { readLanguageFacts } from './language-facts.ts';
import type { loadContent } from './load.ts';

/**
 * How many texts the recording coverage lists for the real content, counted from the packs rather
 * than written into the tests: every German text field of every question and every recorded phrase,
 * once per child language (a language pack with a result code).
 */
export function textsToRecord(questions: ReturnType<typeof loadContent>['questions']): number {
  const childLanguages = readLanguageFacts().filter((language) => language.resultCode !== undefined).length;
  const perLanguage =
    questions.reduce(
      (sum, question) => sum + TEXT_FIELDS.filter((field) => question.texts.de?.[field]).length,
      0,
    ) + RECORDED_PHRASES.length;
  return childLanguages * perLanguage;
}
