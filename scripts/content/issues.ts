import type { LineCounter, YAMLError } from 'yaml';
import { HINT_SEPARATOR } from '../../schemas/question.ts';
import type { ContentIssue } from '../../src/contract.ts';

/** Helpers shared by the loaders of the question packs and the language packs. */

export type { ContentIssue };

/** Splits "what is wrong — what to do" into its two halves. */
export function splitMessage(text: string): [string, string] {
  const at = text.indexOf(HINT_SEPARATOR);
  if (at < 0) return [text, 'see the description of this field (hover over it in VS Code)'];
  return [text.slice(0, at), text.slice(at + HINT_SEPARATOR.length)];
}

/** Author-facing advice for the YAML syntax errors people actually make. */
const YAML_HINTS: Partial<Record<YAMLError['code'], string>> = {
  BLOCK_AS_IMPLICIT_KEY:
    'put a text that contains ": " in double quotes, e.g. situationText: "Ich zähle: 1, 2, 3"; otherwise check the indentation',
  MULTILINE_IMPLICIT_KEY: 'indent nested fields by two spaces under their parent, fields of one map equally',
  BAD_INDENT:
    'indent nested fields by two spaces under their parent, and close every [ with ] on the same line',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  DUPLICATE_KEY: 'remove one of the two fields with the same name',
  MISSING_CHAR: 'close the quote or bracket that was opened',
  MULTIPLE_DOCS: 'keep one question per file and remove the "---" line',
  BAD_SCALAR_START: 'put the text in double quotes',
  UNEXPECTED_TOKEN: 'check the line for a stray character; put texts with : # [ ] { } in double quotes',
};

export function yamlIssue(file: string, lineCounter: LineCounter, error: YAMLError): ContentIssue {
  const { line, col } = lineCounter.linePos(error.pos[0]);
  const text = error.message.replace(/\.$/, '');
  return {
    file,
    line,
    col,
    path: '(YAML syntax)',
    message: `YAML syntax error: ${text.charAt(0).toLowerCase()}${text.slice(1)}`,
    hint: YAML_HINTS[error.code] ?? 'fix the YAML syntax at this position',
  };
}

/** One YAML mistake often yields several errors on the same line; the first one says it best. */
export function dedupe(issues: ContentIssue[]): ContentIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}:${issue.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The candidate that is the same up to case, dashes and underscores, or a typo or two away (long names only). */
export function closest(wanted: string, candidates: readonly string[]): string | undefined {
  const normal = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');
  const exact = candidates.find((c) => normal(c) === normal(wanted));
  if (exact) return exact;
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(normal(wanted), normal(candidate));
    const allowed = Math.min(2, Math.floor(wanted.length / 4));
    if (distance <= allowed && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
