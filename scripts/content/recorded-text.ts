import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { normalisedWording } from '../../schemas/recorded-text.ts';

/**
 * A recording remembers the text it was made for (docs/product.md §14): the preview's recording
 * endpoint writes it beside the MP3, `q01/tr-situationText.mp3` → `q01/tr-situationText.txt`.
 * When the text in the pack differs from it, the recording is stale: the child would hear the old
 * sentence, so it is left out of the build and reported until it is recorded again.
 */

/** The file holding the text a recording was made for. */
export function recordedTextFile(mp3Path: string): string {
  return mp3Path.replace(/\.mp3$/i, '.txt');
}

/** The text the recording was made for, or undefined when it was not remembered (added by hand). */
export function readRecordedText(mp3Path: string): string | undefined {
  const file = recordedTextFile(mp3Path);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export function writeRecordedText(mp3Path: string, text: string): void {
  writeFileSync(recordedTextFile(mp3Path), `${text}\n`);
}

export function removeRecordedText(mp3Path: string): void {
  rmSync(recordedTextFile(mp3Path), { force: true });
}

/** Spelling the eye does not see (Unicode form, spaces, a final line break) does not count. */
const normalised = normalisedWording;

/**
 * Whether a recording no longer matches its text: it was made for a different text. A recording
 * whose text was not remembered counts as matching (nothing shows that it changed).
 */
export function isStale(currentText: string, recordedText: string | undefined): boolean {
  return recordedText !== undefined && normalised(recordedText) !== normalised(currentText);
}

/** A recording made for a text that has changed since. */
export interface StaleRecording {
  /** `q01/tr-situationText` */
  key: string;
  /** The MP3, relative to the repository root. */
  file: string;
  recordedText: string;
  currentText: string;
}

/** One warning per stale recording, for the author: which file, what it says, what the text says now. */
export function formatStaleRecordings(stale: readonly StaleRecording[]): string {
  return stale
    .map(
      (recording) =>
        `${recording.file}: recorded for "${normalised(recording.recordedText)}", but the text is now "${normalised(recording.currentText)}"\n` +
        '  → record it again in the preview (npm run dev, preview.html); until then the device voice speaks the new text',
    )
    .join('\n');
}
