import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { orderLanguages, REVIEWS_DIR } from '../../schemas/language-facts.ts';
import {
  LANGUAGE_CODE,
  type LanguagePack,
  languagePackSchema,
  packKeys,
  REFERENCE_LANGUAGE,
} from '../../schemas/language-pack.ts';
import { LETTER_FIELDS, LETTER_REFERENCE, type LetterField } from '../../schemas/letter-texts.ts';
import { languageName } from '../../schemas/question.ts';
import { type ContentIssue, closest, dedupe, splitMessage, yamlIssue } from './issues.ts';
import { formatPath, type IssuePath, locate } from './yaml-position.ts';

export interface LanguagePacksResult {
  /** The valid packs by language code; complete only when `issues` is empty. */
  packs: Partial<Record<string, LanguagePack>>;
  issues: ContentIssue[];
  /** Absolute paths of the pack files read (to watch them). */
  files: string[];
}

export interface LanguagePackOptions {
  /** The folder content/languages/. */
  languagesDir: string;
  /** The JSON Schema every pack names in its first line. */
  schemaFile: string;
  /** Absolute path → the path shown in messages (relative to the repository root). */
  rel: (path: string) => string;
  /** Whether the folder, de.yaml and a default child language must exist (true for the real content). */
  required: boolean;
  /**
   * Whether every pack must have every letter text (true for the real content); otherwise a pack
   * needs the letter texts its folder's de.yaml has (fixtures about other things have none).
   */
  lettersRequired?: boolean;
}

export { orderLanguages };

/** The pack every content folder has: the German reference. One child pack says `default: true`. */
export const REQUIRED_LANGUAGES = [REFERENCE_LANGUAGE] as const;

/**
 * The languages of a content folder: one per <code>.yaml in its languages/ folder (an ISO 639-1
 * code), in the order the educator's list shows them: de (the reference) first, then the languages
 * the specification numbers (resultCode 2, 3, 4: Turkish, Arabic, Romanian), then the others by
 * their German name. These are the languages every question pack has texts in.
 */
export function packLanguages(languagesDir: string): string[] {
  if (!existsSync(languagesDir)) return [];
  const codes = readdirSync(languagesDir)
    .filter((name) => name.endsWith('.yaml') && LANGUAGE_CODE.test(name.slice(0, -'.yaml'.length)))
    .map((name) => name.slice(0, -'.yaml'.length));
  const heads = new Map(codes.map((code) => [code, packHead(join(languagesDir, `${code}.yaml`))]));
  return orderLanguages(codes, (code) => heads.get(code) ?? {});
}

/** The name and result code of a pack as written, valid or not (for the order only). */
function packHead(file: string): { name?: unknown; resultCode?: unknown } {
  try {
    const data: unknown = parseDocument(readFileSync(file, 'utf8')).toJS();
    return data && typeof data === 'object' ? (data as { name?: unknown; resultCode?: unknown }) : {};
  } catch {
    return {};
  }
}

/**
 * Reads and validates content/languages/<code>.yaml, every pack there; never throws. Without
 * `required` a missing folder is fine (test fixtures about question packs have none).
 * Two packs must not share a resultCode: results of different languages would be mixed up.
 */
