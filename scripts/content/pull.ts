import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { defaultContentDir, languageTexts } from '../../schemas/language-facts.ts';
import type { ExportAnswer } from '../../schemas/sprachen-api.ts';
import { GERMAN, testLanguages } from '../../schemas/test-languages.ts';
import { recordingKeyOf } from '../../schemas/text-keys.ts';
import { compileQuestionsModule } from './compile.ts';
import { writeCsv } from './csv.ts';
import { readLanguageFacts } from './language-facts.ts';
import { type LoadOptions, loadContent, REAL_CONTENT, SCHEMA_FILE } from './load.ts';
import { isStale, readRecordedText, writeRecordedText } from './recorded-text.ts';
import { writeReviews } from './review.ts';
import { FIXED_HEADER, importSheet, writeImport } from './sheet.ts';

/**
 * `npm run content:pull` (docs/product.md §50, content/README.md): brings what native speakers did on
 * the results server's page /verwaltung/sprachen into content/, so the author's files stay the
 * source: confirmed corrections into the question packs and language packs (in place, through the
 * translation sheet's YAML editing, so comments and quoting stay), the confirmations into
 * content/reviews/<code>.yaml, and the approved recordings into content/audio/ with the text each
 * was made for (recorded-text.ts). content:check and the build then treat them as any other.
 *
 * Usage: npm run content:pull -- [SERVER-URL] [--language CODE]…
 * The server from the argument or ZAEHLTEST_SERVER; the API token (role verwaltung or sprache)
 * from ZAEHLTEST_TOKEN or standard input, never from the command line (it would stay in the
 * shell's history and the process list).
 */

export class PullError extends Error {}

export interface PullResult {
  language: string;
  /** Paths written (YAML, review record, MP3 and .txt), absolute. */
  written: string[];
  corrected: number;
  confirmed: number;
  recordings: number;
  /** What the author should know: texts skipped and why. */
  warnings: string[];
}

/**
 * How the build reads a content folder: the real content's rules, with the JSON Schema where the
 * packs' first lines name it (../../schemas/, beside the folder), so a copy of content/ reads alike.
 */
export function contentOptions(contentDir: string): LoadOptions {
  return {
    ...REAL_CONTENT,
    contentDir,
    schemaFile: join(dirname(contentDir), 'schemas', basename(SCHEMA_FILE)),
  };
}

/** The content version the app built from this folder would have (as scripts/content/compile.ts). */
export function localContentVersion(contentDir: string): string | undefined {
  const content = loadContent(contentOptions(contentDir));
  if (content.issues.length > 0) return undefined;
  const compiled = compileQuestionsModule(content.questions, content.picturesDir, content.languagePacks);
  return /export const contentVersion = "([0-9a-f]+)";/.exec(compiled)?.[1];
}

function isExportAnswer(value: unknown, language: string): value is ExportAnswer {
  if (!value || typeof value !== 'object') return false;
  const answer = value as Partial<ExportAnswer>;
  const isRecord = (map: unknown) => typeof map === 'object' && map !== null && !Array.isArray(map);
  return (
    typeof answer.content === 'string' &&
    answer.language === language &&
    isRecord(answer.texts) &&
    Object.values(answer.texts ?? {}).every((text) => typeof text?.text === 'string') &&
    Array.isArray(answer.confirmed) &&
    answer.confirmed.every((key) => typeof key === 'string') &&
    isRecord(answer.recordings) &&
    Object.values(answer.recordings ?? {}).every(
      (recording) => typeof recording?.url === 'string' && typeof recording.text === 'string',
    )
  );
}

/**
 * Writes one language's export into a content folder. `mp3` gives the bytes of a recording URL.
 * `contentVersion` is the folder's own before the pull: a confirmation of a text the export does
 * not spell out (an unchanged one) is recorded only when the server was built from this content,
 * else it might confirm words the reviewer never saw.
 */
