import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toneMp3 } from '../../tests/support/tone-mp3.ts';
import { compileAudioModule, formatAudioCoverage, loadAudio, maxSecondsFor } from './audio.ts';
import { loadContent, REAL_CONTENT } from './load.ts';
import { textsToRecord } from './texts-to-record.ts';

const { questions } = loadContent(REAL_CONTENT);
const dirs: string[] = [];

function audioFolder(files: Record<string, Uint8Array | string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'zaehltest-audio-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Each issue as `<path inside the audio folder>: <message>`. */
const messages = (result: Awaited<ReturnType<typeof loadAudio>>) =>
  result.issues.map((issue) => `${issue.file.replace(/^.*zaehltest-audio-[^/]+\//, '')}: ${issue.message}`);

// Encoding the recordings takes a few seconds on a busy machine.
describe('loadAudio', { timeout: 60_000 }, () => {
  it('takes MP3 recordings named after a question, a language and a text, and phrases', async () => {
    const dir = audioFolder({
      'q01/tr-situationText.mp3': toneMp3({ seconds: 1, sampleRate: 8000 }),
      'q01/tr-answerText.mp3': toneMp3({ seconds: 1, sampleRate: 8000 }),
      'phrases/ar-soundCheck.mp3': toneMp3({ seconds: 1, sampleRate: 8000 }),
    });
    const result = await loadAudio(questions, dir);
    expect(result.issues).toEqual([]);
    expect(result.questionRecordings.map((r) => r.key)).toEqual([
      'q01/tr-answerText',
      'q01/tr-situationText',
    ]);
    expect(result.phraseRecordings.map((r) => r.key)).toEqual(['phrases/ar-soundCheck']);
    const module = compileAudioModule(result);
    expect(module).toContain('"q01/tr-situationText": question1');
    expect(module).toContain('"ar-soundCheck": phrase0');
    const table = formatAudioCoverage(questions, result);
    expect(table).toMatch(/^ {6}1 {2}R·R {4}··· {4}···/m);
    expect(table).toContain(`3 of ${textsToRecord(questions)} texts recorded`);
  });

  it('reports every broken recording with its path and what to do', async () => {
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0, 0, 0, 0, 0, 0, 0]);
    const dir = audioFolder({
      'q02/tr-situationText.mp3': webm,
      'q02/tr-questionText.mp3': '',
      'q03/ar-situationText.mp3': toneMp3({ seconds: 1, amplitude: 0, sampleRate: 8000 }),
      'q03/ar-questionText.mp3': toneMp3({ seconds: 20, sampleRate: 8000 }),
      'q04/ro-situationText.ogg': 'OggS0000',
      'q04/ro-answerText.mp3': toneMp3({ seconds: 1, sampleRate: 8000 }),
      'q04/de-questionText.mp3': toneMp3({ seconds: 1, sampleRate: 8000 }),
      'q24/tr-situationText.mp3': toneMp3({ seconds: 1, sampleRate: 8000 }),
      'phrases/tr-practiceWrongNumber.mp3': toneMp3({ seconds: 1, sampleRate: 8000 }),
      'q05/Aufnahme 1.mp3': toneMp3({ seconds: 1, sampleRate: 8000 }),
    });
    const result = await loadAudio(questions, dir);
    expect(messages(result)).toEqual([
      'phrases/tr-practiceWrongNumber.mp3: names the phrase "practiceWrongNumber", which cannot be recorded',
      'q02/tr-questionText.mp3: is empty (0 bytes)',
      'q02/tr-situationText.mp3: is not MP3 but WebM/Matroska, which Safari, Chrome or Firefox cannot all play',
      expect.stringMatching(
        /^q03\/ar-questionText\.mp3: lasts 20\.\d s, far longer than its text can take \(at most \d+\.\d s\)$/,
      ),
      expect.stringMatching(/^q03\/ar-situationText\.mp3: is silent/),
      'q04/de-questionText.mp3: names the language "de", which is not a language of the test',
      'q04/ro-answerText.mp3: names the text "answerText", which question 4 does not have',
      'q04/ro-situationText.ogg: is .ogg, not MP3, which Safari, Chrome and Firefox all play',
      'q05/Aufnahme 1.mp3: does not follow the naming scheme',
      'q24: names question 24, which does not exist',
    ]);
    expect(
      result.issues.every((issue) => issue.file.startsWith('..') || issue.file.includes('zaehltest-audio-')),
    ).toBe(true);
    expect(result.questionRecordings).toEqual([]);
  });

  it('allows a slow reading of the text but not one far longer', () => {
    const text = 'Hör gut zu. Ich zähle: eins, zwei, drei, fünf, sechs.';
    expect(maxSecondsFor(text)).toBeGreaterThan(10);
    expect(maxSecondsFor('Ja')).toBeLessThan(4);
  });

  it('finds nothing and reports nothing without an audio folder', async () => {
    const result = await loadAudio(questions, join(tmpdir(), 'zaehltest-no-such-folder'));
    expect(result).toMatchObject({ questionRecordings: [], phraseRecordings: [], issues: [] });
  });
});
