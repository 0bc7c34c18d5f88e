import {
  defaultContentDir,
  languageTexts,
  readLanguageFacts,
  readReviewRecord,
  reviewHash,
} from '../../schemas/language-facts.ts';
import type { CatalogueText, TextGroup } from '../../schemas/sprachen-api.ts';
import { GERMAN, testLanguages } from '../../schemas/test-languages.ts';
import { recordingKeyOf } from '../../schemas/text-keys.ts';

/**
 * The texts native speakers review and record (docs/product.md §50): every text of each child
 * language beside its German reference, and the content version the app build of the same content
 * compiles. Read from content/ (or ZAEHLTEST_CONTENT_DIR) in development and tests; the server
 * bundle carries what it was built from (scripts/build-server.ts replaces readCatalogue), so a
 * production server reads no content folder.
 */

export interface CatalogueLanguage {
  code: string;
  /** German name, as the 'Sprache' list shows it. */
  name: string;
  dir: 'ltr' | 'rtl';
  texts: CatalogueText[];
}

export interface Catalogue {
  /** The contentVersion scripts/content/compile.ts gives the app built from this content. */
  content: string;
  /** The child languages, in the order of the educator's list. */
  languages: CatalogueLanguage[];
}

const groupOf = (question: string, field: string): TextGroup =>
  question !== '' ? 'frage' : field.startsWith('numberWords.') ? 'zahlwort' : 'satz';

let cached: { dir: string; catalogue: Catalogue } | undefined;

export async function readCatalogue(contentDir: string = defaultContentDir()): Promise<Catalogue> {
  if (cached?.dir === contentDir) return cached.catalogue;
  // Loaded on demand: the content compiler is heavy, and only this module of the server needs it.
  const { loadContent, REAL_CONTENT } = await import('../../scripts/content/load.ts');
  const { compileQuestionsModule } = await import('../../scripts/content/compile.ts');
  const content = loadContent({ ...REAL_CONTENT, contentDir });
  if (content.issues.length > 0)
    throw new Error(`${contentDir} has problems — run npm run content:check to see where`);
  const compiled = compileQuestionsModule(content.questions, content.picturesDir, content.languagePacks);
  const version = /export const contentVersion = "([0-9a-f]+)";/.exec(compiled)?.[1];
  if (!version) throw new Error('readCatalogue: the compiled content has no contentVersion');
  const languages = testLanguages(readLanguageFacts(contentDir))
    .filter((language) => language.code !== GERMAN)
    .map((language): CatalogueLanguage => {
      const record = readReviewRecord(contentDir, language.code);
      return {
        code: language.code,
        name: language.name,
        dir: language.dir,
        texts: languageTexts(contentDir, language.code).map((text) => ({
          key: text.key,
          question: text.question === '' ? null : Number(text.question),
          field: text.field,
          group: groupOf(text.question, text.field),
          german: text.german,
          text: text.own,
          fileConfirmed: text.own.trim() !== '' && record.get(text.key) === reviewHash(text.german, text.own),
          recordingKey: recordingKeyOf(language.code, text.key) ?? null,
        })),
      };
    });
  const catalogue = { content: version, languages };
  cached = { dir: contentDir, catalogue };
  return catalogue;
}
