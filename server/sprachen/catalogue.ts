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
import { readCurrentVersion } from '../build-version.ts';

/**
 * The texts native speakers review and record (docs/product.md §50): every text of each child
 * language beside its German reference, and the content version the app build of the same content
 * compiles. Read from content/ (or ZAEHLTEST_CONTENT_DIR) in development and tests; the server
 * bundle carries what it was built from (scripts/build-server.ts replaces readCatalogue, computing
 * the content version with scripts/content/catalogue.ts), so a production server reads no content
 * folder.
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

/**
 * The catalogue of the content in `contentDir` for an app built with `content` as its content
 * version (schemas only: the server never runs the content compiler, docs/architecture.md).
 */
export function catalogueOf(content: string, contentDir: string = defaultContentDir()): Catalogue {
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
  return { content, languages };
}

/**
 * The catalogue of the app this server serves: its content version as the build wrote it into
 * dist/version.json (the version the tablets run, also when `npm start` serves the last good build),
 * its texts from content/. Without a built app the version is '' and no tablet gets updates. The
 * server bundle replaces this function with the catalogue it was built from (scripts/build-server.ts).
 */
export async function readCatalogue(staticDir?: string): Promise<Catalogue> {
  return catalogueOf(readCurrentVersion(staticDir)?.content ?? '');
}
