import type { PackFile } from './load.ts';

/** Whether one question is fully translated into one language. */
export interface CoverageRow {
  /** The question id, or the file name when the id cannot be read. */
  label: string;
  answerType: string;
  /** Whether this question needs an answerText (its type requires one, or some language has one). */
  needsAnswerText: boolean;
  /** By language code. */
  complete: Record<string, boolean>;
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Reads the raw packs (valid or not), so a broken pack still shows which translations it lacks. */
export function translationCoverage(packs: readonly PackFile[], languages: readonly string[]): CoverageRow[] {
  const rows = packs.map((pack): CoverageRow & { order: number } => {
    const fields = (pack.data && typeof pack.data === 'object' ? pack.data : {}) as Record<string, unknown>;
    const texts = (fields.texts && typeof fields.texts === 'object' ? fields.texts : {}) as Record<
      string,
      Record<string, unknown> | null | undefined
    >;
    const needsAnswerText =
      fields.answerType === 'CountAndForgotten' ||
      languages.some((language) => texts[language]?.answerText != null);
    const complete = Object.fromEntries(
      languages.map((language) => {
        const t = texts[language];
        const ok =
          !!t &&
          filled(t.situationText) &&
          filled(t.questionText) &&
          (!needsAnswerText || filled(t.answerText));
        return [language, ok];
      }),
    ) as Record<string, boolean>;
    const id = typeof fields.id === 'number' ? fields.id : undefined;
    return {
      order: id ?? Number.MAX_SAFE_INTEGER,
      label: id !== undefined ? String(id) : (pack.file.split('/').pop() ?? pack.file),
      answerType: typeof fields.answerType === 'string' ? fields.answerType : '?',
      needsAnswerText,
      complete,
    };
  });
  return rows.sort((a, b) => a.order - b.order).map(({ order: _order, ...row }) => row);
}

/** A plain-text table: question × language, ✓ or ✗, and which texts each question needs. */
export function formatCoverage(rows: readonly CoverageRow[], languages: readonly string[]): string {
  const labelWidth = Math.max(2, ...rows.map((row) => row.label.length));
  const typeWidth = Math.max('answerType'.length, ...rows.map((row) => row.answerType.length));
  const header = `${'id'.padStart(labelWidth)}  ${'answerType'.padEnd(typeWidth)}  ${languages.join('  ')}  texts`;
  const lines = rows.map((row) => {
    const cells = languages.map((language) => (row.complete[language] ? '✓ ' : '✗ ')).join('  ');
    const texts = row.needsAnswerText ? 'situation, question, answer' : 'situation, question';
    return `${row.label.padStart(labelWidth)}  ${row.answerType.padEnd(typeWidth)}  ${cells}  ${texts}`;
  });
  return [header, ...lines].join('\n');
}
