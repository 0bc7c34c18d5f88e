import { pageSpeaker } from './speaker';

/** Lets the whole page make sound from this tap on ('Start'); stops the sound check. */
export function unlockSpeech(): void {
  const speaker = pageSpeaker();
  speaker.stop();
  speaker.unlock();
}
