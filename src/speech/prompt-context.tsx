import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ChildLanguage, Texts } from '../content/types';
import { NO_SOUND_UNLOCK_SELECTOR, prepareSound } from './prepare-sound';
import { PromptSession } from './prompt-session';
import { builtRecordings } from './recordings';
import { pageSpeaker } from './speaker';

const PromptContext = createContext<PromptSession | null>(null);

/**
 * The spoken prompt of one question screen (docs/product.md §14): its session lives as long as the
 * screen and falls silent when the screen goes. Outside a provider (component tests) nothing speaks.
 */
export function usePromptSession(questionId: number, language: ChildLanguage, texts: Texts): PromptSession {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts are fixed by question and language
  const session = useMemo(
    () =>
      new PromptSession({ speaker: pageSpeaker(), questionId, language, texts, recordings: builtRecordings }),
    [questionId, language],
  );
  useEffect(() => () => void session.end(), [session]);
  return session;
}

export function PromptProvider({ session, children }: { session: PromptSession; children: ReactNode }) {
  return <PromptContext.Provider value={session}>{children}</PromptContext.Provider>;
}

export function usePrompt(): PromptSession | null {
  return useContext(PromptContext);
}

/** Speaks these texts of the question when they appear on screen (and again when they change). */
export function useSpokenTexts(texts: readonly (string | undefined)[]): void {
  const session = usePrompt();
  const key = texts.filter((text): text is string => !!text).join('\n');
  useEffect(() => {
    if (key) session?.request(key.split('\n'));
  }, [session, key]);
}

/** Speaks a phrase of the language pack once, when the component appears (practice feedback). */
export function useSpokenPhrase(text: string | undefined, phrase: string): void {
  const session = usePrompt();
  useEffect(() => {
    if (text) session?.say(text, phrase);
  }, [session, text, phrase]);
}

/** Silence while `on` (the flashed pictures are on screen): nothing sounds, what played stops. */
export function useSilence(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const speaker = pageSpeaker();
    speaker.silence(true);
    return () => speaker.silence(false);
  }, [on]);
}

const subscribeSilence = (onChange: () => void) =>
  pageSpeaker().subscribe((event) => {
    if (event.type === 'silence') onChange();
  });
const isSilenced = () => pageSpeaker().isSilenced;

/** Whether sound is held back now (a flash is on screen). */
export function useSilenced(): boolean {
  return useSyncExternalStore(subscribeSilence, isSilenced, () => false);
}

/**
 * After a reload in the middle of the test 'Anmelden' unlocks sound (prepare-sound.ts); where no tap
 * has yet (iPad Safari, Chrome), the first tap on the resumed screen does, as the tap on 'Start' did
 * before, except a tap on 'Bereit': a flash's tap does nothing but show the pictures.
 */
export function useUnlockOnFirstTap(): void {
  useEffect(() => {
    const speaker = pageSpeaker();
    if (speaker.isUnlocked) return;
    const unlock = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(NO_SOUND_UNLOCK_SELECTOR)) return;
      prepareSound();
      remove();
    };
    const remove = () => {
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
    };
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
    return remove;
  }, []);
}
