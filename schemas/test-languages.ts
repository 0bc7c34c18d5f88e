/**
 * The languages a child can be tested in, in the order of the educator's 'Sprache' list
 * (docs/product.md, languages as content, and §44): the specification's three (Turkish '2', Arabic
 * '3', Romanian '4'), then German, then the languages authors added, by German name. Read by the
 * client, the server and the build alike, so it imports nothing (no zod, no yaml, no Node).
 */

/** The specification's result codes (Turkish, Arabic, Romanian), which come first and in this order. */
export const SPECIFICATION_CODES: readonly string[] = ['2', '3', '4'];

/** German: the authors' reference and, with its own result code, a test language (§44). */
export const GERMAN = 'de';

/**
 * The packs with a result code, in the order of the 'Sprache' list. `languages` comes in the order
 * of schemas/language-facts.ts (German first, then the specification's codes, then by name); this
 * keeps that order and puts German after the specification's three.
 */
export function testLanguages<T extends { code: string; resultCode?: string }>(languages: readonly T[]): T[] {
  const tested = languages.filter((language) => language.resultCode !== undefined);
  const german = tested.filter((language) => language.code === GERMAN);
  const others = tested.filter((language) => language.code !== GERMAN);
  const specification = others.filter((language) => SPECIFICATION_CODES.includes(language.resultCode ?? ''));
  const added = others.filter((language) => !SPECIFICATION_CODES.includes(language.resultCode ?? ''));
  return [...specification, ...german, ...added];
}
