import { relative } from 'node:path';
import { type LanguageFact, languageFact } from '../../schemas/language-pack.ts';
import { loadLanguagePacks } from './languages.ts';
import { CONTENT_DIR, contentPaths, formatReport, LANGUAGE_PACK_SCHEMA_FILE, ROOT_DIR } from './load.ts';

/**
 * The languages of a content folder as the server and the build scripts read them: de first, then
 * the child languages in the order of the educator's list (scripts/content/languages.ts). The server
 * bundle carries the list of the content it was built from (scripts/build-server.ts replaces this
 * module), so a production server needs no content folder.
 * Throws with the content report when a pack is broken: the build has refused such content already.
 */
export function readLanguageFacts(contentDir: string = CONTENT_DIR): LanguageFact[] {
  const { languagesDir } = contentPaths({ contentDir });
  const result = loadLanguagePacks({
    languagesDir,
    schemaFile: LANGUAGE_PACK_SCHEMA_FILE,
    rel: (path) => relative(ROOT_DIR, path),
    required: true,
  });
  // The schema comment names the schema relative to the folder; a copied content folder may differ.
  const issues = result.issues.filter((issue) => issue.path !== '(schema comment)');
  if (issues.length > 0) throw new Error(`The language packs have problems:\n${formatReport(issues)}`);
  return Object.entries(result.packs).flatMap(([code, pack]) => (pack ? [languageFact(code, pack)] : []));
}
