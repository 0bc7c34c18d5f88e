import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import {
  LANGUAGE_CODE,
  LANGUAGE_PACK_FIELDS,
  type LanguageFact,
  type LanguagePack,
  languageFact,
  languagePackSchema,
  REFERENCE_LANGUAGE,
  type TranslationStatus,
} from './language-pack.ts';
import { SPECIFICATION_CODES } from './test-languages.ts';

/**
 * The languages of a content folder and the review state of their texts (docs/product.md,
 * languages as content), read with Node and the yaml parser only. The server (server/languages.ts)
 * and the build scripts (scripts/content/) both read the languages here, so neither imports the
 * other; the server bundle carries the list it was built with (scripts/build-server.ts replaces
 * readLanguageFacts), so a production server reads no content folder.
 */

/** The content folder: content/, or the folder named by ZAEHLTEST_CONTENT_DIR (as scripts/content/load.ts). */
export function defaultContentDir(): string {
  return process.env.ZAEHLTEST_CONTENT_DIR
    ? resolve(process.env.ZAEHLTEST_CONTENT_DIR)
    : resolve(import.meta.dirname, '..', 'content');
}

/** de first, then the specification's codes in order, then by German name, then by code. */
export function orderLanguages(
  codes: readonly string[],
  head: (code: string) => { name?: unknown; resultCode?: unknown },
): string[] {
  const rank = (code: string) => {
    if (code === REFERENCE_LANGUAGE) return -1;
    const index = SPECIFICATION_CODES.indexOf(String(head(code).resultCode));
    return index === -1 ? SPECIFICATION_CODES.length : index;
  };
  const name = (code: string) => {
    const value = head(code).name;
    return typeof value === 'string' ? value : code;
  };
  return [...codes].sort(
    (a, b) => rank(a) - rank(b) || name(a).localeCompare(name(b), 'de') || a.localeCompare(b),
  );
}

// ————— Review state per text —————

/** The folder of the review records: content/reviews/<code>.yaml, one per child language. */
export const REVIEWS_DIR = 'reviews';

/** One text of a language beside its German reference: a row of the translation sheet. */
export interface LanguageText {
  /** The text's name in the review record: '21.situationText', 'yes', 'numberWords.5.say'. */
  key: string;
  /** Relative to the content folder: questions/21-….yaml or languages/<code>.yaml. */
  file: string;
  /** The question's id; '' for a text of the language pack. */
  question: string;
  /** situationText, questionText, answerText, a language-pack field or numberWords.<n>.word|say. */
  field: string;
  german: string;
  /** The language's own text; '' when not translated yet. */
  own: string;
}

/** The name of a text in the review record. */
export function reviewKey(question: string, field: string): string {
  return question === '' ? field : `${question}.${field}`;
}

/**
 * What a review confirms: the German reference and the language's own text as they stood. A change
 * to either gives another hash, so the text counts as 'nicht geprüft' again.
 */
export function reviewHash(german: string, own: string): string {
  return createHash('sha256').update(`${german.trim()}\0${own.trim()}`).digest('hex').slice(0, 12);
}

const texts = (value: unknown): Map<string, string> => {
  const fields = new Map<string, string>();
  if (!isMap(value)) return fields;
  for (const field of value.items) {
    if (isScalar(field.key) && isScalar(field.value) && field.value.value != null)
      fields.set(String(field.key.value), String(field.value.value));
  }
  return fields;
};

/** The question packs' texts: file, id, language → field → text (as written, valid or not). */
export function readQuestionTexts(
  contentDir: string,
): { file: string; id: string; texts: Map<string, Map<string, string>> }[] {
  const dir = join(contentDir, 'questions');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const doc = parseDocument(readFileSync(join(dir, name), 'utf8'));
      const byLanguage = new Map<string, Map<string, string>>();
      const node = doc.get('texts');
      if (isMap(node)) {
        for (const pair of node.items) {
          if (isScalar(pair.key)) byLanguage.set(String(pair.key.value), texts(pair.value));
        }
      }
      return { file: `questions/${name}`, id: String(doc.get('id') ?? ''), texts: byLanguage };
    });
}

