import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import type { LanguagePack } from '../../schemas/language-pack.ts';
import {
  HINT_SEPARATOR,
  languageName,
  nameLanguage,
  PICTURE_FIELDS,
  PICTURE_FILE_NAME,
  PRACTICE_TYPES,
  QUESTION_COUNT,
  type QuestionSource,
  questionSchema,
} from '../../schemas/question.ts';
import { SCORED_QUESTION_IDS } from '../../src/contract.ts';
import { type ContentIssue, closest, dedupe, splitMessage, yamlIssue } from './issues.ts';
import { loadLanguagePacks, packLanguages } from './languages.ts';
import { type Anchor, formatPath, type IssuePath, locate } from './yaml-position.ts';

export type { ContentIssue };

/** The repository root: issue file names are relative to it. */
export const ROOT_DIR = resolve(import.meta.dirname, '../..');
/**
 * The content folder the app is built from: content/, or the folder named by ZAEHLTEST_CONTENT_DIR
 * (README, "Content from another folder"), so an association can build from its own copy.
 */
export const CONTENT_DIR = process.env.ZAEHLTEST_CONTENT_DIR
  ? resolve(process.env.ZAEHLTEST_CONTENT_DIR)
  : join(ROOT_DIR, 'content');
export const SCHEMA_FILE = join(ROOT_DIR, 'schemas/question.schema.json');
/** The JSON Schema of the language packs; it sits beside the question schema. */
export const LANGUAGE_PACK_SCHEMA_NAME = 'language-pack.schema.json';
export const LANGUAGE_PACK_SCHEMA_FILE = join(dirname(SCHEMA_FILE), LANGUAGE_PACK_SCHEMA_NAME);

/** One question file as read, valid or not. */
export interface PackFile {
  /** Relative to the repository root. */
  file: string;
  /** Absolute path of the file. */
  absolutePath: string;
  /** The parsed YAML as plain data, or undefined when the YAML itself is broken. */
  data: unknown;
  /** The validated question, when the file has no issue of its own. */
  question?: QuestionSource;
}

export interface LoadOptions {
  /** Folder holding `questions/` and `pictures/`. */
  contentDir?: string;
  /** When set, there must be exactly this many questions; ids always run 1..N without gaps. */
  expectedCount?: number;
  /** The JSON Schema every pack names in its first line (the language packs name its sibling). */
  schemaFile?: string;
  /**
   * Whether `languages/` must hold a pack for every language (true for the real content); otherwise
   * the language packs are checked only when the folder exists.
   */
  requireLanguagePacks?: boolean;
  /** Whether every language pack needs every letter text to the parents (true for the real content). */
  requireLetters?: boolean;
}

export interface ContentResult {
  /** Valid questions sorted by id; complete only when `issues` is empty. */
  questions: QuestionSource[];
  issues: ContentIssue[];
  packs: PackFile[];
  /** Absolute paths of the pictures the questions name (each exists when `issues` is empty). */
  pictureFiles: string[];
  questionsDir: string;
  picturesDir: string;
  /** The valid language packs (content/languages/); complete only when `issues` is empty. */
  languagePacks: Partial<Record<string, LanguagePack>>;
  /** The languages every question has texts in: de, then one per pack of languages/ (codes). */
  languages: string[];
  /** Absolute paths of the language pack files read. */
  languageFiles: string[];
  languagesDir: string;
}

/** The language packs of the fixtures that carry none (scripts/content/fixtures/valid/languages/). */
const FIXTURE_LANGUAGES_DIR = join(import.meta.dirname, 'fixtures', 'valid', 'languages');

/** What `vite build`, the dev server and `npm run content:check` validate. */
export const REAL_CONTENT = {
  contentDir: CONTENT_DIR,
  expectedCount: QUESTION_COUNT,
  requireLanguagePacks: true,
  requireLetters: true,
} as const;

const FILE_NAME = /^(\d{2})-[a-z0-9]+(?:-[a-z0-9]+)*\.yaml$/;

