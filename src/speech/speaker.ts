import type { ChildLanguage } from '../content/types';
import { playableRecording } from '../updates/stored-updates';
// A tenth of a second of silence, played from the unlocking tap so that iPad Safari lets the element
// play later. A file, not a data: URL, which the server's Content-Security-Policy refuses.
import SILENCE from './silence.mp3?no-inline';
import { chooseSource, type PromptSource } from './source';
import { loadVoices, pickVoice, type VoiceSource } from './voices';

/** One text to say: a recording of it, or the text for the device's voice. */
export interface Utterance {
  text: string;
  language: ChildLanguage;
  /** URL of the authored recording, when there is one. */
  recordingUrl?: string;
}

/** The one audio element the whole test plays through (HTMLAudioElement has this). */
export interface AudioPort {
  src: string;
  currentTime: number;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'error', listener: () => void): void;
  removeEventListener(type: 'ended' | 'error', listener: () => void): void;
}

/** window.speechSynthesis, as far as the speaker uses it. */
export interface SynthesisPort extends VoiceSource {
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
}

export interface SpeakerPorts {
  audio: AudioPort | null;
  synthesis: SynthesisPort | null;
  /** new SpeechSynthesisUtterance(text) */
  makeUtterance: ((text: string) => SpeechSynthesisUtterance) | null;
  voicesTimeoutMs?: number;
  /**
   * Where a recording is played from: the device's stored copy of one the native review served
   * (src/updates/stored-updates.ts, offline too); the URL itself when absent.
   */
  recordingSource?: (url: string) => Promise<string>;
}

/** A little slower than the voices' default: the listeners are 4 to 6 years old. */
const CHILD_RATE = 0.9;
/**
 * How long after an unlock a flash waits at most for the media and speech start to be done: an
 * engine that never reports the empty utterance's end must not hold up the pictures for ever.
 */
export const UNLOCK_SETTLE_MS = 1500;
/** A voice that never reports its end must not hold up the texts after it for ever. */
const SYNTHESIS_WATCHDOG_MS = 30_000;

export type PlaybackEvent =
  | { type: 'start'; utterance: Utterance; source: PromptSource }
  | { type: 'end'; utterance: Utterance; source: PromptSource }
  | { type: 'silence'; on: boolean };

/**
 * Plays texts one after the other through one reused audio element (recordings) or the device's
 * speech synthesis, never two at once. `stop()` ends whatever plays at once; a newer `play()`
 * replaces an older one. While silenced (a flash is on screen) nothing plays at all.
 */
export class Speaker {
  private generation = 0;
  private cancelCurrent: (() => void) | null = null;
  private silenced = false;
  private unlocked = false;
  private unlocking: Promise<void> = Promise.resolve();
  private voices: Promise<readonly SpeechSynthesisVoice[]> | null = null;
  private readonly listeners = new Set<(event: PlaybackEvent) => void>();

  constructor(private readonly ports: SpeakerPorts) {}

