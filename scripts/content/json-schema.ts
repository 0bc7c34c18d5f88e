import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { languagePackSchema } from '../../schemas/language-pack.ts';
import { questionSchema } from '../../schemas/question.ts';
import { LANGUAGE_PACK_SCHEMA_FILE, SCHEMA_FILE } from './load.ts';

/** Line width of biome.json, so the committed file is already formatted the way `biome check` wants. */
const LINE_WIDTH = 110;

/**
 * The JSON Schema of a question pack, as VS Code's YAML extension reads it through the
 * `# yaml-language-server: $schema=…` line of every pack. Draft-07, which that extension supports best.
 */
export function questionJsonSchema(): string {
  const schema = z.toJSONSchema(questionSchema, { target: 'draft-07' });
  return `${formatJson(schema, 0, '')}\n`;
}

/** Writes schemas/question.schema.json when it differs; returns whether it changed. */
export function writeQuestionJsonSchema(file = SCHEMA_FILE): boolean {
  return writeIfChanged(file, questionJsonSchema());
}

/**
 * The JSON Schema of a language pack (content/languages/<language>.yaml), named by the
 * `# yaml-language-server: $schema=…` line of every pack. The messages of the schema name a
 * language; the descriptions the editor shows do not, so any home language's schema serves: it has
 * every field (resultCode and default too; content:check says that de.yaml has no default).
 */
export function languagePackJsonSchema(): string {
  const schema = z.toJSONSchema(languagePackSchema('tr'), { target: 'draft-07' });
  return `${formatJson(schema, 0, '')}\n`;
}

/** Writes schemas/language-pack.schema.json when it differs; returns whether it changed. */
export function writeLanguagePackJsonSchema(file = LANGUAGE_PACK_SCHEMA_FILE): boolean {
  return writeIfChanged(file, languagePackJsonSchema());
}

function writeIfChanged(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  writeFileSync(file, text);
  return true;
}

/**
 * JSON.stringify with two-space indentation, except that a list of plain values stays on one line
 * when it fits (as Biome formats JSON): objects always break, lists break only when too long.
 */
function formatJson(value: unknown, depth: number, prefix: string, suffix = ''): string {
  const indent = '  '.repeat(depth);
  const inner = '  '.repeat(depth + 1);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => item === null || typeof item !== 'object')) {
      const flat = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
      if (indent.length + prefix.length + flat.length + suffix.length <= LINE_WIDTH) return flat;
    }
    const items = value.map(
      (item, i) => `${inner}${formatJson(item, depth + 1, '', i < value.length - 1 ? ',' : '')}`,
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item], i) => {
      const head = `${JSON.stringify(key)}: `;
      return `${inner}${head}${formatJson(item, depth + 1, head, i < entries.length - 1 ? ',' : '')}`;
    });
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
