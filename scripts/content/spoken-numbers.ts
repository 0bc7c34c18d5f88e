import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { LANGUAGE_PACK_FIELDS } from '../../schemas/language-pack.ts';
import type { ContentIssue } from './issues.ts';
import { formatPath, type IssuePath, locate } from './yaml-position.ts';

/** The texts of a question that the child hears. */
const SPOKEN_TEXT_FIELDS = ['situationText', 'questionText', 'answerText'] as const;

/**
 * A number (a digit, or the {answer} the app fills with one) followed by a full stop that does not
 * start a decimal: "3." may be read as an ordinal ("üçüncü", "der dritte").
 */
const NUMBER_FULL_STOP = /(\d|\{answer\})\.(?!\d)/;

/** The spoken text with a number ending in a full stop, and where it is. */
function check(
  file: string,
  doc: ReturnType<typeof parseDocument>,
  lineCounter: LineCounter,
  path: IssuePath,
  text: unknown,
): ContentIssue | undefined {
  if (typeof text !== 'string') return undefined;
  const match = NUMBER_FULL_STOP.exec(text);
  if (!match) return undefined;
  const number = match[1] ?? '';
  return {
    file,
    ...locate(doc, lineCounter, path),
    path: formatPath(path),
    message: `a spoken number is followed by a full stop ("${number}.") — a voice may read it as an ordinal (Turkish "3." is "üçüncü", the third)`,
    hint: `end the sentence without the full stop after ${number}, or write the number as a word`,
  };
}

function read(absolute: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(readFileSync(absolute, 'utf8'), { lineCounter, prettyErrors: false });
  return { doc, lineCounter, data: doc.errors.length === 0 ? (doc.toJS() as unknown) : undefined };
}

/**
 * Warnings (not errors) for every spoken child text of the question packs and every sentence of the
 * language packs in which a number is followed by a full stop. `rel` gives the path shown.
 */
export function spokenNumberWarnings(
  questionsDir: string,
  languagesDir: string,
  rel: (path: string) => string,
): ContentIssue[] {
  const warnings: ContentIssue[] = [];
  const yamlFiles = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.yaml'))
          .sort()
      : [];
  for (const name of yamlFiles(questionsDir)) {
    const absolute = join(questionsDir, name);
    const { doc, lineCounter, data } = read(absolute);
    const texts = (data as { texts?: unknown } | undefined)?.texts;
    if (!texts || typeof texts !== 'object') continue;
    for (const [language, fields] of Object.entries(texts)) {
      if (!fields || typeof fields !== 'object') continue;
      for (const field of SPOKEN_TEXT_FIELDS) {
        const issue = check(
          rel(absolute),
          doc,
          lineCounter,
          ['texts', language, field],
          (fields as Record<string, unknown>)[field],
        );
        if (issue) warnings.push(issue);
      }
    }
  }
  for (const name of yamlFiles(languagesDir)) {
    const absolute = join(languagesDir, name);
    const { doc, lineCounter, data } = read(absolute);
    if (!isMap(doc.contents) || !data || typeof data !== 'object') continue;
    for (const field of LANGUAGE_PACK_FIELDS) {
      const node = doc.contents.get(field, true);
      if (!isScalar(node)) continue;
      const issue = check(rel(absolute), doc, lineCounter, [field], (data as Record<string, unknown>)[field]);
      if (issue) warnings.push(issue);
    }
  }
  return warnings;
}