export function loadLanguagePacks(options: LanguagePackOptions): LanguagePacksResult {
  const { languagesDir, schemaFile, rel, required, lettersRequired = false } = options;
  const issues: ContentIssue[] = [];
  const packs: Partial<Record<string, LanguagePack>> = {};
  const files: string[] = [];
  const expected = `${REQUIRED_LANGUAGES.map((language) => `${language}.yaml`).join(', ')}, a pack with "default: true"`;

  if (!existsSync(languagesDir)) {
    if (required) {
      issues.push({
        file: rel(languagesDir),
        line: 1,
        col: 1,
        path: '(folder)',
        message: 'the language packs folder does not exist',
        hint: `create ${rel(languagesDir)}/ with ${expected} and a pack per further child language`,
      });
    }
    return { packs, issues, files };
  }

  const languages = packLanguages(languagesDir);
  const names = readdirSync(languagesDir).sort();
  for (const name of names) {
    const stem = name.replace(/\.[^.]*$/, '');
    if (name.endsWith('.yaml') && languages.includes(stem)) continue;
    if (/(~|\.(bak|orig|swp|tmp))$/i.test(name)) continue;
    const code = stem.split('.')[0] ?? stem;
    const isCode = LANGUAGE_CODE.test(code);
    const similar = isCode ? undefined : closest(code.toLowerCase(), languages);
    issues.push({
      file: rel(join(languagesDir, name)),
      line: 1,
      col: 1,
      path: '(file name)',
      message: isCode ? 'is not read: language packs must end in ".yaml"' : 'is not named by a language code',
      hint: isCode
        ? `rename it to "${code}.yaml" (Windows may hide an ending such as ".txt")`
        : `${similar ? `rename it to "${similar}.yaml"` : 'rename it to the two-letter ISO 639-1 code of its language, e.g. "uk.yaml"'}; the packs are ${languages.map((language) => `${language}.yaml`).join(', ')}`,
    });
  }

  const schemaComment = `# yaml-language-server: $schema=${relative(languagesDir, schemaFile).replaceAll('\\', '/')}`;
  for (const language of REQUIRED_LANGUAGES) {
    if (languages.includes(language) || !required) continue;
    issues.push({
      file: rel(join(languagesDir, `${language}.yaml`)),
      line: 1,
      col: 1,
      path: '(language pack)',
      message: `the ${languageName(language)} language pack is missing`,
      hint:
        language === REFERENCE_LANGUAGE
          ? 'restore de.yaml, the German reference every translation follows'
          : `copy de.yaml to ${language}.yaml and translate every text into ${languageName(language)}`,
    });
  }
  const resultCodes = new Map<string, { file: string; line: number; col: number }[]>();
  const letterPlaces = new Map<string, { file: string; line: number; col: number }>();
  for (const language of languages) {
    const absolute = join(languagesDir, `${language}.yaml`);
    const file = rel(absolute);
    files.push(absolute);
    const result = loadPack(absolute, file, language, schemaComment);
    issues.push(...result.issues);
    if (result.pack) packs[language] = result.pack;
    letterPlaces.set(language, { file, ...result.letterPlace });
    if (result.resultCode) {
      const { code, line, col } = result.resultCode;
      resultCodes.set(code, [...(resultCodes.get(code) ?? []), { file, line, col }]);
    }
  }
  // One child language is the default: a new child starts with it, and it is the DIF reference group.
  const defaults = Object.entries(packs).filter(([, pack]) => pack?.default === true);
  const childPacks = Object.entries(packs).filter(([code]) => code !== REFERENCE_LANGUAGE);
  if (defaults.length > 1) {
    for (const [code] of defaults) {
      issues.push({
        file: rel(join(languagesDir, `${code}.yaml`)),
        line: 1,
        col: 1,
        path: 'default',
        message: `${defaults.length} packs say "default: true" (${defaults.map(([other]) => `${other}.yaml`).join(', ')}): a new child can start with one language only`,
        hint: 'keep "default: true" in one pack and remove the line from the others',
      });
    }
  } else if (defaults.length === 0 && required && childPacks.length > 0) {
    const first = childPacks[0]?.[0] ?? '';
    issues.push({
      file: rel(join(languagesDir, `${first}.yaml`)),
      line: 1,
      col: 1,
      path: 'default',
      message:
        'no language pack says "default: true": the app would not know which language a new child starts with',
      hint: `add the line "default: true" to the pack of that language (also the DIF reference group), e.g. ${first}.yaml`,
    });
  }
  issues.push(...missingLetterTexts(packs, letterPlaces, lettersRequired));
  for (const [code, places] of resultCodes) {
    if (places.length < 2) continue;
    for (const place of places) {
      const others = places.filter((other) => other !== place).map((other) => other.file.split('/').pop());
      issues.push({
        ...place,
        path: 'resultCode',
        message: `"${code}" is also the resultCode of ${others.join(', ')}: their results could not be told apart`,
        hint: `give every language its own code; the next free one is "${nextFreeCode(resultCodes)}"`,
      });
    }
  }
  return { packs, issues, files };
}

/**
 * Every letter text a pack lacks (docs/product.md §49), at the pack's `letter:` line (line 1 when it
 * has none). The real content needs every text in de.yaml and in every pack that has a `letter:` map
 * (a half-translated letter would print mixed); a pack without one is a language whose families get
 * the letters in German only, which `npm run content:check` names (packsWithoutLetters) rather than
 * refuse, so that an author can add a language for the children first. A fixture folder needs only
 * the texts its de.yaml has.
 */
function missingLetterTexts(
  packs: Partial<Record<string, LanguagePack>>,
  places: ReadonlyMap<string, { file: string; line: number; col: number }>,
  required: boolean,
): ContentIssue[] {
  const reference = packs[REFERENCE_LANGUAGE]?.letter ?? {};
  const wanted: LetterField[] = required
    ? LETTER_FIELDS
    : LETTER_FIELDS.filter((field) => reference[field] !== undefined);
  const issues: ContentIssue[] = [];
  for (const [language, pack] of Object.entries(packs)) {
    const place = places.get(language);
    if (!pack || !place) continue;
    if (pack.letter === undefined && language !== REFERENCE_LANGUAGE) continue;
    const name = languageName(language);
    for (const field of wanted) {
      if (pack.letter?.[field] !== undefined) continue;
      const german = reference[field] ?? LETTER_REFERENCE[field];
      const quoted = german.length > 60 ? `${german.slice(0, 57)}…` : german;
      issues.push({
        ...place,
        path: `letter.${field}`,
        message: `the ${name} letter text "${field}" is missing`,
        hint: `add "${field}:" under "letter:" with the ${name} text (German: "${quoted}")`,
      });
    }
  }
  return issues;
}