/** The folders of a content folder that hold the question packs, the pictures and the language packs. */
export function contentPaths(options: LoadOptions = {}): {
  questionsDir: string;
  picturesDir: string;
  languagesDir: string;
} {
  const contentDir = resolve(options.contentDir ?? CONTENT_DIR);
  return {
    questionsDir: join(contentDir, 'questions'),
    picturesDir: join(contentDir, 'pictures'),
    languagesDir: join(contentDir, 'languages'),
  };
}

/**
 * Reads, parses and validates every question pack and language pack of a content folder; never
 * throws on bad content.
 */
export function loadContent(options: LoadOptions = {}): ContentResult {
  const schemaFile = options.schemaFile ?? SCHEMA_FILE;
  const { questionsDir, picturesDir, languagesDir } = contentPaths(options);
  const rel = (path: string) => relative(ROOT_DIR, path);
  const languages = loadLanguagePacks({
    languagesDir,
    schemaFile: join(dirname(schemaFile), LANGUAGE_PACK_SCHEMA_NAME),
    rel,
    required: options.requireLanguagePacks === true,
    lettersRequired: options.requireLetters === true,
  });
  // A fixture folder without languages/ has the languages of the valid fixture (de, tr, ar, ro), not
  // those of content/: adding a language to content/ must not touch the fixtures.
  const textLanguages = packLanguages(existsSync(languagesDir) ? languagesDir : FIXTURE_LANGUAGES_DIR);
  const languageResult = {
    languagePacks: languages.packs,
    languages: textLanguages,
    languageFiles: languages.files,
    languagesDir,
  };
  const issues: ContentIssue[] = [...languages.issues];
  const folderIssue = (path: string, message: string, hint: string) =>
    issues.push({ file: rel(questionsDir), line: 1, col: 1, path, message, hint });

  if (!existsSync(questionsDir)) {
    folderIssue(
      '(folder)',
      'the questions folder does not exist',
      `create ${rel(questionsDir)}/ with the question packs`,
    );
    return {
      questions: [],
      issues: sortIssues(issues),
      packs: [],
      pictureFiles: [],
      questionsDir,
      picturesDir,
      ...languageResult,
    };
  }
  const pictures = new Set(existsSync(picturesDir) ? readdirSync(picturesDir) : []);
  const allNames = readdirSync(questionsDir);
  const names = allNames.filter((name) => name.endsWith('.yaml') || name.endsWith('.yml')).sort();
  // A question file under another ending (Windows' editor saves "….yaml.txt" and hides ".txt") would
  // be skipped in silence, and its id reported as missing; say why instead. Backups are left alone.
  const misnamed = allNames.filter(
    (other) => /^\d{2}-/.test(other) && !names.includes(other) && !/(~|\.(bak|orig|swp|tmp))$/i.test(other),
  );
  for (const name of misnamed.sort()) {
    const yamlName = `${name.split('.')[0]}.yaml`;
    issues.push({
      file: rel(join(questionsDir, name)),
      line: 1,
      col: 1,
      path: '(file name)',
      message: `is not read: question files must end in ".yaml"`,
      hint: `rename it to "${yamlName}" (Windows may hide an ending such as ".txt")`,
    });
  }

  const packs: PackFile[] = [];
  const ids: PackId[] = [];
  let idsIncomplete = false;
  const pictureFiles = new Set<string>();

  for (const name of names) {
    const absolute = join(questionsDir, name);
    const file = rel(absolute);
    const source = readFileSync(absolute, 'utf8');
    const lineCounter = new LineCounter();
    const doc = parseDocument(source, { lineCounter, prettyErrors: false });
    const fileIssues: ContentIssue[] = [];
    const at = (path: IssuePath, anchor: Anchor = 'value') => locate(doc, lineCounter, path, anchor);
    const add = (path: IssuePath, text: string, anchor: Anchor = 'value') => {
      // The texts schema serves every language; the path names the one at fault.
      const language = path[0] === 'texts' && typeof path[1] === 'string' ? path[1] : undefined;
      const [message, hint] = splitMessage(language ? nameLanguage(text, language) : text);
      fileIssues.push({ file, ...at(path, anchor), path: formatPath(path), message, hint });
    };

    const fileName = FILE_NAME.exec(name);
    if (!fileName) {
      fileIssues.push({
        file,
        line: 1,
        col: 1,
        path: '(file name)',
        message: `"${name}" does not follow the naming scheme`,
        hint: 'name the file after its id and content, like "04-count-dots-row.yaml" (two digits, lower case, dashes, .yaml)',
      });
    }
    const schemaComment = `# yaml-language-server: $schema=${relative(questionsDir, schemaFile).replaceAll('\\', '/')}`;
    const firstLine = source.split('\n', 1)[0]?.trimEnd() ?? '';
    if (firstLine !== schemaComment) {
      fileIssues.push({
        file,
        line: 1,
        col: 1,
        path: '(schema comment)',
        message: 'the first line does not name the question JSON Schema',
        hint: `make the first line exactly "${schemaComment}" so VS Code checks the file while you type`,
      });
    }

    if (doc.errors.length > 0) {
      for (const error of doc.errors) fileIssues.push(yamlIssue(file, lineCounter, error));
      idsIncomplete = true;
      packs.push({ file, absolutePath: absolute, data: undefined });
      issues.push(...dedupe(fileIssues));
      continue;
    }
    const data: unknown = doc.toJS();
    const pack: PackFile = { file, absolutePath: absolute, data };
    packs.push(pack);
    if (data == null || typeof data !== 'object' || Array.isArray(data)) {
      fileIssues.push({
        file,
        ...at([]),
        path: '(question)',
        message:
          data == null ? 'the file holds no question' : 'the file must hold one question as a map of fields',
        hint: 'write the fields id, level, answerType, correctAnswer and texts, one per line (see 01-count-and-forgotten.yaml)',
      });
      idsIncomplete = true;
      issues.push(...fileIssues);
      continue;
    }
    const fields = data as Record<string, unknown>;

    const result = questionSchema.safeParse(data);
    if (!result.success) {
      // A misspelt key is reported once, as unknown with its right name, not also as missing.
      const renamed = new Set<string>();
      for (const issue of result.error.issues) {
        if (issue.code !== 'unrecognized_keys') continue;
        for (const key of issue.keys) {
          const similar = closest(key, allowedKeys(fields, issue.path));
          if (similar) renamed.add(formatPath([...issue.path, similar]));
        }
      }
      for (const issue of result.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys)
            add([...issue.path, key], unknownKeyMessage(fields, issue.path, key), 'key');
        } else if (renamed.has(formatPath(issue.path)) && issue.message.startsWith('is missing')) {
          // Covered by the unknown key's "rename it to …".
        } else if (issue.code === 'invalid_key') {
          add(issue.path, issue.issues[0]?.message ?? issue.message, 'key');
        } else {
          const anchor = issue.code === 'custom' && issue.params?.at === 'key' ? 'key' : 'value';
          add(issue.path, issue.message, anchor);
        }
      }
    }

    textLanguageIssues(fields, textLanguages, add);

    // Checks that need the file system or the file name.
    const id = fields.id;
    if (typeof id === 'number' && Number.isInteger(id) && id >= 1) {
      ids.push({ id, file, ...at(['id']) });
      if (fileName && Number(fileName[1]) !== id) {
        add(
          ['id'],
          `is ${id} but the file name starts with ${fileName[1]} — rename the file to start with ${String(id).padStart(2, '0')}- or fix the id`,
        );
      }
      if (options.expectedCount === QUESTION_COUNT) {
        const problem = practicePlacement(id, fields.answerType);
        if (problem) add(['answerType'], problem);
      }
    } else {
      idsIncomplete = true;
    }
    for (const [path, picture] of namedPictures(fields)) {
      if (!PICTURE_FILE_NAME.test(picture)) continue;
      pictureFiles.add(join(picturesDir, picture));
      if (!pictures.has(picture)) {
        const similar = closest(picture, [...pictures]);
        add(
          path,
          `names the picture "${picture}", which is not in ${rel(picturesDir)}/ — add the file${similar ? ` or use "${similar}"` : ' or fix the name'}`,
        );
      }
    }

    if (result.success && fileIssues.length === 0) pack.question = result.data;
    issues.push(...fileIssues);
  }

  issues.push(...idIssues(ids, names.length, idsIncomplete));
  if (options.expectedCount !== undefined && names.length !== options.expectedCount) {
    folderIssue(
      '(question count)',
      `found ${names.length} question${names.length === 1 ? '' : 's'}, expected ${options.expectedCount}`,
      names.length < options.expectedCount
        ? `add the missing question files so that ids run 1..${options.expectedCount}`
        : `remove questions so that ids run 1..${options.expectedCount}`,
    );
  }

  const questions = packs
    .flatMap((pack) => (pack.question ? [pack.question] : []))
    .sort((a, b) => a.id - b.id);
  return {
    questions,
    issues: sortIssues(issues),
    packs,
    pictureFiles: [...pictureFiles].sort(),
    questionsDir,
    picturesDir,
    ...languageResult,
  };
}

