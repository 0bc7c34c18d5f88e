import { defaultContentDir } from '../../schemas/language-facts.ts';
import { type Catalogue, catalogueOf } from '../../server/sprachen/catalogue.ts';
import { compileQuestionsModule } from './compile.ts';
import { loadContent, REAL_CONTENT } from './load.ts';

/**
 * The native review's catalogue (docs/product.md §50) with the content version the app build of
 * the same content compiles: what the server bundle carries (scripts/build-server.ts) and what the
 * server's API tests review. The server itself never runs the compiler; it reads the version of the
 * app it serves from dist/version.json (server/sprachen/catalogue.ts).
 */
export function compiledCatalogue(contentDir: string = defaultContentDir()): Catalogue {
  const content = loadContent({ ...REAL_CONTENT, contentDir });
  if (content.issues.length > 0)
    throw new Error(`${contentDir} has problems — run npm run content:check to see where`);
  const compiled = compileQuestionsModule(content.questions, content.picturesDir, content.languagePacks);
  const version = /export const contentVersion = "([0-9a-f]+)";/.exec(compiled)?.[1];
  if (!version) throw new Error('compiledCatalogue: the compiled content has no contentVersion');
  return catalogueOf(version, contentDir);
}
