import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { MPEGDecoder } from 'mpg123-decoder';
import type { ChildLanguage, QuestionSource } from '../../schemas/question.ts';
import { GERMAN, testLanguages } from '../../schemas/test-languages.ts';
import { PHRASES_FOLDER, RECORDED_PHRASES, TEXT_FIELDS, type TextField } from '../../schemas/text-keys.ts';
import { readLanguageFacts } from './language-facts.ts';
import type { ContentIssue } from './load.ts';
import { CONTENT_DIR, ROOT_DIR } from './load.ts';
import { isStale, readRecordedText, type StaleRecording } from './recorded-text.ts';

/**
 * The languages whose prompts native speakers record: the home languages of the packs
 * (content/languages/), in the order of the educator's list. German, a test language too
 * (docs/product.md §44), is spoken by the device's German voice, which every tablet has.
 */
export const RECORDED_LANGUAGES: readonly ChildLanguage[] = testLanguages(readLanguageFacts())
  .map((language) => language.code)
  .filter((code) => code !== GERMAN);
const CHILD_LANGUAGES = RECORDED_LANGUAGES;

/**
 * Authored recordings of the spoken prompts (docs/product.md §14), under content/audio/:
 *
 *   content/audio/q01/tr-situationText.mp3   question 1, Turkish, its situation text
 *   content/audio/phrases/ar-soundCheck.mp3  a phrase of the Arabic language pack
 *
 * MP3 is the one format Safari, Chrome and Firefox all play. A text without a recording is spoken by
 * the device's voice; a broken recording (wrong format, empty, silent, far too long, or named after a
 * text that does not exist) fails the build, so that the child never meets it.
 */

export const AUDIO_DIR = join(CONTENT_DIR, 'audio');
// The spoken texts' names live in schemas/text-keys.ts, shared with the server (docs/product.md §50).
export { PHRASES_FOLDER, RECORDED_PHRASES, TEXT_FIELDS, type TextField };

/** A slow, clear reading for young children: this long and a pause at each end, at most. */
const SECONDS_PER_CHARACTER = 0.2;
const SPARE_SECONDS = 3;
/** A phrase's text lives in the language pack; its limit is a generous one for a short sentence. */
const PHRASE_MAX_SECONDS = 12;
/** Below this peak (−40 dBFS) a recording holds no audible voice. */
const SILENT_PEAK = 0.01;

export interface Recording {
  /** `q01/tr-situationText` or `phrases/tr-soundCheck` (the path without .mp3). */
  key: string;
  absolutePath: string;
}

export interface AudioResult {
  /** Valid recordings of question texts, by key. */
  questionRecordings: Recording[];
  /** Valid recordings of phrases, by key. */
  phraseRecordings: Recording[];
  /** Recordings of question texts that have changed since (left out: the device voice speaks them). */
  staleRecordings: StaleRecording[];
  issues: ContentIssue[];
  audioDir: string;
}

/** The longest a recording of this text may reasonably take. */
export function maxSecondsFor(text: string): number {
  return SPARE_SECONDS + text.trim().length * SECONDS_PER_CHARACTER;
}