export async function applyExport(
  contentDir: string,
  answer: ExportAnswer,
  mp3: (url: string) => Promise<Uint8Array>,
  contentVersion: string | undefined,
): Promise<PullResult> {
  const { language } = answer;
  const result: PullResult = {
    language,
    written: [],
    corrected: 0,
    confirmed: 0,
    recordings: 0,
    warnings: [],
  };
  const sameContent = contentVersion === answer.content;
  if (!sameContent) {
    result.warnings.push(
      `the server was built from other content (content version ${answer.content}, here ${contentVersion ?? 'unknown: content:check fails'}): only corrected texts are confirmed; deploy this content to the server to pull the other confirmations`,
    );
  }
  const byKey = new Map(languageTexts(contentDir, language).map((text) => [text.key, text]));
  const unknown = (key: string, what: string) =>
    result.warnings.push(
      `${language} ${key}: the server has a ${what} for a text content/ does not have — skipped`,
    );

  // 1. Corrections, written through the translation sheet's importer (YAML edited in place).
  const rows: string[][] = [];
  for (const [key, corrected] of Object.entries(answer.texts)) {
    const text = byKey.get(key);
    if (!text) {
      unknown(key, 'correction');
      continue;
    }
    if (text.own === corrected.text) continue;
    rows.push([text.file, text.question, text.field, text.german, corrected.text]);
  }
  if (rows.length > 0) {
    const sheet = importSheet(contentDir, writeCsv([[...FIXED_HEADER, language], ...rows]));
    for (const problem of sheet.problems) result.warnings.push(`${language}: ${problem.message}`);
    result.written.push(...writeImport(sheet));
    result.corrected = sheet.placed;
  }

  // 2. Confirmations: recorded against the texts as they now stand (after the corrections).
  const now = new Map(languageTexts(contentDir, language).map((text) => [text.key, text]));
  const confirm: string[] = [];
  let unverified = 0;
  for (const key of answer.confirmed) {
    const text = now.get(key);
    if (!text) {
      unknown(key, 'confirmation');
      continue;
    }
    const corrected = answer.texts[key];
    if (corrected ? text.own === corrected.text : sameContent) confirm.push(key);
    else unverified++;
  }
  if (unverified > 0)
    result.warnings.push(
      `${language}: ${unverified} confirmation(s) of unchanged texts not recorded (other content)`,
    );
  const record = writeReviews(contentDir, language, confirm);
  if (record) result.written.push(record);
  result.confirmed = confirm.length;

  // 3. Recordings, with the text each speaks; one made for other words than content/ has now is stale.
  for (const [key, recording] of Object.entries(answer.recordings)) {
    const recordingKey = recordingKeyOf(language, key);
    const text = now.get(key);
    if (!recordingKey || !text) {
      unknown(key, 'recording');
      continue;
    }
    if (isStale(text.own, recording.text)) {
      result.warnings.push(
        `${language} ${key}: the recording speaks "${recording.text}", but ${text.file} says "${text.own}" — skipped; record it again`,
      );
      continue;
    }
    const path = join(contentDir, 'audio', `${recordingKey}.mp3`);
    const bytes = await mp3(recording.url);
    const same =
      existsSync(path) &&
      Buffer.compare(readFileSync(path), Buffer.from(bytes)) === 0 &&
      readRecordedText(path) === `${recording.text}\n`;
    result.recordings++;
    if (same) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    writeRecordedText(path, recording.text);
    result.written.push(path);
  }
  return result;
}

/** The child languages of a content folder (German is the reference; it has no review). */
export function reviewedLanguages(contentDir: string): string[] {
  return testLanguages(readLanguageFacts(contentDir))
    .map((language) => language.code)
    .filter((code) => code !== GERMAN);
}

