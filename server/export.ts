import { isProducibleGiven } from '../schemas/given-answer.ts';
import type { AnswerDetail } from '../schemas/result-payload.ts';
import { SCORED_QUESTION_IDS } from '../schemas/result-payload.ts';
import { germanDate as formatGermanDate } from '../src/domain/date.ts';
import { SCORED_LEVELS, SCORED_QUESTION_LEVELS } from '../src/domain/facts.ts';
import { de } from '../src/i18n/de.ts';
import { isAchieved, unusualProfile } from '../src/results/levels.ts';
import type { StoredResult } from './db/index.ts';
import { resultLanguageLabel } from './languages.ts';
import { resultSound, SOUND_NAMES } from './result-sound.ts';

/** Time zone of the received time in the CSV (researchers read local time). */
export const DEFAULT_EXPORT_TIME_ZONE = 'Europe/Berlin';

/** Quotes a field when it holds the separator, a quote or a line break (RFC 4180, `;` separated). */
export function csvField(value: string): string {
  return /[;"\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The day in a download's file name (zaehltest-…-YYYY-MM-DD.csv), as UTC. */
export function fileNameDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** YYYY-MM-DD → TT.MM.JJJJ; anything else, '' included, gives ''. */
export function germanDate(isoDate: string): string {
  return formatGermanDate(isoDate, '');
}

/** TT.MM.JJJJ HH:MM in the given time zone. */
export function germanDateTime(formatter: Intl.DateTimeFormat, date: Date): string {
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(date)) part[type] = value;
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}

/** TT.MM.JJJJ HH:MM parts (24-hour clock) in the given time zone. */
export function dateTimeFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** One column of the CSV: its header and its cell of a result. */
export interface CsvColumn {
  header: string;
  cell(result: StoredResult, formatter: Intl.DateTimeFormat): string;
}

const question =
  (id: number): CsvColumn['cell'] =>
  (result) =>
    questionCell((result as unknown as Record<string, boolean | null>)[`question${id}`]);

/** 1 right, 0 wrong, empty for a question a test ended early did not reach (docs/product.md §38). */
function questionCell(value: boolean | null | undefined): string {
  if (value === null) return '';
  return value ? '1' : '0';
}

/**
 * The columns of the CSV, in order, one line each (explained in German on /auswertung,
 * src/i18n/de-auswertung.ts `columns`, and in the README). A new column adds its line here, at the
 * end, so that the positions researchers' scripts rely on stay. Questions are 1/0 rather than
 * WAHR/FALSCH: numbers are read the same by every Excel locale, LibreOffice, R and SPSS, and a
 * column sum is the number of children who answered that question correctly.
 */
export const CSV_COLUMNS: CsvColumn[] = [
  { header: 'Nr', cell: (result) => String(result.id) },
  { header: 'Eingegangen', cell: (result, formatter) => germanDateTime(formatter, result.receivedAt) },
  { header: 'Geburtsdatum', cell: (result) => germanDate(result.born) },
  { header: 'Einrichtung', cell: (result) => result.school },
  { header: 'Jahrgang', cell: (result) => result.schoolLevel },
  // The pack's German name ('Ukrainisch (Entwurf)' for a draft language; server/languages.ts).
  { header: 'Sprache', cell: (result) => resultLanguageLabel(result.language) },
  { header: 'Sprachcode', cell: (result) => result.language },
  { header: 'Testdatum', cell: (result) => germanDate(result.testDate ?? '') },
  {
    header: 'Alter in Monaten',
    cell: (result) => (result.ageMonths === null ? '' : String(result.ageMonths)),
  },
  ...SCORED_QUESTION_IDS.map((id) => ({ header: `Frage${id}`, cell: question(id) })),
  { header: 'Punkte Niveau 1', cell: (result) => String(result.pointsPerLevel[0]) },
  { header: 'Punkte Niveau 2', cell: (result) => String(result.pointsPerLevel[1]) },
  { header: 'Punkte Niveau 3', cell: (result) => String(result.pointsPerLevel[2]) },
  // 4 stands for 'größer 3' (level 3 achieved), so that the column stays numeric.
  { header: 'Zugeordnetes Niveau', cell: (result) => String(result.assignedLevel) },
  { header: 'Inhaltsversion', cell: (result) => result.contentVersion ?? '' },
  { header: 'Einsendungs-ID', cell: (result) => result.submissionId },
  { header: 'Kind-Code', cell: (result) => result.childCode ?? '' },
  {
    header: 'Test Nr. des Kindes',
    cell: (result) => (result.childTestNumber === undefined ? '' : String(result.childTestNumber)),
  },
  { header: 'Einrichtungskennung', cell: (result) => result.site ?? '' },
  // 'Weiß nicht' (docs/product.md, "The educator understands the child"): e.g. "17 21".
  { header: 'Keine Antwort', cell: (result) => noAnswerQuestions(result) },
  // How the child heard the prompts (docs/product.md §14): Aufnahme, Gerätestimme, gemischt, ohne.
  { header: 'Ton', cell: (result) => soundName(result) },
  // geprüft or Entwurf: the review status of the language's texts when the result was taken, as the
  // upload said it (a draft stays a draft after its pack is reviewed); results without one were taken
  // in a reviewed language.
  { header: 'Übersetzung', cell: (result) => result.translationStatus ?? 'geprüft' },
  // A level not reached below a reached one (docs/product.md §28): e.g. "1"; empty for an ordinary profile.
  { header: 'Ungewöhnliches Profil', cell: (result) => unusualLevels(result) },
  // 'Test beenden' (docs/product.md §38): the German reason, empty for a test run to its end, and the
  // last question reached (its position in the test).
  {
    header: 'Vorzeitig beendet',
    cell: (result) => (result.endedEarly ? END_REASON_NAMES[result.endedEarly.reason] : ''),
  },
  {
    header: 'Bearbeitet bis Frage',
    cell: (result) => (result.endedEarly ? String(result.endedEarly.lastQuestion) : ''),
  },
  // Recorded on the start screen (docs/product.md §39): ja, teilweise or nein; empty when unknown
  // (stored before it was asked, or sent by an older app).
  {
    header: 'Sprachverständnis',
    cell: (result) => (result.understanding ? UNDERSTANDING_NAMES[result.understanding] : ''),
  },
  // The Einsendungs-ID of the result's bilingual partner (docs/product.md §44): the same child's test
  // in German, or in its home language for a German one, both run to their end and at most 56 days
  // apart, the nearest one (server/db/rows.ts bilingualPartner); empty without one.
  { header: 'Sprachpaar', cell: (result) => result.bilingualPartner ?? '' },
  // The parents' research consent as the tablet sent it (docs/product.md §48): ja, nein or unbekannt
  // (none recorded, and every result sent before it was asked).
  {
    header: 'Einwilligung Forschung',
    cell: (result) => RESEARCH_CONSENT_NAMES[result.researchConsent ?? 'unknown'],
  },
];

/** The research consent's values in the CSV and on the tablet (src/i18n/de.ts `consent`). */
const RESEARCH_CONSENT_NAMES = de.consent.researchValues;

/** The answers of 'Hat das Kind die Ansage verstanden?' as the start screen words them (src/i18n/de.ts). */
const UNDERSTANDING_NAMES = de.understanding.values;

/** The reasons of 'Test beenden' as the dialog words them (src/i18n/de.ts, docs/product.md §38). */
const END_REASON_NAMES = de.endEarly.reasons;

/** Questions per scored level (7 each), for the 65 % rule on the stored points. */
const QUESTIONS_PER_LEVEL = SCORED_LEVELS.map(
  (level) => Object.values(SCORED_QUESTION_LEVELS).filter((of) => of === level).length,
);

/**
 * The levels not reached below a reached one, space-separated, by the rule of the results page; ''
 * for an ordinary profile. The column `unusual` (migration 011) is the same rule in SQL.
 */
export function unusualLevels(result: Pick<StoredResult, 'pointsPerLevel'>): string {
  const profile = unusualProfile(
    SCORED_LEVELS.map((level, index) => ({
      level,
      achieved: isAchieved(result.pointsPerLevel[index] ?? 0, QUESTIONS_PER_LEVEL[index] ?? 0),
    })),
  );
  return profile ? profile.unmet.join(' ') : '';
}

/** The ids of the questions recorded as 'keine Antwort', space-separated ('' for none). */
function noAnswerQuestions(result: StoredResult): string {
  return (result.answers ?? [])
    .filter((detail) => detail.noAnswer)
    .map((detail) => detail.question)
    .sort((a, b) => a - b)
    .join(' ');
}

export const CSV_HEADERS = CSV_COLUMNS.map((column) => column.header);

/** A result as the CSV reads it: every column's German header and its cell (the Auskunft's PDF). */
export function readableResult(
  result: StoredResult,
  formatter: Intl.DateTimeFormat,
): { header: string; value: string }[] {
  return CSV_COLUMNS.map((column) => ({ header: column.header, value: column.cell(result, formatter) }));
}

function csvRow(result: StoredResult, formatter: Intl.DateTimeFormat): string {
  return CSV_COLUMNS.map((column) => csvField(column.cell(result, formatter))).join(';');
}

/** `Ton`: Aufnahme, Gerätestimme, gemischt or ohne; empty for a result without prompt details. */
function soundName(result: StoredResult): string {
  const sound = resultSound(result.answers);
  return sound ? SOUND_NAMES[sound] : '';
}

/** Rows are joined into chunks of this many, so the stream is neither one write per row nor one blob. */
const ROWS_PER_CHUNK = 500;

/** CSV for German Excel: UTF-8 with BOM, `;`, CRLF line ends, dates TT.MM.JJJJ. */
export async function* csvChunks(
  results: AsyncIterable<StoredResult>,
  timeZone = DEFAULT_EXPORT_TIME_ZONE,
): AsyncGenerator<string> {
  const formatter = dateTimeFormatter(timeZone);
  let chunk = `\uFEFF${CSV_HEADERS.map(csvField).join(';')}\r\n`;
  let rows = 0;
  for await (const result of results) {
    chunk += `${csvRow(result, formatter)}\r\n`;
    if (++rows % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * A detail as exported: a `given` its question cannot produce (stored before the server checked it,
 * docs/product.md §24) is left out, so no formula, control character or direction override stored
 * then reaches a spreadsheet.
 */
function exportedDetail(detail: AnswerDetail): Partial<AnswerDetail> {
  if (isProducibleGiven(detail.question, detail.given)) return detail;
  const { given: _unproducible, ...rest } = detail;
  return rest;
}

/** One result of the JSON export (and of the Auskunft): the stored payload as jsonChunks describes it. */
export function exportedResult(result: StoredResult): Record<string, unknown> {
  const sound = resultSound(result.answers);
  return {
    ...result,
    receivedAt: result.receivedAt.toISOString(),
    ...(result.answers ? { answers: result.answers.map(exportedDetail) } : {}),
    ...(sound ? { sound } : {}),
  };
}

/**
 * The JSON export: an array of the stored payloads with `id`, `receivedAt` (ISO 8601, UTC) and,
 * where the answers record their prompts, `sound` (the CSV's `Ton`: recording, synthesis, mixed, none).
 */
export async function* jsonChunks(results: AsyncIterable<StoredResult>): AsyncGenerator<string> {
  let chunk = '[';
  let rows = 0;
  for await (const result of results) {
    chunk += `${rows === 0 ? '\n' : ',\n'}${JSON.stringify(exportedResult(result))}`;
    if (++rows % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}\n]\n`;
}
