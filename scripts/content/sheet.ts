import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import {
  Composer,
  CST,
  isMap,
  isScalar,
  isSeq,
  Parser,
  parseDocument,
  type Scalar,
  type YAMLMap,
} from 'yaml';
import { languageTexts, letterTexts, readReviewRecord, reviewHash } from '../../schemas/language-facts.ts';
import { LANGUAGE_PACK_FIELDS } from '../../schemas/language-pack.ts';
import { CsvError, parseCsv, writeCsv } from './csv.ts';
import { writeReviews } from './review.ts';

/**
 * The translation sheet (docs/architecture.md, "Adding a language"): one CSV for translators who do
 * not edit YAML. `npm run content:sheet -- uk` writes uk.csv with one row per text of every question
 * pack and of the language pack, the German reference beside the target text;
 * `npm run content:sheet -- --import uk.csv` writes the target texts back into the packs in place.
 * The column 'geprüft' says 'ja' for a text a native speaker has confirmed as it stands; a reviewer
 * writes 'ja' beside a text, and the import records the review (scripts/content/review.ts).
 * Only the scalars that change are rewritten (through the yaml CST), so comments, quoting and order
 * stay and an unchanged sheet changes no byte. Header and notes are for translators (German);
 * messages are for content authors (English, file:line).
 */

/**
 * The fixed columns; the target column's header is "<name> (<code>)", then the review column and a
 * note column follow.
 */
export const FIXED_HEADER = ['Datei', 'Frage', 'Feld', 'Deutsch'] as const;
export const REVIEW_HEADER = 'geprüft';
export const NOTE_HEADER = 'Hinweis';
/** What the review column says for a confirmed text. */
export const REVIEWED = 'ja';

export interface SheetRow {
  /** Relative to content/: questions/01-….yaml or languages/<code>.yaml. */
  file: string;
  /** The question's id; empty for the language pack. */
  question: string;
  /** situationText, questionText, answerText, a language-pack field or numberWords.<n>.word|say. */
  field: string;
  german: string;
  target: string;
  /** Whether a native speaker confirmed this German reference and this text (content/reviews/). */
  reviewed: boolean;
  note: string;
}

const FIELD_NOTES: Record<string, string> = {
  situationText: 'Situation: wird dem Kind zuerst vorgelesen.',
  questionText: 'Frage an das Kind.',
  answerText: 'Steht über dem Antwortfeld (bei Frage 1 nach „Nein“).',
  yes: 'Wort unter dem Knopf „Ja“.',
  no: 'Wort unter dem Knopf „Nein“.',
  practiceCorrect: 'Lob nach einer richtigen Übungsantwort (gesprochen).',
  practiceWrongNumber:
    '{answer} unverändert lassen: dort setzt die App die richtige Zahl ein. Kein Punkt direkt nach {answer}.',
  practiceWrongNo: 'Gesprochen, wenn die richtige Übungsantwort „Nein“ ist.',
  practiceWrongYes: 'Gesprochen, wenn die richtige Übungsantwort „Ja“ ist.',
  soundCheck: 'Kurzer freundlicher Satz, mit dem die Fachkraft die Lautstärke einstellt.',
};
const LETTER_NOTE =
  'Brief an die Eltern (Elternbrief, Ergebnisbrief). Platzhalter wie {monateServer} unverändert übernehmen: dort setzt die App die Angabe ein.';
const WORD_NOTE = 'Zahlwort, wie das Kind es sagt (in der Schrift der Sprache). Wird nie vorgelesen.';
const SAY_NOTE = 'Lesehilfe: so liest eine deutschsprachige Fachkraft das Zahlwort vor.';

const NUMBER_WORD_FIELD = /^numberWords\.(\d+)\.(word|say)$/;
const LANGUAGE_CODE = /^[a-z]{2,3}$/;

interface QuestionPack {
  file: string;
  id: string;
  /** language → field → text */
  texts: Map<string, Map<string, string>>;
}

