import { phraseRecordings, questionRecordings } from 'virtual:zaehltest-audio';
import { contentVersion, languagePacks, questions } from 'virtual:zaehltest-content';
import { PHRASES_FOLDER, textKeyOfRecording } from '../../schemas/text-keys';
import { languageFact } from '../content/languages';
import type { Language } from '../content/types';
import { type BuiltFacts, spokenTexts, takeSnapshot, type UpdatesSnapshot } from './snapshot';
import { isRecordingStored, preparePlayback, storedUpdates } from './stored-updates';

/**
 * The snapshot of the running test (docs/product.md §50): set from the session at 'Test beginnen'
 * and when a saved session is read back after a reload; the question texts, the language pack's
 * words and the recordings are looked up through it, so the whole test keeps what it began with.
 */
let active: UpdatesSnapshot | null = null;

export function activeSnapshot(): UpdatesSnapshot | null {
  return active;
}

const changeListeners = new Set<() => void>();

/** Called whenever another snapshot comes into effect (what can be spoken from a recording changes). */
export function onSnapshotChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Makes a session's snapshot the one in effect (null: the build's texts and recordings only). */
export function activateSnapshot(snapshot: UpdatesSnapshot | null): void {
  if (snapshot === active) return;
  active = snapshot;
  void preparePlayback(snapshot);
  for (const listener of changeListeners) listener();
}

/** The snapshot of the active language, or null for another language (the preview, German lines). */
export function snapshotOf(language: Language): UpdatesSnapshot | null {
  return active?.language === language ? active : null;
}

/** The build's recordings of a language by review key: 'q01/tr-situationText' → '1.situationText'. */
function builtRecordingsOf(language: string): Map<string, string> {
  const byKey = new Map<string, string>();
  const add = (recordingKey: string, url: string) => {
    const names = textKeyOfRecording(recordingKey);
    if (names?.language === language) byKey.set(names.textKey, url);
  };
  for (const [key, url] of Object.entries(questionRecordings)) add(key, url);
  for (const [key, url] of Object.entries(phraseRecordings)) add(`${PHRASES_FOLDER}/${key}`, url);
  return byKey;
}

/** What this build knows of a language's review and recordings. */
export function builtFacts(language: string): BuiltFacts {
  const fact = languageFact(language);
  return {
    texts: fact?.texts ?? 0,
    unreviewed: fact?.unreviewed ?? 0,
    spokenTexts: spokenTexts(questions, language, languagePacks[language as Language]),
    builtRecordings: builtRecordingsOf(language),
  };
}

/** 'Test beginnen': the updates the device holds for the child's language, as the test will use them. */
export function snapshotForTest(language: string): UpdatesSnapshot {
  return takeSnapshot(
    storedUpdates(language),
    language,
    contentVersion,
    builtFacts(language),
    isRecordingStored,
  );
}
