import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { factOfPack, letterStatus } from '../../schemas/language-facts.ts';
import type { LanguagePack } from '../../schemas/language-pack.ts';
import { uploadedDataKinds } from '../../schemas/letter-data-kinds.ts';
import type { LevelsSource } from '../../schemas/levels.ts';

export { compileLanguagesModule };

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
  // The packs' keys are in the list's order: de, then the child languages (scripts/content/languages.ts).
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
  // The letters to the parents travel in virtual:zaehltest-letters, loaded with their PDF; they are
  // no part of what the child is shown, so they leave the content version alone.
  const packsJson = JSON.stringify(
    Object.fromEntries(
      Object.entries(languagePacks).map(([code, pack]) => {
        if (!pack) return [code, pack];
        const { letter: _letter, ...rest } = pack;
        return [code, rest];
      }),
    ),
  );
  const version = contentVersion(
    `${json}
${packsJson}`,
    [...imports.keys()].map((picture) => join(picturesDir, picture)),
  );
  lines.push(
    `export const contentVersion = ${JSON.stringify(version)};`,
    `export const questions = ${json};`,
    `export const languagePacks = ${packsJson};`,
    '',
  );
  return lines.join('\n');
}

/** Hex digits of the content version: enough to tell edits apart, short enough to read in a table. */
const CONTENT_VERSION_LENGTH = 12;

/**
 * A short hash of what the child is shown: the compiled questions and language packs and the
 * bytes of every picture they name. Each result carries it, so researchers can tell results of edited questions apart.
 */
export function contentVersion(compiledJson: string, picturePaths: readonly string[]): string {
  const hash = createHash('sha256').update(compiledJson);
  for (const path of [...picturePaths].sort())
    hash
      .update('\0')
      .update(path.split(/[\\/]/).pop() ?? '')
      .update(readFileSync(path));
  return hash.digest('hex').slice(0, CONTENT_VERSION_LENGTH);
}

/**
 * The source of `virtual:zaehltest-languages`: what makes each pack a language (code, German name,
 * result code, direction, voice tag, default mark, and the review state derived from
 * content/reviews/), de first, then the child languages in the order of the educator's list.
 * Small, so the researchers' page reads it without the questions.
 */
function compileLanguagesModule(
  languagePacks: Partial<Record<Language, LanguagePack>>,
  contentDir: string,
): string {
  const facts = Object.entries(languagePacks).flatMap(([code, pack]) =>
    pack ? [factOfPack(contentDir, code, pack)] : [],
  );
  return `export const languages = ${JSON.stringify(facts)};\n`;
}

/**
 * The source of `virtual:zaehltest-letters`: per language the texts of the letters to the parents
 * and whether they are a draft (schemas/language-facts.ts letterStatus), and the kinds of data the
 * upload holds, read from the upload schema (docs/product.md, "Elternbrief und Ergebnisbrief").
 * Imported only by the letters' PDF module, which loads on demand.
 */
export function compileLettersModule(
  languagePacks: Partial<Record<Language, LanguagePack>>,
  contentDir: string,
  levels?: LevelsSource,
): string {
  const german = languagePacks.de?.letter ?? {};
  // The Förderhinweise translated for the Ergebnisbrief, each beside its German text.
  const activities = (code: string) =>
    Object.entries(levels?.levels ?? {}).flatMap(([level, description]) =>
      (description.translations?.[code] ?? []).map((own, n) => ({
        key: `levels.${level}.${n}`,
        german: description.activities[n] ?? '',
        own,
      })),
    );
  const letters = Object.fromEntries(
    Object.entries(languagePacks).flatMap(([code, pack]) =>
      pack?.letter
        ? [
            [
              code,
              {
                texts: pack.letter,
                status: letterStatus(contentDir, code, pack.letter, german, activities(code)),
              },
            ],
          ]
        : [],
    ),
  );
  return [
    `export const letters = ${JSON.stringify(letters)};`,
    `export const dataKinds = ${JSON.stringify(uploadedDataKinds())};`,
    // The Förderhinweise translated per level and language (content/levels.yaml), for the Ergebnisbrief.
    `export const activityTranslations = ${JSON.stringify(
      Object.fromEntries(
        Object.entries(levels?.levels ?? {}).map(([key, level]) => [key, level.translations ?? {}]),
      ),
    )};`,
    '',
  ].join('\n');
}