function readQuestionPacks(contentDir: string): QuestionPack[] {
  const dir = join(contentDir, 'questions');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const doc = parseDocument(readFileSync(join(dir, name), 'utf8'));
      const texts = new Map<string, Map<string, string>>();
      const textsNode = doc.get('texts');
      if (isMap(textsNode)) {
        for (const pair of textsNode.items) {
          const fields = new Map<string, string>();
          if (isMap(pair.value)) {
            for (const field of pair.value.items) {
              if (isScalar(field.key) && isScalar(field.value))
                fields.set(String(field.key.value), String(field.value.value));
            }
          }
          if (isScalar(pair.key)) texts.set(String(pair.key.value), fields);
        }
      }
      return { file: `questions/${name}`, id: String(doc.get('id') ?? ''), texts };
    });
}

interface LanguagePackTexts {
  fields: Map<string, string>;
  numberWords: { word: string; say: string }[];
  name?: string;
}

function readLanguagePack(path: string): LanguagePackTexts | undefined {
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
  return { fields, numberWords, name: typeof data.name === 'string' ? data.name : undefined };
}

export class SheetError extends Error {}

function checkLanguage(language: string) {
  if (!LANGUAGE_CODE.test(language)) {
    throw new SheetError(
      `'${language}' is not a language code — write the ISO 639-1 code in lower case, e.g. uk`,
    );
  }
  if (language === 'de') {
    throw new SheetError(
      'de is the German reference, not a translation — name the language to translate into, e.g. uk',
    );
  }
}

const LETTER_PREFIX = 'letter.';

/** Every text of the sheet: the test's texts, then the letters' texts (docs/product.md §49). */
function sheetTexts(contentDir: string, language: string) {
  return [...languageTexts(contentDir, language), ...letterTexts(contentDir, language)];
}

/**
 * The rows of the sheet for one language: every question pack's texts, then the language pack
 * (schemas/language-facts.ts lists them, the same texts whose review decides the status).
 */
export function sheetRows(contentDir: string, language: string): SheetRow[] {
  checkLanguage(language);
  const record = readReviewRecord(contentDir, language);
  return sheetTexts(contentDir, language).map((text) => {
    const part = /\.(word|say)$/.exec(text.field)?.[1];
    return {
      file: text.file,
      question: text.question,
      field: text.field,
      german: text.german,
      target: text.own,
      reviewed: text.own.trim() !== '' && record.get(text.key) === reviewHash(text.german, text.own),
      note:
        part === 'word'
          ? WORD_NOTE
          : part === 'say'
            ? SAY_NOTE
            : text.field.startsWith(LETTER_PREFIX)
              ? LETTER_NOTE
              : (FIELD_NOTES[text.field] ?? ''),
    };
  });
}

/** The header of the target column: "Ukrainisch (uk)" once the pack names the language, else "uk". */
function targetHeader(contentDir: string, language: string) {
  const name = readLanguagePack(join(contentDir, 'languages', `${language}.yaml`))?.name;
  return name ? `${name} (${language})` : language;
}

/** The sheet as CSV text (UTF-8 with BOM, `;`, CRLF): what `npm run content:sheet -- <code>` writes. */
export function buildSheet(contentDir: string, language: string): string {
  const rows = sheetRows(contentDir, language);
  return writeCsv([
    [...FIXED_HEADER, targetHeader(contentDir, language), REVIEW_HEADER, NOTE_HEADER],
    ...rows.map((row) => [
      row.file,
      row.question,
      row.field,
      row.german,
      row.target,
      row.reviewed ? REVIEWED : '',
      row.note,
    ]),
  ]);
}

export interface SheetProblem {
  /** The line of the CSV file the row starts on. */
  line: number;
  /** The row number a spreadsheet shows. */
  row: number;
  message: string;
}

export interface ImportResult {
  language: string;
  contentDir: string;
  /** Texts newly marked 'ja' in the column 'geprüft', whose review is recorded (content/reviews/<code>.yaml). */
  reviewed: string[];
  /** Rows marked 'ja' whose review cannot be recorded: the text or its German changed since. */
  notReviewed: SheetProblem[];
  /** Absolute path → new file text, for the files whose text changes. */
  changes: Map<string, string>;
  /** Files that did not exist and are created (a new language pack). */
  created: string[];
  /** Rows that could not be placed; nothing is written for them. */
  problems: SheetProblem[];
  /** Rows whose German cell no longer matches the pack: the translation may be out of date. */
  stale: SheetProblem[];
  /** Rows with an empty target cell: not translated yet. */
  missing: SheetProblem[];
  /** Rows whose text was written (or already stood in the pack). */
  placed: number;
  /** Notes for the author about what is still to do by hand. */
  notes: string[];
}