/** The smallest result code above all codes in use. */
function nextFreeCode(codes: ReadonlyMap<string, unknown>): string {
  return String(Math.max(1, ...[...codes.keys()].map(Number).filter(Number.isFinite)) + 1);
}

function loadPack(
  absolute: string,
  file: string,
  language: string,
  schemaComment: string,
): {
  pack?: LanguagePack;
  issues: ContentIssue[];
  resultCode?: { code: string; line: number; col: number };
  /** Where the `letter:` map starts (line 1 without one): missing letter texts are reported there. */
  letterPlace: { line: number; col: number };
} {
  const source = readFileSync(absolute, 'utf8');
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  const issues: ContentIssue[] = [];
  const add = (path: IssuePath, text: string, anchor: 'key' | 'value' = 'value') => {
    const [message, hint] = splitMessage(text);
    issues.push({
      file,
      ...locate(doc, lineCounter, path, anchor),
      path: path.length === 0 ? '(language pack)' : formatPath(path),
      message,
      hint,
    });
  };

  const firstLine = source.split('\n', 1)[0]?.trimEnd() ?? '';
  if (firstLine !== schemaComment) {
    issues.push({
      file,
      line: 1,
      col: 1,
      path: '(schema comment)',
      message: 'the first line does not name the language pack JSON Schema',
      hint: `make the first line exactly "${schemaComment}" so VS Code checks the file while you type`,
    });
  }
  if (doc.errors.length > 0) {
    for (const error of doc.errors) issues.push(yamlIssue(file, lineCounter, error));
    return { issues: dedupe(issues), letterPlace: { line: 1, col: 1 } };
  }
  const letterPlace = doc.has('letter') ? locate(doc, lineCounter, ['letter'], 'key') : { line: 1, col: 1 };

  const data: unknown = doc.toJS();
  const keys = packKeys(language);
  const code = data && typeof data === 'object' ? (data as { resultCode?: unknown }).resultCode : undefined;
  const resultCode =
    typeof code === 'string' && code.trim() !== ''
      ? { code: code.trim(), ...locate(doc, lineCounter, ['resultCode'], 'value') }
      : undefined;
  const result = languagePackSchema(language).safeParse(data);
  if (!result.success) {
    const fields = data && typeof data === 'object' ? Object.keys(data) : [];
    // A misspelt key is reported once, as unknown with its right name, not also as missing.
    const renamed = new Set<string>();
    for (const issue of result.error.issues) {
      if (issue.code !== 'unrecognized_keys') continue;
      for (const key of issue.keys) {
        const similar = closest(key, keys);
        if (similar && !fields.includes(similar)) renamed.add(similar);
      }
    }
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const similar = closest(key, keys);
          add(
            [key],
            key === 'status'
              ? `is no longer written — remove it; whether the texts are reviewed comes from ${REVIEWS_DIR}/${language}.yaml (the sheet's "geprüft" column, npm run content:sheet)`
              : language === REFERENCE_LANGUAGE && key === 'default'
                ? 'is not a field of de.yaml — remove it; a new child starts in a home language, so "default: true" belongs in one of the other packs'
                : similar && !fields.includes(similar)
                  ? `is not a field of a language pack — rename it to "${similar}"`
                  : `is not a field of a language pack — remove it; the fields are ${keys.join(', ')}`,
            'key',
          );
        }
      } else if (issue.path.length === 1 && renamed.has(String(issue.path[0]))) {
        // Covered by the unknown key's "rename it to …".
      } else {
        add(issue.path, issue.message);
      }
    }
    return { issues, letterPlace, ...(resultCode ? { resultCode } : {}) };
  }
  return {
    pack: result.data,
    issues,
    letterPlace,
    ...(resultCode ? { resultCode } : {}),
  };
}

/** The packs without letter texts: their families get the Elternbrief and Ergebnisbrief in German only. */
export function packsWithoutLetters(packs: Partial<Record<string, LanguagePack>>): string[] {
  return Object.entries(packs)
    .filter(([language, pack]) => pack && language !== REFERENCE_LANGUAGE && pack.letter === undefined)
    .map(([language]) => language);
}