/** Asks the server for each language's export and writes it into the content folder. */
export async function pull(
  server: string,
  token: string,
  contentDir: string,
  languages: readonly string[] = reviewedLanguages(contentDir),
): Promise<PullResult[]> {
  const base = new URL(server);
  const contentVersion = localContentVersion(contentDir);
  const results: PullResult[] = [];
  const get = async (path: string, auth: boolean) => {
    try {
      return await fetch(new URL(path, base), auth ? { headers: { authorization: `Bearer ${token}` } } : {});
    } catch (error) {
      throw new PullError(
        `cannot reach ${base.origin} (${(error as Error).cause ?? (error as Error).message}) — check the URL and that the server runs`,
      );
    }
  };
  for (const language of languages) {
    const response = await get(`/api/sprachen/export?language=${encodeURIComponent(language)}`, true);
    if (response.status === 401)
      throw new PullError(`${base.origin} refused the token (401) — check ZAEHLTEST_TOKEN`);
    if (response.status === 403) {
      results.push({
        language,
        written: [],
        corrected: 0,
        confirmed: 0,
        recordings: 0,
        warnings: [`${language}: the token's account may not review this language (403) — skipped`],
      });
      continue;
    }
    if (!response.ok)
      throw new PullError(
        `${base.origin} answered ${response.status} for ${language} — is it a Zähltest server with the native review (issue 39)?`,
      );
    const answer: unknown = await response.json();
    if (!isExportAnswer(answer, language))
      throw new PullError(`${base.origin} sent an export for ${language} this tool does not understand`);
    results.push(
      await applyExport(
        contentDir,
        answer,
        async (url) => {
          const mp3 = await get(url, false);
          if (!mp3.ok) throw new PullError(`${url}: the server answered ${mp3.status}`);
          return new Uint8Array(await mp3.arrayBuffer());
        },
        contentVersion,
      ),
    );
  }
  return results;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('API token (ZAEHLTEST_TOKEN): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && chunks.join('').includes('\n')) break;
  }
  return Buffer.concat(chunks).toString('utf8').trim();
}

async function main(args: string[]): Promise<void> {
  const languages: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--language') {
      const code = args[++i];
      if (!code) throw new PullError('--language needs a code, e.g. --language tr');
      languages.push(code);
    } else if (args[i] === '--token' || args[i]?.startsWith('--token=')) {
      throw new PullError(
        'the token is never an argument (shell history, process list): set ZAEHLTEST_TOKEN or pipe it on standard input',
      );
    } else rest.push(args[i] as string);
  }
  const server = rest[0] ?? process.env.ZAEHLTEST_SERVER;
  if (!server || rest.length > 1)
    throw new PullError(
      'usage: npm run content:pull -- SERVER-URL [--language CODE]… (or ZAEHLTEST_SERVER); the token from ZAEHLTEST_TOKEN or standard input',
    );
  try {
    new URL(server);
  } catch {
    throw new PullError(`"${server}" is not a URL — write it like https://zaehltest.example.org`);
  }
  const token = process.env.ZAEHLTEST_TOKEN?.trim() || (await readStdin());
  if (!token) throw new PullError('no API token: set ZAEHLTEST_TOKEN or pipe it on standard input');
  const contentDir = defaultContentDir();
  const known = reviewedLanguages(contentDir);
  for (const code of languages) {
    if (!known.includes(code))
      throw new PullError(
        `${code} is not a child language of ${contentDir} — use one of ${known.join(', ')}`,
      );
  }
  const results = await pull(server, token, contentDir, languages.length > 0 ? languages : known);
  const rel = (path: string) => relative(process.cwd(), path) || path;
  for (const result of results) {
    for (const warning of result.warnings) console.warn(`warning: ${warning}`);
    for (const path of result.written) console.log(`updated ${rel(path)}`);
    console.log(
      `${result.language}: ${result.corrected} correction(s), ${result.confirmed} confirmation(s), ${result.recordings} recording(s)`,
    );
  }
  if (results.some((result) => result.written.length > 0)) console.log('next: npm run content:check');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (!(error instanceof PullError)) throw error;
    console.error(`✖ ${error.message}`);
    process.exit(1);
  });
}
