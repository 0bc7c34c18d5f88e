import { questions } from 'virtual:zaehltest-content';
import { useEffect, useSyncExternalStore } from 'react';
import type { ChildLanguage } from '../content/types';
import { onSnapshotChange } from '../updates/active';
import { builtRecordings } from './recordings';
import { pageSpeaker } from './speaker';
import { type TestSource, testSource } from './test-source';

/**
 * What this device can speak of the test in each language (docs/product.md §14): found once
 * per page and shared by the start screen's sound check and the educator's 'ohne Ton' badge.
 * 'Ton prüfen' looks again (`recheckSound`), after the educator installed a voice.
 */
const found = new Map<ChildLanguage, TestSource>();
const pending = new Map<ChildLanguage, Promise<TestSource>>();
const listeners = new Set<() => void>();
/** Raised by a new look, so that an older search still running does not overwrite its answer. */
let generation = 0;

function look(language: ChildLanguage): Promise<TestSource> {
  const running = pending.get(language);
  if (running) return running;
  const started = generation;
  const search = pageSpeaker()
    .voiceFor(language)
    .then((voice) => {
      const source = testSource(questions, language, voice !== null, builtRecordings);
      if (started === generation) {
        found.set(language, source);
        pending.delete(language);
        for (const listener of listeners) listener();
      }
      return source;
    });
  pending.set(language, search);
  return search;
}

/** What the test in this language can speak, once the device's voices are known. */
export function soundOf(language: ChildLanguage): Promise<TestSource> {
  const known = found.get(language);
  return known ? Promise.resolve(known) : look(language);
}

/** Asks the device for its voices again (a voice may have been installed since). */
export function recheckSound(language: ChildLanguage): Promise<TestSource> {
  pageSpeaker().forgetVoices();
  generation++;
  found.clear();
  pending.clear();
  for (const listener of listeners) listener();
  return look(language);
}

// A test's snapshot of the native review brings recordings of its own (docs/product.md §50).
onSnapshotChange(() => {
  generation++;
  found.clear();
  pending.clear();
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sound of the test in this language, or null while the device's voices are still sought. */
export function useTestSound(language: ChildLanguage): TestSource | null {
  const source = useSyncExternalStore(
    subscribe,
    () => found.get(language) ?? null,
    () => null,
  );
  useEffect(() => {
    void soundOf(language);
  }, [language]);
  return source;
}