  /** Observes every start and end of a text (the bench's 'speech started', tests). */
  subscribe(listener: (event: PlaybackEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The device's best voice of the language, or null (waits once for a list that is still loading). */
  async voiceFor(language: ChildLanguage): Promise<SpeechSynthesisVoice | null> {
    const { synthesis } = this.ports;
    if (!synthesis || !this.ports.makeUtterance) return null;
    this.voices ??= loadVoices(synthesis, this.ports.voicesTimeoutMs);
    return pickVoice(await this.voices, language);
  }

  /**
   * Asks the device for its voices again on the next `voiceFor` ('Ton prüfen' after the educator
   * installed a voice; Safari and Firefox report a new voice without restarting).
   */
  forgetVoices(): void {
    this.voices = null;
  }

  /** Where a text's voice would come from on this device. */
  async sourceOf(utterance: Utterance): Promise<PromptSource> {
    // A recording needs no voice: no waiting for the voice list on a device without one.
    const url = this.ports.audio ? utterance.recordingUrl : undefined;
    if (url) return chooseSource(url, false);
    return chooseSource(undefined, (await this.voiceFor(utterance.language)) !== null);
  }

  /**
   * From a tap (the browsers allow sound only from one): lets the audio element and the speech
   * synthesis play for the rest of the page's life.
   */
  unlock(): void {
    this.unlocked = true;
    const { audio, synthesis, makeUtterance } = this.ports;
    const starts: Promise<unknown>[] = [];
    if (audio && this.cancelCurrent === null) {
      audio.src = SILENCE;
      starts.push(startPlaying(audio).catch(() => undefined));
    }
    if (synthesis && makeUtterance && this.cancelCurrent === null) {
      const empty = makeUtterance('');
      empty.volume = 0;
      // Without any voice (Firefox on Linux) the engine never reports on the utterance: nothing to wait for.
      if (synthesis.getVoices().length > 0) {
        starts.push(
          new Promise<void>((resolve) => {
            empty.onstart = () => resolve();
            empty.onend = () => resolve();
            empty.onerror = () => resolve();
          }),
        );
      }
      synthesis.speak(empty);
    }
    if (starts.length === 0) return;
    let bound: ReturnType<typeof setTimeout> | undefined;
    this.unlocking = Promise.race([
      Promise.all(starts).then(() => undefined),
      new Promise<void>((resolve) => {
        bound = setTimeout(resolve, UNLOCK_SETTLE_MS);
      }),
    ]).finally(() => clearTimeout(bound));
  }

  /**
   * Resolves once the last unlock's media and speech start are done, or UNLOCK_SETTLE_MS after it
   * at the latest (at once when nothing is starting).
   */
  unlockSettled(): Promise<void> {
    return this.unlocking;
  }

  /** Starts loading the device's voices, so that the first spoken text need not wait for them. */
  loadVoices(): void {
    const { synthesis } = this.ports;
    if (synthesis && this.ports.makeUtterance)
      this.voices ??= loadVoices(synthesis, this.ports.voicesTimeoutMs);
  }

  /** Whether a tap has unlocked sound on this page yet. */
  get isUnlocked(): boolean {
    return this.unlocked;
  }

  /** Nothing sounds until `silence(false)`; what plays now stops. */
  silence(on: boolean): void {
    if (this.silenced === on) return;
    this.silenced = on;
    if (on) this.stop();
    this.emit({ type: 'silence', on });
  }

  get isSilenced(): boolean {
    return this.silenced;
  }

  /** Ends what plays now and whatever was to follow it. */
  stop(): void {
    this.generation++;
    const cancel = this.cancelCurrent;
    this.cancelCurrent = null;
    cancel?.();
  }

  /**
   * Plays the texts in order, each after the previous one ended; replaces what played before.
   * Resolves with the source of each text once all are done or when stopped ('stopped').
   */
  async play(utterances: readonly Utterance[]): Promise<PromptSource[] | 'stopped'> {
    this.stop();
    const generation = this.generation;
    const sources: PromptSource[] = [];
    for (const utterance of utterances) {
      if (this.silenced || generation !== this.generation) return 'stopped';
      const source = await this.sourceOf(utterance);
      if (generation !== this.generation) return 'stopped';
      sources.push(source);
      if (source === 'none') continue;
      const recording =
        source === 'recording'
          ? await (this.ports.recordingSource?.(utterance.recordingUrl!) ?? utterance.recordingUrl!)
          : undefined;
      if (generation !== this.generation) return 'stopped';
      this.emit({ type: 'start', utterance, source });
      if (recording !== undefined) await this.playRecording(recording);
      else await this.speakText(utterance);
      if (generation !== this.generation) return 'stopped';
      this.emit({ type: 'end', utterance, source });
    }
    return sources;
  }

  private emit(event: PlaybackEvent) {
    for (const listener of this.listeners) listener(event);
  }

  private playRecording(url: string): Promise<void> {
    const audio = this.ports.audio!;
    return new Promise((resolve) => {
      const done = () => {
        audio.removeEventListener('ended', done);
        audio.removeEventListener('error', failed);
        if (this.cancelCurrent === cancel) this.cancelCurrent = null;
        resolve();
      };
      const failed = () => {
        console.error('Aufnahme konnte nicht abgespielt werden:', url);
        done();
      };
      const cancel = () => {
        audio.pause();
        done();
      };
      this.cancelCurrent = cancel;
      audio.addEventListener('ended', done);
      audio.addEventListener('error', failed);
      audio.src = url;
      audio.currentTime = 0;
      startPlaying(audio).catch((error: unknown) => {
        // NotAllowedError: no tap has unlocked sound yet (a reload); the speaker button replays.
        console.warn('Aufnahme nicht gestartet:', error);
        done();
      });
    });
  }

  private async speakText(utterance: Utterance): Promise<void> {
    const synthesis = this.ports.synthesis!;
    const voice = await this.voiceFor(utterance.language);
    if (!voice) return;
    const spoken = this.ports.makeUtterance!(utterance.text);
    spoken.voice = voice;
    spoken.lang = voice.lang;
    spoken.rate = CHILD_RATE;
    await new Promise<void>((resolve) => {
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(watchdog);
        spoken.onend = null;
        spoken.onerror = null;
        if (this.cancelCurrent === cancel) this.cancelCurrent = null;
        resolve();
      };
      const cancel = () => {
        synthesis.cancel();
        done();
      };
      this.cancelCurrent = cancel;
      spoken.onend = done;
      spoken.onerror = done;
      watchdog = setTimeout(done, SYNTHESIS_WATCHDOG_MS);
      synthesis.speak(spoken);
    });
  }
}

/** play() as a promise also where it returns nothing or throws (older engines, jsdom). */
function startPlaying(audio: AudioPort): Promise<void> {
  try {
    return Promise.resolve(audio.play());
  } catch (error) {
    return Promise.reject(error);
  }
}

let shared: Speaker | null = null;

/** The page's one speaker, on the browser's own audio element and speech synthesis. */
export function pageSpeaker(): Speaker {
  if (shared) return shared;
  const hasWindow = typeof window !== 'undefined';
  const synthesis = hasWindow && 'speechSynthesis' in window ? window.speechSynthesis : null;
  const canUtter = hasWindow && typeof window.SpeechSynthesisUtterance === 'function';
  shared = new Speaker({
    audio: hasWindow && typeof Audio === 'function' ? new Audio() : null,
    synthesis,
    makeUtterance: canUtter ? (text) => new SpeechSynthesisUtterance(text) : null,
    recordingSource: playableRecording,
  });
  if (hasWindow) (window as unknown as { __zaehltestSpeaker?: Speaker }).__zaehltestSpeaker = shared;
  return shared;
}