/** A language pack's words as written (valid or not); undefined when the file does not exist. */
export function readPackTexts(
  contentDir: string,
  language: string,
): { fields: Map<string, string>; numberWords: { word: string; say: string }[]; name?: string } | undefined {
  const path = join(contentDir, 'languages', `${language}.yaml`);
  if (!existsSync(path)) return undefined;
  const data = (parseDocument(readFileSync(path, 'utf8')).toJS() ?? {}) as Record<string, unknown>;
  const fields = new Map<string, string>();
  for (const field of LANGUAGE_PACK_FIELDS) {
    if (typeof data[field] === 'string') fields.set(field, data[field]);
  }
  const numberWords = Array.isArray(data.numberWords)
    ? data.numberWords.map((entry: { word?: unknown; say?: unknown } | null) => ({
        word: typeof entry?.word === 'string' ? entry.word : '',
        say: typeof entry?.say === 'string' ? entry.say : '',
      }))
    : [];
  return { fields, numberWords, ...(typeof data.name === 'string' ? { name: data.name } : {}) };
}

/**
 * Every text of one language beside its German reference, in the order of the translation sheet:
 * each question pack's texts, then the language pack's words and number words (word and say apart).
 */
export function languageTexts(contentDir: string, language: string): LanguageText[] {
  const rows: LanguageText[] = [];
  for (const pack of readQuestionTexts(contentDir)) {
    const own = pack.texts.get(language);
    for (const [field, german] of pack.texts.get(REFERENCE_LANGUAGE) ?? []) {
      rows.push({
        key: reviewKey(pack.id, field),
        file: pack.file,
        question: pack.id,
        field,
        german,
        own: own?.get(field) ?? '',
      });
    }
  }
  const reference = readPackTexts(contentDir, REFERENCE_LANGUAGE);
  const existing = readPackTexts(contentDir, language);
  const file = `languages/${language}.yaml`;
  for (const field of LANGUAGE_PACK_FIELDS) {
    rows.push({
      key: field,
      file,
      question: '',
      field,
      german: reference?.fields.get(field) ?? '',
      own: existing?.fields.get(field) ?? '',
    });
  }
  (reference?.numberWords ?? []).forEach((german, n) => {
    for (const part of ['word', 'say'] as const) {
      const field = `numberWords.${n}.${part}`;
      rows.push({
        key: field,
        file,
        question: '',
        field,
        german: german[part],
        own: existing?.numberWords[n]?.[part] ?? '',
      });
    }
  });
  return rows;
}

/** A pack's `letter:` texts as written (valid or not); empty when the file or the map is absent. */
function readLetter(contentDir: string, language: string): Map<string, string> {
  const path = join(contentDir, 'languages', `${language}.yaml`);
  const texts = new Map<string, string>();
  if (!existsSync(path)) return texts;
  const letter = (parseDocument(readFileSync(path, 'utf8')).toJS() as { letter?: unknown } | null)?.letter;
  if (letter && typeof letter === 'object') {
    for (const [field, text] of Object.entries(letter)) if (typeof text === 'string') texts.set(field, text);
  }
  return texts;
}

/**
 * The letters' texts of one language beside de.yaml's (docs/product.md §49), as rows of the
 * translation sheet: field and review key `letter.<field>`. Not part of languageTexts: a letter text
 * leaves the review state of the test's texts alone (letterStatus decides the letter's mark).
 */
export function letterTexts(contentDir: string, language: string): LanguageText[] {
  const own = readLetter(contentDir, language);
  return [...readLetter(contentDir, REFERENCE_LANGUAGE)].map(([field, german]) => ({
    key: `letter.${field}`,
    file: `languages/${language}.yaml`,
    question: '',
    field: `letter.${field}`,
    german,
    own: own.get(field) ?? '',
  }));
}

/** content/reviews/<code>.yaml: text key → the hash of the texts the reviewer confirmed. */
export function readReviewRecord(contentDir: string, language: string): Map<string, string> {
  const path = join(contentDir, REVIEWS_DIR, `${language}.yaml`);
  const record = new Map<string, string>();
  if (!existsSync(path)) return record;
  const data = parseDocument(readFileSync(path, 'utf8')).toJS() as { reviewed?: unknown } | null;
  const reviewed = data?.reviewed;
  if (reviewed && typeof reviewed === 'object') {
    for (const [key, hash] of Object.entries(reviewed)) {
      if (typeof hash === 'string') record.set(key, hash);
    }
  }
  return record;
}

/** Why a text is 'nicht geprüft': never reviewed, or changed (German or own text) since its review. */
export type UnreviewedReason = 'nie geprüft' | 'geändert';

