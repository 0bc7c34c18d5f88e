import { pageSpeaker } from './speaker';

/**
 * The first-tap work of sound (docs/product.md, 'A flash is timed on screen'): unlocks the audio
 * element and the speech synthesis and starts loading the device's voices. Called from a tap before
 * any flash ('Anmelden' after a reload, 'Start'), never from 'Bereit': WebKit blocks the page while
 * media and speech start, and a flash in that time would reach the screen late.
 */
export function prepareSound(): void {
  const speaker = pageSpeaker();
  speaker.unlock();
  speaker.loadVoices();
}

/** Resolves when sound unlocked by an earlier tap has finished starting (bounded; see Speaker). */
export function soundSettled(): Promise<void> {
  return pageSpeaker().unlockSettled();
}

/**
 * Marks an element whose tap must do no first-tap work ('Bereit' of a flash): the unlock on the
 * first tap after a reload waits for another tap.
 */
export const NO_SOUND_UNLOCK = { 'data-no-sound-unlock': '' } as const;
export const NO_SOUND_UNLOCK_SELECTOR = '[data-no-sound-unlock]';