interface Placement {
  field: string;
  value: string;
}

/**
 * Reads a filled sheet and computes the new texts of the packs; writes nothing (see writeImport).
 * Rows it cannot place are reported with their line and skipped; an empty target cell is "not
 * translated yet" and leaves the pack as it is.
 */
export function importSheet(contentDir: string, csvText: string): ImportResult {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(csvText);
  } catch (error) {
    if (error instanceof CsvError) throw new SheetError(`line ${error.line}: ${error.message}`);
    throw error;
  }
  const header = records[0];
  if (!header || FIXED_HEADER.some((label, i) => header.cells[i]?.trim() !== label)) {
    throw new SheetError(
      `line 1: the first row must be the header ${[...FIXED_HEADER, '<Sprache (code)>'].join(';')} — write the sheet with npm run content:sheet -- <code> and keep its first row`,
    );
  }
  const targetLabel = header.cells[4]?.trim() ?? '';
  const language =
    /\(([a-z]{2,3})\)$/.exec(targetLabel)?.[1] ?? (LANGUAGE_CODE.test(targetLabel) ? targetLabel : '');
  if (!language) {
    throw new SheetError(
      `line 1: the fifth column's header '${targetLabel}' names no language — write its code in brackets, e.g. "Ukrainisch (uk)"`,
    );
  }
  checkLanguage(language);

  const reviewColumn = header.cells.findIndex((cell) => cell.trim() === REVIEW_HEADER);
  const result: ImportResult = {
    language,
    contentDir,
    reviewed: [],
    notReviewed: [],
    changes: new Map(),
    created: [],
    problems: [],
    stale: [],
    missing: [],
    placed: 0,
    notes: [],
  };
  const packFile = `languages/${language}.yaml`;
  const questionPacks = new Map(readQuestionPacks(contentDir).map((pack) => [pack.file, pack]));
  const reference = readLanguagePack(join(contentDir, 'languages', 'de.yaml'));
  const wanted = new Map<string, Placement[]>();
  const seen = new Map<string, number>();
  const current = new Map(
    sheetTexts(contentDir, language).map((text) => [`${text.file}\n${text.field}`, text]),
  );
  const reviews = readReviewRecord(contentDir, language);

  for (const record of records.slice(1)) {
    const problem = (message: string) =>
      result.problems.push({ line: record.line, row: record.row, message });
    const [file = '', question = '', field = '', german = ''] = record.cells.map((cell) => cell.trim());
    // The text itself is taken as written (a pack's text may keep an outer space); blank means empty.
    const written = record.cells[4] ?? '';
    const target = written.trim() === '' ? '' : written;
    if (record.cells.length < 5) {
      problem(
        `has ${record.cells.length} cell(s), but a row needs Datei, Frage, Feld, Deutsch and the translation`,
      );
      continue;
    }
    let currentGerman: string | undefined;
    if (file === packFile) {
      if (question !== '') {
        problem(`names question ${question} for the language pack ${file} — leave Frage empty in its rows`);
        continue;
      }
      const word = NUMBER_WORD_FIELD.exec(field);
      if (word) {
        const entry = reference?.numberWords[Number(word[1])];
        currentGerman = entry ? entry[word[2] as 'word' | 'say'] : undefined;
        if (currentGerman === undefined) {
          problem(
            `has the field ${field}, but de.yaml lists number words 0 to ${(reference?.numberWords.length ?? 0) - 1} only`,
          );
          continue;
        }
      } else if ((LANGUAGE_PACK_FIELDS as readonly string[]).includes(field)) {
        currentGerman = reference?.fields.get(field) ?? '';
      } else if (field.startsWith(LETTER_PREFIX) && current.has(`${packFile}\n${field}`)) {
        currentGerman = current.get(`${packFile}\n${field}`)?.german ?? '';
      } else {
        problem(
          `has the field '${field}', which a language pack does not have — use ${LANGUAGE_PACK_FIELDS.join(', ')} or numberWords.<0–20>.word|say`,
        );
        continue;
      }
    } else if (file.startsWith('languages/')) {
      problem(
        `names the language pack ${file}, but this sheet is for ${language} — only ${packFile} belongs in it`,
      );
      continue;
    } else {
      const pack = questionPacks.get(file);
      if (!pack) {
        problem(
          `names ${file}, which is not a question pack in content/questions/ — keep the Datei cell as the sheet wrote it`,
        );
        continue;
      }
      if (question !== pack.id) {
        problem(
          `says question ${question || '(empty)'}, but ${file} has id ${pack.id} — keep the Frage cell as the sheet wrote it`,
        );
        continue;
      }
      currentGerman = pack.texts.get('de')?.get(field);
      if (currentGerman === undefined) {
        problem(
          `has the field '${field}', which ${file} has no German text for — use ${[...(pack.texts.get('de')?.keys() ?? [])].join(', ')}`,
        );
        continue;
      }
    }
    const key = `${file}\n${field}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problem(`repeats ${file} ${field} of row ${first} — keep one of the two rows`);
      continue;
    }
    seen.set(key, record.row);
    const confirmed =
      reviewColumn !== -1 && (record.cells[reviewColumn] ?? '').trim().toLowerCase() === REVIEWED;
    const stands = current.get(key);
    if (confirmed && stands) {
      // A review confirms the texts as they stand in the packs: a text changed in this sheet (or whose
      // German changed since the export) is reviewed after the import, in a sheet written anew.
      const notReviewed = (why: string) =>
        result.notReviewed.push({
          line: record.line,
          row: record.row,
          message: `${file} ${field}: marked geprüft, but ${why} — import, write the sheet again and let the reviewer confirm the text as it stands`,
        });
      if (german !== stands.german.trim()) notReviewed('the German text changed since the sheet was written');
      else if (target.trim() !== stands.own.trim())
        notReviewed(
          stands.own.trim() === ''
            ? 'the text is new in this sheet'
            : 'the text in the sheet differs from the pack',
        );
      else if (reviews.get(stands.key) !== reviewHash(stands.german, stands.own))
        result.reviewed.push(stands.key);
    }
    if (german !== currentGerman.trim()) {
      result.stale.push({
        line: record.line,
        row: record.row,
        message: `${file} ${field}: the German text changed since the sheet was written (now "${currentGerman}") — check the translation`,
      });
    }
    if (target === '') {
      result.missing.push({
        line: record.line,
        row: record.row,
        message: `${file} ${field}: not translated yet`,
      });
      continue;
    }
    result.placed++;
    const placements = wanted.get(file) ?? [];
    placements.push({ field, value: target });
    wanted.set(file, placements);
  }

  for (const [file, placements] of wanted) {
    const path = join(contentDir, file);
    if (file === packFile && !existsSync(path)) {
      const created = newLanguagePack(placements, reference?.numberWords.length ?? 0, result);
      result.changes.set(path, created);
      result.created.push(path);
      continue;
    }
    const before = readFileSync(path, 'utf8');
    const after =
      file === packFile
        ? editLanguagePack(before, placements, reference?.numberWords.length ?? 0, result)
        : editQuestionPack(file, before, language, placements, questionPacks.get(file)?.texts.get('de'));
    if (after !== before) result.changes.set(path, after);
  }
  return result;
}

// ————— Editing YAML in place —————

/** Parses with the CST kept, so that scalars can be rewritten without touching anything else. */
function parseKeepingSource(source: string, file: string) {
  const tokens = [...new Parser().parse(source)];
  const [doc] = [...new Composer({ keepSourceTokens: true }).compose(tokens)];
  if (!doc || doc.errors.length > 0) {
    throw new SheetError(
      `${file} does not parse (${doc?.errors[0]?.message.split('\n')[0] ?? 'empty file'}) — fix it first (npm run content:check shows where), then import again; nothing was written`,
    );
  }
  return { doc, render: () => tokens.map((token) => CST.stringify(token)).join('') };
}

/** Rewrites one scalar's value in the CST, keeping its quoting style where the text allows. */
function setScalar(node: unknown, value: string, inFlow: boolean): boolean {
  const scalar = node as Scalar;
  if (scalar.value === value) return false;
  if (!scalar.srcToken) throw new SheetError('internal: a scalar without its source token');
  CST.setScalarValue(scalar.srcToken, value, inFlow ? { inFlow: true } : { afterKey: true });
  return true;
}

const quote = (value: string) => JSON.stringify(value);
const lineStart = (source: string, offset: number) => source.lastIndexOf('\n', offset - 1) + 1;
const column = (source: string, offset: number) => offset - lineStart(source, offset);

/** The offset just after the line on which a node's value ends (where a sibling line goes). */
function afterLineOf(source: string, end: number): { offset: number; prefix: string } {
  if (end > 0 && source[end - 1] === '\n') return { offset: end, prefix: '' };
  const newline = source.indexOf('\n', end);
  return newline === -1 ? { offset: source.length, prefix: '\n' } : { offset: newline + 1, prefix: '' };
}

function insertAt(source: string, at: { offset: number; prefix: string }, text: string) {
  return source.slice(0, at.offset) + at.prefix + text + source.slice(at.offset);
}

function editQuestionPack(
  file: string,
  source: string,
  language: string,
  placements: Placement[],
  germanFields: Map<string, string> | undefined,
): string {
  const { doc, render } = parseKeepingSource(source, file);
  const block = doc.getIn(['texts', language], true);
  const absent: Placement[] = [];
  for (const placement of placements) {
    const node = isMap(block) ? block.get(placement.field, true) : undefined;
    if (isScalar(node)) setScalar(node, placement.value, false);
    else absent.push(placement);
  }
  let text = render();
  if (absent.length === 0) return text;

  // Fields or the whole language block are missing: add lines, in the order of the German texts.
  const order = [...(germanFields?.keys() ?? [])];
  absent.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
  const current = parseDocument(text);
  const texts = current.get('texts', true) as YAMLMap;
  const germanPair = texts.items.find((pair) => isScalar(pair.key) && pair.key.value === 'de');
  const germanBlock = germanPair?.value as YAMLMap | undefined;
  const keyRange = (germanPair?.key as Scalar | undefined)?.range;
  const fieldRange = (germanBlock?.items[0]?.key as Scalar | undefined)?.range;
  const languageIndent = ' '.repeat(keyRange ? column(text, keyRange[0]) : 2);
  const fieldIndent = ' '.repeat(fieldRange ? column(text, fieldRange[0]) : 4);
  const lines = absent.map((p) => `${fieldIndent}${p.field}: ${quote(p.value)}\n`).join('');
  const existing = current.getIn(['texts', language], true);
  if (isMap(existing) && existing.items.length > 0) {
    const last = existing.items[existing.items.length - 1]?.value as Scalar;
    text = insertAt(text, afterLineOf(text, last.range?.[1] ?? text.length), lines);
  } else {
    const lastBlock = texts.items[texts.items.length - 1]?.value as YAMLMap;
    text = insertAt(
      text,
      afterLineOf(text, lastBlock.range?.[1] ?? text.length),
      `${languageIndent}${language}:\n${lines}`,
    );
  }
  return text;
}

function numberWordPlacements(placements: Placement[]) {
  const words = new Map<number, { word?: string; say?: string }>();
  const fields: Placement[] = [];
  for (const placement of placements) {
    const match = NUMBER_WORD_FIELD.exec(placement.field);
    if (!match) {
      fields.push(placement);
      continue;
    }
    const n = Number(match[1]);
    words.set(n, { ...words.get(n), [match[2] as string]: placement.value });
  }
  return { fields, words };
}

function numberWordLines(words: Map<number, { word?: string; say?: string }>, count: number) {
  let lines =
    '# Zahlwörter 0–20 für die Liste „Zahlwörter“ der Fachkraft (nie vorgelesen). say: so liest eine\n' +
    '# deutschsprachige Person das Wort vor.\nnumberWords:\n';
  for (let n = 0; n < count; n++) {
    const entry = words.get(n);
    lines += `  - { word: ${quote(entry?.word ?? '')}, say: ${quote(entry?.say ?? '')} } # ${n}\n`;
  }
  return lines;
}

