import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { LANGUAGE_PACK_KEYS, type LanguagePack, languagePackSchema } from '../../schemas/language-pack.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../schemas/question.ts';
import { type ContentIssue, closest, dedupe, splitMessage, yamlIssue } from './issues.ts';
import { formatPath, type IssuePath, locate } from './yaml-position.ts';

export interface LanguagePacksResult {
  /** The valid packs by language; complete only when `issues` is empty. */
  packs: Partial<Record<Language, LanguagePack>>;
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
  /** Whether the folder and a pack for every language must exist (true for the real content). */
  required: boolean;
}

const isLanguage = (name: string): name is Language => (LANGUAGES as readonly string[]).includes(name);

/**
 * Reads and validates content/languages/<language>.yaml for every language of the test; never throws.
 * Without `required` a missing folder is fine (test fixtures about question packs have none), but a
 * folder that exists must be complete.
 */
export function loadLanguagePacks(options: LanguagePackOptions): LanguagePacksResult {
  const { languagesDir, schemaFile, rel, required } = options;
  const issues: ContentIssue[] = [];
  const packs: Partial<Record<Language, LanguagePack>> = {};
  const files: string[] = [];
  const expected = LANGUAGES.map((language) => `${language}.yaml`).join(', ');

  if (!existsSync(languagesDir)) {
    if (required) {
      issues.push({
        file: rel(languagesDir),
        line: 1,
        col: 1,
        path: '(folder)',
        message: 'the language packs folder does not exist',
        hint: `create ${rel(languagesDir)}/ with ${expected}`,
      });
    }
    return { packs, issues, files };
  }

  const names = readdirSync(languagesDir).sort();
  for (const name of names) {
    const stem = name.replace(/\.[^.]*$/, '');
    if (name.endsWith('.yaml') && isLanguage(stem)) continue;
    if (/(~|\.(bak|orig|swp|tmp))$/i.test(name)) continue;
    const similar = closest(stem.split('.')[0] ?? stem, [...LANGUAGES]);
    issues.push({
      file: rel(join(languagesDir, name)),
      line: 1,
      col: 1,
      path: '(file name)',
      message: isLanguage(stem.split('.')[0] ?? '')
        ? 'is not read: language packs must end in ".yaml"'
        : 'is not a language pack of the test',
      hint: isLanguage(stem.split('.')[0] ?? '')
        ? `rename it to "${stem.split('.')[0]}.yaml" (Windows may hide an ending such as ".txt")`
        : `${similar ? `rename it to "${similar}.yaml"` : 'rename or remove it'}; the packs are ${expected}`,
    });
  }

  const schemaComment = `# yaml-language-server: $schema=${relative(languagesDir, schemaFile).replaceAll('\\', '/')}`;
  for (const language of LANGUAGES) {
    const absolute = join(languagesDir, `${language}.yaml`);
    const file = rel(absolute);
    if (!existsSync(absolute)) {
      issues.push({
        file,
        line: 1,
        col: 1,
        path: '(language pack)',
        message: `the ${LANGUAGE_NAMES[language]} language pack is missing`,
        hint: `copy de.yaml to ${language}.yaml and translate every text into ${LANGUAGE_NAMES[language]}`,
      });
      continue;
    }
    files.push(absolute);
    const result = loadPack(absolute, file, language, schemaComment);
    issues.push(...result.issues);
    if (result.pack) packs[language] = result.pack;
  }
  return { packs, issues, files };
}

function loadPack(
  absolute: string,
  file: string,
  language: Language,
  schemaComment: string,
): { pack?: LanguagePack; issues: ContentIssue[] } {
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
    return { issues: dedupe(issues) };
  }

  const data: unknown = doc.toJS();
  const result = languagePackSchema(language).safeParse(data);
  if (!result.success) {
    const fields = data && typeof data === 'object' ? Object.keys(data) : [];
    // A misspelt key is reported once, as unknown with its right name, not also as missing.
    const renamed = new Set<string>();
    for (const issue of result.error.issues) {
      if (issue.code !== 'unrecognized_keys') continue;
      for (const key of issue.keys) {
        const similar = closest(key, [...LANGUAGE_PACK_KEYS]);
        if (similar && !fields.includes(similar)) renamed.add(similar);
      }
    }
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const similar = closest(key, [...LANGUAGE_PACK_KEYS]);
          add(
            [key],
            similar && !fields.includes(similar)
              ? `is not a field of a language pack — rename it to "${similar}"`
              : `is not a field of a language pack — remove it; the fields are ${LANGUAGE_PACK_KEYS.join(', ')}`,
            'key',
          );
        }
      } else if (issue.path.length === 1 && renamed.has(String(issue.path[0]))) {
        // Covered by the unknown key's "rename it to …".
      } else {
        add(issue.path, issue.message);
      }
    }
    return { issues };
  }
  return { pack: result.data, issues };
}
