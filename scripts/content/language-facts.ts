import { dirname, relative } from 'node:path';
import { factOfPack } from '../../schemas/language-facts.ts';
import type { LanguageFact } from '../../schemas/language-pack.ts';
import { loadLanguagePacks } from './languages.ts';
import { CONTENT_DIR, contentPaths, formatReport, LANGUAGE_PACK_SCHEMA_FILE, ROOT_DIR } from './load.ts';

/**
 * The languages of a content folder as the build scripts read them: de first, then the child
 * languages in the order of the educator's list, each with its review state (schemas/language-facts.ts,
 * which the server reads directly). Throws with the content report when a pack is broken: the build
 * has refused such content already.
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
  return Object.entries(result.packs).flatMap(([code, pack]) =>
    pack ? [factOfPack(dirname(languagesDir), code, pack)] : [],
  );
}