function completeWords(words: Map<number, { word?: string; say?: string }>, count: number) {
  for (let n = 0; n < count; n++) if (!words.get(n)?.word || !words.get(n)?.say) return false;
  return count > 0;
}

function newLanguagePack(placements: Placement[], count: number, result: ImportResult): string {
  const letter = placements.filter((p) => p.field.startsWith(LETTER_PREFIX));
  const { fields, words } = numberWordPlacements(placements.filter((p) => !letter.includes(p)));
  let text = '# yaml-language-server: $schema=../../schemas/language-pack.schema.json\n';
  for (const field of LANGUAGE_PACK_FIELDS) {
    const placement = fields.find((p) => p.field === field);
    if (placement) text += `${field}: ${quote(placement.value)}\n`;
  }
  if (completeWords(words, count)) text += numberWordLines(words, count);
  else if (words.size > 0) {
    result.notes.push(
      `the number words are written only as the whole list 0–${count - 1}; fill every word and say cell`,
    );
  }
  result.notes.push(
    `languages/${result.language}.yaml is new: add name, resultCode, dir and speechLang by hand (docs/architecture.md, "Adding a language")`,
  );
  return letter.length > 0 ? addLetterLines(text, letter) : text;
}

function editLanguagePack(
  source: string,
  placements: Placement[],
  count: number,
  result: ImportResult,
): string {
  const { doc, render } = parseKeepingSource(source, `languages/${result.language}.yaml`);
  const letter = placements.filter((p) => p.field.startsWith(LETTER_PREFIX));
  const { fields, words } = numberWordPlacements(placements.filter((p) => !letter.includes(p)));
  const absent: Placement[] = [];
  for (const placement of fields) {
    const node = doc.get(placement.field, true);
    if (isScalar(node)) setScalar(node, placement.value, false);
    else absent.push(placement);
  }
  const absentLetter: Placement[] = [];
  for (const placement of letter) {
    const node = doc.getIn(['letter', placement.field.slice(LETTER_PREFIX.length)], true);
    if (isScalar(node)) setScalar(node, placement.value, false);
    else absentLetter.push(placement);
  }
  const list = doc.get('numberWords', true);
  let wordsMissing = false;
  if (isSeq(list)) {
    for (const [n, entry] of words) {
      const item = list.items[n];
      if (!isMap(item)) {
        result.notes.push(
          `numberWords has no entry ${n} in languages/${result.language}.yaml — add it there by hand`,
        );
        continue;
      }
      for (const key of ['word', 'say'] as const) {
        const value = entry[key];
        if (value === undefined) continue;
        const node = item.get(key, true);
        if (isScalar(node)) setScalar(node, value, true);
        else
          result.notes.push(
            `numberWords entry ${n} has no ${key} in languages/${result.language}.yaml — add it there by hand`,
          );
      }
    }
  } else if (words.size > 0) {
    wordsMissing = true;
  }
  let text = render();
  if (absent.length > 0) {
    const current = parseDocument(text);
    const present = current.contents && isMap(current.contents) ? current.contents.items : [];
    const lastField = [...present]
      .reverse()
      .find(
        (pair) => isScalar(pair.key) && (LANGUAGE_PACK_FIELDS as readonly unknown[]).includes(pair.key.value),
      );
    const lines = absent.map((p) => `${p.field}: ${quote(p.value)}\n`).join('');
    const end = (lastField?.value as Scalar | undefined)?.range?.[1];
    if (end !== undefined) text = insertAt(text, afterLineOf(text, end), lines);
    else {
      // A pack with its name, code and direction only: the texts follow them, before any number words.
      const words = present.find((pair) => isScalar(pair.key) && pair.key.value === 'numberWords');
      const at = (words?.key as Scalar | undefined)?.range?.[0];
      text =
        at === undefined
          ? `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${lines}`
          : insertAt(text, { offset: lineStart(text, at), prefix: '' }, lines);
    }
  }
  if (wordsMissing) {
    if (completeWords(words, count))
      text += `${text.endsWith('\n') ? '' : '\n'}${numberWordLines(words, count)}`;
    else
      result.notes.push(
        `the number words are written only as the whole list 0–${count - 1}; fill every word and say cell`,
      );
  }
  return absentLetter.length > 0 ? addLetterLines(text, absentLetter) : text;
}