export interface ReviewState {
  /** 'geprüft' only when every text of the language is reviewed as it stands. */
  status: TranslationStatus;
  reviewed: number;
  unreviewed: (LanguageText & { reason: UnreviewedReason })[];
}

/** The review state of every text of one language (docs/product.md, languages as content). */
export function reviewState(contentDir: string, language: string): ReviewState {
  const record = readReviewRecord(contentDir, language);
  const unreviewed: ReviewState['unreviewed'] = [];
  let reviewed = 0;
  for (const text of languageTexts(contentDir, language)) {
    const hash = record.get(text.key);
    if (text.own.trim() !== '' && hash === reviewHash(text.german, text.own)) reviewed++;
    else unreviewed.push({ ...text, reason: hash === undefined ? 'nie geprüft' : 'geändert' });
  }
  return { status: unreviewed.length === 0 ? 'geprüft' : 'Entwurf', reviewed, unreviewed };
}

/**
 * Whether a language's letters to the parents are a draft (docs/product.md, "Elternbrief und
 * Ergebnisbrief"): when the language's texts are, or any letter text is not reviewed as it stands
 * (key `letter.<field>` in content/reviews/<code>.yaml), or a translated Förderhinweis of
 * content/levels.yaml (key `levels.<level>.<n>`).
 */
export function letterStatus(
  contentDir: string,
  language: string,
  own: Readonly<Record<string, string | undefined>>,
  german: Readonly<Record<string, string | undefined>>,
  activities: readonly { key: string; german: string; own: string }[] = [],
): TranslationStatus {
  if (language === REFERENCE_LANGUAGE) return 'geprüft';
  if (reviewState(contentDir, language).status === 'Entwurf') return 'Entwurf';
  const record = readReviewRecord(contentDir, language);
  const reviewed =
    Object.entries(german).every(
      ([field, text]) =>
        own[field] !== undefined &&
        record.get(`letter.${field}`) === reviewHash(text ?? '', own[field] ?? ''),
    ) && activities.every((text) => record.get(text.key) === reviewHash(text.german, text.own));
  return reviewed ? 'geprüft' : 'Entwurf';
}

// ————— The languages —————

/** The language codes of a content folder: one per <code>.yaml in languages/, in the educator's order. */
export function packCodes(contentDir: string): string[] {
  const dir = join(contentDir, 'languages');
  if (!existsSync(dir)) return [];
  const codes = readdirSync(dir)
    .filter((name) => name.endsWith('.yaml') && LANGUAGE_CODE.test(name.slice(0, -'.yaml'.length)))
    .map((name) => name.slice(0, -'.yaml'.length));
  const heads = new Map(
    codes.map((code) => {
      try {
        const data: unknown = parseDocument(readFileSync(join(dir, `${code}.yaml`), 'utf8')).toJS();
        return [
          code,
          data && typeof data === 'object' ? (data as { name?: unknown; resultCode?: unknown }) : {},
        ];
      } catch {
        return [code, {}];
      }
    }),
  );
  return orderLanguages(codes, (code) => heads.get(code) ?? {});
}

/** The facts of one pack, with the review state derived from content/reviews/ for a child language. */
export function factOfPack(contentDir: string, code: string, pack: LanguagePack): LanguageFact {
  if (code === REFERENCE_LANGUAGE || pack.resultCode === undefined) return languageFact(code, pack);
  const state = reviewState(contentDir, code);
  return languageFact(code, pack, {
    status: state.status,
    unreviewed: state.unreviewed.length,
    texts: state.reviewed + state.unreviewed.length,
  });
}

/**
 * The languages of a content folder: de first, then the child languages in the order of the
 * educator's list, each with its review state. Throws when a pack is broken (`npm run
 * content:check` says where; the build refuses such content already).
 */
export function readLanguageFacts(contentDir: string = defaultContentDir()): LanguageFact[] {
  return packCodes(contentDir).map((code) => {
    const file = join(contentDir, 'languages', `${code}.yaml`);
    const parsed = languagePackSchema(code).safeParse(parseDocument(readFileSync(file, 'utf8')).toJS());
    if (!parsed.success) {
      throw new Error(`${file} is not a valid language pack — run npm run content:check to see where`);
    }
    return factOfPack(contentDir, code, parsed.data);
  });
}
