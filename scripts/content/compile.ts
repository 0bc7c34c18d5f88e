import { join } from 'node:path';
import type { LanguagePack } from '../../schemas/language-pack.ts';
import { type Language, PICTURE_FIELDS, type QuestionSource } from '../../schemas/question.ts';

/**
 * The source of `virtual:zaehltest-content`: the validated questions as plain JSON data, with every
 * picture name replaced by an import of the picture, so Vite emits the file and the client gets its
 * built URL, and the language packs (content/languages/) as `languagePacks`, keyed by language.
 * Nothing of yaml or zod is referenced.
 */
export function compileQuestionsModule(
  questions: readonly QuestionSource[],
  picturesDir: string,
  languagePacks: Partial<Record<Language, LanguagePack>> = {},
): string {
  const imports = new Map<string, string>();
  const placeholder = (picture: string) => {
    let ident = imports.get(picture);
    if (!ident) {
      ident = `picture${imports.size}`;
      imports.set(picture, ident);
    }
    return `\u0000${ident}\u0000`;
  };
  const compiled = questions.map((question) => {
    const copy: Record<string, unknown> = { ...question };
    for (const field of PICTURE_FIELDS) {
      const name = copy[field];
      if (typeof name === 'string') copy[field] = placeholder(name);
    }
    if ('dotImages' in question && question.dotImages) {
      copy.dotImages = Object.fromEntries(
        Object.entries(question.dotImages).map(([box, name]) => [box, placeholder(name)]),
      );
    }
    return copy;
  });
  // Placeholders are NUL-delimited (escaped by JSON.stringify as \u0000); no question text is one.
  const json = JSON.stringify(compiled).replace(/"\\u0000(picture\d+)\\u0000"/g, '$1');
  const lines = [...imports].map(
    ([picture, ident]) => `import ${ident} from ${JSON.stringify(join(picturesDir, picture))};`,
  );
  lines.push(
    `export const questions = ${json};`,
    `export const languagePacks = ${JSON.stringify(languagePacks)};`,
    '',
  );
  return lines.join('\n');
}