/** The letter texts a pack lacks, added at the end of its `letter:` map (a new map at the end of the file). */
function addLetterLines(text: string, placements: Placement[]): string {
  const lines = placements
    .map((p) => `  ${p.field.slice(LETTER_PREFIX.length)}: ${quote(p.value)}\n`)
    .join('');
  const letter = parseDocument(text).get('letter', true);
  const end = isMap(letter) ? letter.range?.[1] : undefined;
  if (end !== undefined && isMap(letter) && letter.items.length > 0) {
    return insertAt(text, afterLineOf(text, end), lines);
  }
  return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}letter:\n${lines}`;
}

/** Writes the computed changes and the recorded reviews; returns the paths written. */
export function writeImport(result: ImportResult): string[] {
  for (const [path, text] of result.changes) writeFileSync(path, text);
  const written = [...result.changes.keys()];
  if (result.reviewed.length > 0) {
    const record = writeReviews(result.contentDir, result.language, result.reviewed);
    if (record) written.push(record);
  }
  return written;
}

// ————— Command line —————

function main(args: string[]) {
  const root = resolve(import.meta.dirname, '../..');
  const option = (name: string) => {
    const at = args.indexOf(name);
    if (at === -1) return undefined;
    const value = args[at + 1];
    args.splice(at, 2);
    if (!value) throw new SheetError(`${name} needs a value`);
    return value;
  };
  const contentDir = resolve(option('--content') ?? join(root, 'content'));
  const importFile = option('--import');
  const out = option('--out');
  const rel = (path: string) => {
    const fromHere = relative(process.cwd(), path);
    return fromHere === '' || fromHere.startsWith('..') ? path : fromHere;
  };

  if (importFile) {
    const bytes = readFileSync(importFile);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new SheetError(
        `${rel(importFile)} is not UTF-8 — in Excel save it as "CSV UTF-8 (durch Trennzeichen getrennt)", in LibreOffice choose the character set Unicode (UTF-8)`,
      );
    }
    const result = importSheet(contentDir, text);
    const where = (p: SheetProblem) =>
      `${rel(importFile)}:${p.line}${p.line === p.row ? '' : ` (row ${p.row})`}`;
    for (const p of result.problems) console.error(`${where(p)}: ${p.message}`);
    for (const p of result.stale) console.warn(`${where(p)}: ${p.message}`);
    for (const p of result.notReviewed) console.warn(`${where(p)}: ${p.message}`);
    const written = writeImport(result);
    for (const path of written)
      console.log(`${result.created.includes(path) ? 'created' : 'updated'} ${rel(path)}`);
    for (const note of result.notes) console.log(`note: ${note}`);
    console.log(
      `${result.placed} text(s) placed, ${result.reviewed.length} marked geprüft, ${written.length} file(s) changed, ${result.missing.length} not translated yet (empty cells)` +
        (result.missing.length > 0 ? `: rows ${result.missing.map((p) => p.row).join(', ')}` : ''),
    );
    if (result.problems.length > 0) {
      console.error(`✖ ${result.problems.length} row(s) could not be placed; the other rows were written`);
      process.exitCode = 1;
    } else if (written.length > 0) {
      console.log('next: npm run content:check');
    }
    return;
  }

  const [language] = args;
  if (!language || args.length > 1) {
    throw new SheetError(
      'usage: npm run content:sheet -- <code> [--out file.csv]   or   npm run content:sheet -- --import file.csv',
    );
  }
  const target = out ?? `${language}.csv`;
  writeFileSync(target, buildSheet(contentDir, language));
  const rows = sheetRows(contentDir, language);
  const empty = rows.filter((row) => row.target === '').length;
  console.log(
    `wrote ${rel(target)}: ${rows.length} texts, ${empty} of them not yet translated into ${language} (${basename(target)} opens in Excel)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
}