/** `file:line:col  path  what is wrong — what to do` */
export function formatIssue(issue: ContentIssue): string {
  return `${issue.file}:${issue.line}:${issue.col}  ${issue.path}  ${issue.message}${HINT_SEPARATOR}${issue.hint}`;
}

/** All issues, one per line, with a closing count: what the build and content:check print. */
export function formatReport(issues: readonly ContentIssue[]): string {
  const files = new Set(issues.map((issue) => issue.file)).size;
  return [
    ...issues.map(formatIssue),
    '',
    `${issues.length} problem${issues.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} of the question packs.`,
  ].join('\n');
}

/** The object schema at a path of a question, to name its allowed keys. */
function schemaAt(data: Record<string, unknown>, path: IssuePath): z.ZodType | undefined {
  let schema: z.ZodType | undefined = questionSchema.options.find(
    (option) => option.shape.answerType.value === data.answerType,
  );
  for (const segment of path) {
    while (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
    if (!(schema instanceof z.ZodObject)) return undefined;
    schema = (schema.shape as Record<string, z.ZodType>)[String(segment)];
  }
  while (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
  return schema;
}

function allowedKeys(data: Record<string, unknown>, path: IssuePath): string[] {
  const schema = schemaAt(data, path);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function unknownKeyMessage(data: Record<string, unknown>, parent: IssuePath, key: string): string {
  const allowed = allowedKeys(data, parent);
  const similar = closest(key, allowed);
  if (parent.length === 1 && parent[0] === 'texts') {
    return `is not a language of the test — ${similar ? `rename it to "${similar}"` : 'remove it'}; the languages are ${allowed.join(', ')}`;
  }
  const where =
    parent.length === 0
      ? `a ${String(data.answerType)} question`
      : parent.length === 2 && parent[0] === 'texts'
        ? `the ${languageName(String(parent[1]))} texts`
        : formatPath(parent);
  if (similar) {
    const spelling =
      similar.toLowerCase() === key.replace(/[-_]/g, '').toLowerCase() ? ' (field names are camelCase)' : '';
    return `is not a field of ${where} — rename it to "${similar}"${spelling}`;
  }
  return `is not a field of ${where} — remove it; the fields here are ${allowed.join(', ')}`;
}

/**
 * Every language of the packs has texts in every question, and every language of the texts has a
 * pack: the schema takes any code, the packs decide which ones are the test's.
 */
function textLanguageIssues(
  fields: Record<string, unknown>,
  languages: readonly string[],
  add: (path: IssuePath, text: string, anchor?: Anchor) => void,
) {
  const texts = fields.texts;
  if (languages.length === 0 || !texts || typeof texts !== 'object' || Array.isArray(texts)) return;
  const given = Object.keys(texts);
  const textsSchema = schemaAt(fields, ['texts']);
  const entry = textsSchema instanceof z.ZodObject ? textsSchema._zod.def.catchall : undefined;
  const answerText =
    entry instanceof z.ZodObject ? (entry.shape as Record<string, z.ZodType>).answerText : undefined;
  const required = answerText !== undefined && !(answerText instanceof z.ZodOptional);
  for (const language of languages) {
    if (given.includes(language) || language === 'de') continue;
    add(
      ['texts', language],
      `is missing — add the ${languageName(language)} texts (situationText, questionText${required ? ', answerText' : ''})`,
    );
  }
  for (const key of given) {
    if (languages.includes(key)) continue;
    const similar = closest(key, [...languages]);
    add(
      ['texts', key],
      `is not a language of the test — ${similar ? `rename it to "${similar}"` : `add content/languages/${key}.yaml to make it one, or remove it`}; the languages are ${languages.join(', ')}`,
      'key',
    );
  }
}

function* namedPictures(fields: Record<string, unknown>): Generator<[IssuePath, string]> {
  for (const field of PICTURE_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string') yield [[field], value];
  }
  const dotImages = fields.dotImages;
  if (dotImages && typeof dotImages === 'object') {
    for (const [key, value] of Object.entries(dotImages)) {
      if (typeof value === 'string') yield [['dotImages', key], value];
    }
  }
}

/**
 * The uploaded result (docs/product.md §9) has a field for every scored id and none for the
 * practice ids: a practice type must stand at a practice id and nowhere else, or results would
 * silently be sent for the wrong questions.
 */
function practicePlacement(id: number, answerType: unknown): string | undefined {
  if (typeof answerType !== 'string') return undefined;
  const practiceIds = Array.from({ length: QUESTION_COUNT }, (_, i) => i + 1).filter(
    (n) => !(SCORED_QUESTION_IDS as readonly number[]).includes(n),
  );
  const scoredId = (SCORED_QUESTION_IDS as readonly number[]).includes(id);
  const practiceType = (PRACTICE_TYPES as readonly string[]).includes(answerType);
  if (practiceType && scoredId) {
    return `is the practice type ${answerType}, but question ${id} is scored and sent with the result — practice questions must keep the ids ${practiceIds.join(' and ')}`;
  }
  if (!practiceType && !scoredId && id <= QUESTION_COUNT) {
    return `is ${answerType}, but question ${id} is a practice question the result leaves out — use ${PRACTICE_TYPES.join(' or ')} here, and put scored questions at the other ids`;
  }
  return undefined;
}

/** A readable id and where it stands. */
interface PackId {
  id: number;
  file: string;
  line: number;
  col: number;
}

/**
 * Ids run 1..N without gaps, N being the number of question files. A missing id is reported at
 * the ids outside 1..N (the files that should take it), duplicates at every file that shares one.
 */
function idIssues(ids: readonly PackId[], count: number, idsIncomplete: boolean): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const byId = new Map<number, string[]>();
  for (const { id, file } of ids) byId.set(id, [...(byId.get(id) ?? []), file]);
  const missing: number[] = [];
  for (let id = 1; id <= count; id++) if (!byId.has(id)) missing.push(id);
  const missingText = missing.join(', ');

  for (const { id, file, line, col } of ids) {
    const files = byId.get(id) ?? [];
    if (files.length > 1) {
      const others = files.filter((other) => other !== file).map((other) => other.split('/').pop());
      issues.push({
        file,
        line,
        col,
        path: 'id',
        message: `${id} is also the id of ${others.join(', ')}`,
        hint:
          missing.length > 0 && !idsIncomplete
            ? `give every question its own id; ${missingText} ${missing.length === 1 ? 'is' : 'are'} not used yet`
            : 'give every question its own id',
      });
    } else if (id > count) {
      issues.push({
        file,
        line,
        col,
        path: 'id',
        message: `${id} is outside 1..${count}: ids must run from 1 to the number of questions without gaps`,
        hint:
          missing.length > 0 && !idsIncomplete
            ? `renumber this question to ${missing[0]}, the first id that is missing`
            : 'renumber the questions 1, 2, 3 … without gaps',
      });
    }
  }
  return issues;
}

function sortIssues(issues: ContentIssue[]): ContentIssue[] {
  return issues.sort(
    (a, b) =>
      Number(!a.file.endsWith('.yaml') && !a.file.endsWith('.yml')) -
        Number(!b.file.endsWith('.yaml') && !b.file.endsWith('.yml')) ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.col - b.col,
  );
}