const FORMATS: { name: string; test(bytes: Uint8Array): boolean }[] = [
  { name: 'WebM/Matroska', test: (b) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3 },
  { name: 'Ogg', test: (b) => ascii(b, 0, 4) === 'OggS' },
  { name: 'WAV', test: (b) => ascii(b, 0, 4) === 'RIFF' },
  { name: 'MP4/M4A', test: (b) => ascii(b, 4, 8) === 'ftyp' },
  { name: 'FLAC', test: (b) => ascii(b, 0, 4) === 'fLaC' },
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** An MP3 starts with an ID3 tag or an MPEG audio frame header. */
function looksLikeMp3(bytes: Uint8Array): boolean {
  return ascii(bytes, 0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0);
}

export interface DecodedAudio {
  seconds: number;
  /** Largest absolute sample value, 0..1. */
  peak: number;
  frameErrors: number;
}

let sharedDecoder: Promise<MPEGDecoder> | undefined;

/** Decodes an MP3 (mpg123 compiled to WebAssembly: no native tools needed); one decoder for all files. */
export async function decodeMp3(bytes: Uint8Array): Promise<DecodedAudio> {
  sharedDecoder ??= (async () => {
    const created = new MPEGDecoder();
    await created.ready;
    return created;
  })();
  const decoder = await sharedDecoder;
  await decoder.reset();
  const { channelData, samplesDecoded, sampleRate, errors } = decoder.decode(bytes);
  let peak = 0;
  for (const channel of channelData) {
    for (let i = 0; i < channel.length; i++) {
      const value = Math.abs(channel[i] ?? 0);
      if (value > peak) peak = value;
    }
  }
  return { seconds: sampleRate > 0 ? samplesDecoded / sampleRate : 0, peak, frameErrors: errors.length };
}

/** What is wrong with one audio file's content, or null when it plays as it should. */
export async function audioProblem(
  bytes: Uint8Array,
  maxSeconds: number,
): Promise<{ message: string; hint: string } | null> {
  const convert = 'record it again in the preview (npm run dev, preview.html), which saves MP3';
  if (bytes.length === 0) return { message: 'is empty (0 bytes)', hint: convert };
  const other = FORMATS.find((format) => format.test(bytes));
  if (other || !looksLikeMp3(bytes)) {
    return {
      message: `is not MP3${other ? ` but ${other.name}` : ''}, which Safari, Chrome or Firefox cannot all play`,
      hint: `convert it to MP3 or ${convert}`,
    };
  }
  const decoded = await decodeMp3(bytes);
  if (decoded.seconds === 0) return { message: 'holds no audio that can be decoded', hint: convert };
  if (decoded.peak < SILENT_PEAK) {
    return {
      message: `is silent (loudest sample ${(20 * Math.log10(Math.max(decoded.peak, 1e-6))).toFixed(0)} dBFS)`,
      hint: `check the microphone and ${convert}`,
    };
  }
  if (decoded.seconds > maxSeconds) {
    return {
      message: `lasts ${decoded.seconds.toFixed(1)} s, far longer than its text can take (at most ${maxSeconds.toFixed(1)} s)`,
      hint: `check that it is the right recording, cut the silence, or ${convert}`,
    };
  }
  return null;
}

const QUESTION_FOLDER = /^q(\d{2})$/;
const FILE_NAME = /^([a-z]{2})-([A-Za-z]+)\.([A-Za-z0-9]+)$/;

/**
 * Finds and checks every recording under the audio folder against the questions it names. Never
 * throws on bad files; every problem becomes an issue with the file's path.
 */
export async function loadAudio(
  questions: readonly QuestionSource[],
  audioDir: string = AUDIO_DIR,
): Promise<AudioResult> {
  const dir = resolve(audioDir);
  const result: AudioResult = {
    questionRecordings: [],
    phraseRecordings: [],
    staleRecordings: [],
    issues: [],
    audioDir: dir,
  };
  if (!existsSync(dir)) return result;
  const rel = (path: string) => relative(ROOT_DIR, path);
  const issue = (path: string, message: string, hint: string) =>
    result.issues.push({ file: rel(path), line: 1, col: 1, path: '(audio)', message, hint });
  const byId = new Map(questions.map((q) => [q.id, q]));
  const languages = CHILD_LANGUAGES.join(', ');

  const folders = readdirSync(dir).sort();
  for (const folder of folders) {
    const folderPath = join(dir, folder);
    if (!statSync(folderPath).isDirectory()) {
      if (!folder.startsWith('.') && !folder.endsWith('.md')) {
        issue(
          folderPath,
          'is not in a question folder',
          'move it to q01/, q02/ … or phrases/ (see content/README.md)',
        );
      }
      continue;
    }
    const questionMatch = QUESTION_FOLDER.exec(folder);
    const question = questionMatch ? byId.get(Number(questionMatch[1])) : undefined;
    if (folder !== PHRASES_FOLDER && !question) {
      issue(
        folderPath,
        questionMatch
          ? `names question ${Number(questionMatch[1])}, which does not exist`
          : 'is not a question folder',
        `name the folder after the question id, like q01, q02 … q${String(questions.length).padStart(2, '0')}, or phrases`,
      );
      continue;
    }
    for (const name of readdirSync(folderPath).sort()) {
      const path = join(folderPath, name);
      if (name.startsWith('.') || /(~|\.(bak|orig|swp|tmp))$/i.test(name)) continue;
      // The text a recording was made for (recorded-text.ts), read with its MP3 below.
      if (FILE_NAME.test(name) && name.toLowerCase().endsWith('.txt')) continue;
      const match = FILE_NAME.exec(name);
      const allowed = question
        ? TEXT_FIELDS.filter((field) => field !== 'answerText' || 'answerText' in question.texts.de)
        : RECORDED_PHRASES;
      const example = `${CHILD_LANGUAGES[0]}-${allowed[0]}.mp3`;
      if (!match) {
        issue(path, 'does not follow the naming scheme', `name it <language>-<text>.mp3, e.g. ${example}`);
        continue;
      }
      const [, language, field, extension] = match as unknown as [string, string, string, string];
      if (!(CHILD_LANGUAGES as readonly string[]).includes(language)) {
        issue(
          path,
          `names the language "${language}", which is not a language of the test`,
          `use one of ${languages}`,
        );
        continue;
      }
      if (!(allowed as readonly string[]).includes(field)) {
        issue(
          path,
          question
            ? `names the text "${field}", which question ${question.id} does not have`
            : `names the phrase "${field}", which cannot be recorded`,
          `use one of ${allowed.join(', ')}${question ? '' : ' (practiceWrongNumber says a number and is spoken by the device voice)'}`,
        );
        continue;
      }
      const text = question ? question.texts[language as ChildLanguage]?.[field as TextField] : undefined;
      if (question && !text) {
        issue(
          path,
          `names the ${field} of question ${question.id}, which has none`,
          `use one of ${allowed.join(', ')}`,
        );
        continue;
      }
      const bytes = new Uint8Array(readFileSync(path));
      const problem =
        extension.toLowerCase() !== 'mp3'
          ? {
              message: `is .${extension}, not MP3, which Safari, Chrome and Firefox all play`,
              hint: 'convert it to MP3 or record it again in the preview (npm run dev, preview.html)',
            }
          : await audioProblem(bytes, text ? maxSecondsFor(text) : PHRASE_MAX_SECONDS);
      if (problem) {
        issue(path, problem.message, problem.hint);
        continue;
      }
      const recording = { key: `${folder}/${language}-${field}`, absolutePath: path };
      const recordedText = question && text ? readRecordedText(path) : undefined;
      if (text && isStale(text, recordedText)) {
        result.staleRecordings.push({
          key: recording.key,
          file: rel(path),
          recordedText: recordedText!,
          currentText: text,
        });
        continue;
      }
      (question ? result.questionRecordings : result.phraseRecordings).push(recording);
    }
  }
  return result;
}

/** The source of `virtual:zaehltest-audio`: every valid recording as an imported asset URL. */
export function compileAudioModule(
  audio: Pick<AudioResult, 'questionRecordings' | 'phraseRecordings'>,
): string {
  const lines: string[] = [];
  const entries = (recordings: readonly Recording[], prefix: string, stripFolder: boolean) =>
    recordings.map((recording, index) => {
      const ident = `${prefix}${index}`;
      lines.push(`import ${ident} from ${JSON.stringify(`${recording.absolutePath}?no-inline`)};`);
      const key = stripFolder ? recording.key.slice(recording.key.indexOf('/') + 1) : recording.key;
      return `${JSON.stringify(key)}: ${ident}`;
    });
  const questionEntries = entries(audio.questionRecordings, 'question', false);
  const phraseEntries = entries(audio.phraseRecordings, 'phrase', true);
  lines.push(`export const questionRecordings = {${questionEntries.join(', ')}};`);
  lines.push(`export const phraseRecordings = {${phraseEntries.join(', ')}};`, '');
  return lines.join('\n');
}

/**
 * A coverage table: question × language, one mark per text (R recorded, S stale: the text changed
 * since it was recorded, · speech synthesis only).
 */
export function formatAudioCoverage(
  questions: readonly QuestionSource[],
  audio: Pick<AudioResult, 'questionRecordings' | 'phraseRecordings'> &
    Partial<Pick<AudioResult, 'staleRecordings'>>,
): string {
  const recorded = new Set([...audio.questionRecordings, ...audio.phraseRecordings].map((r) => r.key));
  const stale = new Set((audio.staleRecordings ?? []).map((r) => r.key));
  let total = 0;
  let done = 0;
  let old = 0;
  const mark = (key: string) => {
    total++;
    if (stale.has(key)) {
      old++;
      return 'S';
    }
    if (!recorded.has(key)) return '·';
    done++;
    return 'R';
  };
  const rows = questions.map((q) => {
    const folder = `q${String(q.id).padStart(2, '0')}`;
    const fields = TEXT_FIELDS.filter((field) => q.texts.de[field]);
    const cells = CHILD_LANGUAGES.map((language) =>
      fields
        .map((field) => mark(`${folder}/${language}-${field}`))
        .join('')
        .padEnd(5),
    );
    return `${String(q.id).padStart(7)}  ${cells.join('  ')}`;
  });
  const phraseCells = CHILD_LANGUAGES.map((language) =>
    RECORDED_PHRASES.map((phrase) => mark(`${PHRASES_FOLDER}/${language}-${phrase}`))
      .join('')
      .padEnd(5),
  );
  return [
    'R = recorded, S = stale (text changed since), · = speech synthesis only; per language the texts situation, question, answer',
    `${'id'.padStart(7)}  ${CHILD_LANGUAGES.map((l) => l.padEnd(5)).join('  ')}`,
    ...rows,
    `${'phrases'.padStart(7)}  ${phraseCells.join('  ')}  (${RECORDED_PHRASES.join(', ')})`,
    '',
    `${done} of ${total} texts recorded${old > 0 ? `, ${old} stale (to record again)` : ''}; the others are spoken by the device's voice where it has one.`,
  ].join('\n');
}
