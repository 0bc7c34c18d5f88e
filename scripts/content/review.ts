import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import {
  languageTexts,
  letterTexts,
  REVIEWS_DIR,
  readReviewRecord,
  reviewHash,
  reviewState,
} from '../../schemas/language-facts.ts';
import { REFERENCE_LANGUAGE } from '../../schemas/language-pack.ts';

/**
 * The review record of a language, content/reviews/<code>.yaml (docs/product.md, languages as
 * content): per text the hash of its German reference and its own wording as a native speaker
 * confirmed them. Written by the sheet import (a row marked 'ja' in the column 'geprüft'), read by
 * schemas/language-facts.ts, which derives each language's status from it.
 */

export function reviewFile(contentDir: string, language: string): string {
  return join(contentDir, REVIEWS_DIR, `${language}.yaml`);
}

/** The name of a language for the record's comment: the pack's German name, else the code. */
function packName(contentDir: string, language: string): string {
  const path = join(contentDir, 'languages', `${language}.yaml`);
  if (!existsSync(path)) return language;
  const data = parseDocument(readFileSync(path, 'utf8')).toJS() as { name?: unknown } | null;
  return typeof data?.name === 'string' ? data.name : language;
}

/**
 * The record's text with the given texts confirmed as they stand now (hash of the current German
 * reference and own text); earlier confirmations of other texts stay, entries of texts that no
 * longer exist are dropped. The order is the sheet's, so a new confirmation changes few lines.
 */
export function recordReviews(contentDir: string, language: string, keys: Iterable<string>): string {
  if (language === REFERENCE_LANGUAGE) throw new Error('de is the German reference; it has no review record');
  const record = readReviewRecord(contentDir, language);
  // The sheet's texts: the test's, then the letters' to the parents (docs/product.md §49).
  const texts = [...languageTexts(contentDir, language), ...letterTexts(contentDir, language)];
  const confirm = new Set(keys);
  for (const text of texts) {
    if (confirm.has(text.key) && text.own.trim() !== '')
      record.set(text.key, reviewHash(text.german, text.own));
  }
  const name = packName(contentDir, language);
  const lines = [
    `# Durchsicht ${name}: pro Text ein Prüfwert der deutschen Vorlage und des Textes in ${name}, so`,
    '# wie eine Muttersprachlerin oder ein Muttersprachler beide bestätigt hat. Geschrieben von',
    '# npm run content:sheet -- --import (Spalte „geprüft“: ja); nicht von Hand ändern. Ändert sich die',
    '# Vorlage oder der Text, gilt er wieder als „nicht geprüft“ (npm run content:check zeigt, welche).',
  ];
  const entries = texts.filter((text) => record.has(text.key));
  if (entries.length === 0) return `${lines.join('\n')}\nreviewed: {}\n`;
  lines.push('reviewed:');
  for (const text of entries) lines.push(`  "${text.key}": "${record.get(text.key)}"`);
  return `${lines.join('\n')}\n`;
}

/** Writes the record with the given texts confirmed; returns its path, or undefined when it stays as it was. */
export function writeReviews(
  contentDir: string,
  language: string,
  keys: Iterable<string>,
): string | undefined {
  const path = reviewFile(contentDir, language);
  const text = recordReviews(contentDir, language, keys);
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return undefined;
  mkdirSync(join(contentDir, REVIEWS_DIR), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/**
 * What `npm run content:check` says about reviews: per child language how many texts are 'nicht
 * geprüft' and which (file, question, field, whether never reviewed or changed since).
 */
export function formatReviewReport(contentDir: string, languages: readonly string[]): string {
  const out: string[] = [];
  for (const language of languages) {
    if (language === REFERENCE_LANGUAGE) continue;
    const state = reviewState(contentDir, language);
    const total = state.reviewed + state.unreviewed.length;
    if (state.unreviewed.length === 0) {
      out.push(`${language}: geprüft — all ${total} texts reviewed`);
      continue;
    }
    out.push(`${language}: Entwurf — ${state.unreviewed.length} of ${total} texts nicht geprüft:`);
    // The number words are one line per reason: "numberWords 0–20 (word, say)".
    const words = new Map<string, { file: string; numbers: Set<number>; parts: Set<string> }>();
    for (const text of state.unreviewed) {
      const word = /^numberWords\.(\d+)\.(word|say)$/.exec(text.field);
      if (word) {
        const group = words.get(text.reason) ?? { file: text.file, numbers: new Set(), parts: new Set() };
        group.numbers.add(Number(word[1]));
        group.parts.add(word[2] as string);
        words.set(text.reason, group);
        continue;
      }
      const where = text.question === '' ? text.file : `${text.file} (question ${text.question})`;
      out.push(`  ${where} ${text.field}: ${text.reason}`);
    }
    for (const [reason, group] of words) {
      out.push(
        `  ${group.file} numberWords ${numberRanges([...group.numbers])} (${[...group.parts].join(', ')}): ${reason}`,
      );
    }
  }
  return out.join('\n');
}

/** 0, 1, 2, 5 → "0–2, 5". */
function numberRanges(numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    ranges.push(i === j ? `${sorted[i]}` : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return ranges.join(', ');
}
