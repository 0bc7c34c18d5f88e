import { readLanguageFacts } from '../../schemas/language-facts.ts';
import { GERMAN, testLanguages } from '../../schemas/test-languages.ts';

/**
 * The child languages whose texts native speakers review (docs/product.md §50): the packs of the
 * server's content with a result code, German (the reference) excepted, in the educator's order.
 * Read from the languages the server bundle carries (scripts/build-server.ts), so it is cheap.
 */
export function childLanguageCodes(): string[] {
  return testLanguages(readLanguageFacts())
    .map((language) => language.code)
    .filter((code) => code !== GERMAN);
}
