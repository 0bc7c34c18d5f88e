import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { type LevelsSource, levelsSchema } from '../../schemas/levels.ts';
import { HINT_SEPARATOR } from '../../schemas/question.ts';
import { CONTENT_DIR, type ContentIssue, ROOT_DIR } from './load.ts';
import { formatPath, locate } from './yaml-position.ts';

/** content/levels.yaml: what each level means and its Förderhinweise (docs/product.md §22). */
export const LEVELS_FILE = join(CONTENT_DIR, 'levels.yaml');

export interface LevelsResult {
  /** The validated levels; undefined when the file has an issue. */
  levels?: LevelsSource;
  issues: ContentIssue[];
  /** Absolute path of the file read. */
  file: string;
}

/** Reads and validates the levels file; never throws on bad content. */
export function loadLevels(file = LEVELS_FILE): LevelsResult {
  const rel = relative(ROOT_DIR, file);
  const issue = (line: number, col: number, path: string, text: string): ContentIssue => {
    const at = text.indexOf(HINT_SEPARATOR);
    return at < 0
      ? { file: rel, line, col, path, message: text, hint: 'see content/README.md, section 9' }
      : {
          file: rel,
          line,
          col,
          path,
          message: text.slice(0, at),
          hint: text.slice(at + HINT_SEPARATOR.length),
        };
  };
  if (!existsSync(file)) {
    return {
      file,
      issues: [
        issue(
          1,
          1,
          '(file)',
          `does not exist${HINT_SEPARATOR}create ${rel} with the levels 1, 2, 3 and above3`,
        ),
      ],
    };
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      file,
      issues: doc.errors.map((error) => {
        const { line, col } = lineCounter.linePos(error.pos[0]);
        return issue(
          line,
          col,
          '(YAML syntax)',
          `YAML syntax error: ${error.message.replace(/\.$/, '')}${HINT_SEPARATOR}check the indentation and put texts with ": " or " #" in double quotes`,
        );
      }),
    };
  }
  const result = levelsSchema.safeParse(doc.toJS());
  if (result.success) return { file, levels: result.data, issues: [] };
  const issues = result.error.issues.flatMap((problem) => {
    const keys = problem.code === 'unrecognized_keys' ? problem.keys : [undefined];
    return keys.map((key) => {
      const path = key === undefined ? problem.path : [...problem.path, key];
      const { line, col } = locate(doc, lineCounter, path, key === undefined ? 'value' : 'key');
      const text =
        key === undefined
          ? problem.message
          : `"${key}" is not a known field${HINT_SEPARATOR}remove it or rename it (levels: 1, 2, 3, above3; each with title, description, activities)`;
      return issue(line, col, formatPath(path), text);
    });
  });
  return { file, issues: issues.sort((a, b) => a.line - b.line || a.col - b.col) };
}

/**
 * The source of `virtual:zaehltest-levels`: the validated levels as plain JSON data, without the
 * Förderhinweise's translations, which only the Ergebnisbrief prints (virtual:zaehltest-letters).
 */
export function compileLevelsModule(levels: LevelsSource): string {
  const german = Object.fromEntries(
    Object.entries(levels.levels).map(([key, { translations: _translations, ...level }]) => [key, level]),
  );
  return `export const levels = ${JSON.stringify(german)};\n`;
}
