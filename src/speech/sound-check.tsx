import { prepareSound } from './prepare-sound';
import { pageSpeaker } from './speaker';

/** Lets the whole page make sound from this tap on ('Start'); stops the sound check. */
export function unlockSpeech(): void {
  pageSpeaker().stop();
  prepareSound();
}
