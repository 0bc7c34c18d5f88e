import type { AudioPort, SpeakerPorts, SynthesisPort } from './speaker';

/** What the fake devices did, in order: 'audio:<url>', 'say:<text>', 'pause', 'cancel'. */
export type Log = string[];

type Listener = () => void;

/** An audio element that plays until the test ends it. */
export class FakeAudio implements AudioPort {
  src = '';
  currentTime = 0;
  playing = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  constructor(private readonly log: Log) {}
  play() {
    this.playing = true;
    this.log.push(`audio:${this.src}`);
    return Promise.resolve();
  }
  pause() {
    if (this.playing) this.log.push('pause');
    this.playing = false;
  }
  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  /** The recording has played to its end. */
  finish() {
    this.playing = false;
    for (const listener of [...(this.listeners.get('ended') ?? [])]) listener();
  }
}

export interface FakeUtterance {
  text: string;
  voice: SpeechSynthesisVoice | null;
  lang: string;
  rate: number;
  volume: number;
  onend: (() => void) | null;
  onerror: (() => void) | null;
}

export const voice = (lang: string, name = `Voice ${lang}`, localService = true) =>
  ({ lang, name, localService, default: false, voiceURI: name }) as SpeechSynthesisVoice;

/** Speech synthesis whose utterances last until the test ends them. */
export class FakeSynthesis implements SynthesisPort {
  speaking: FakeUtterance | null = null;
  private readonly changeListeners = new Set<Listener>();
  constructor(
    private readonly log: Log,
    public voices: SpeechSynthesisVoice[],
  ) {}
  getVoices() {
    return this.voices;
  }
  addEventListener(_type: 'voiceschanged', listener: Listener) {
    this.changeListeners.add(listener);
  }
  removeEventListener(_type: 'voiceschanged', listener: Listener) {
    this.changeListeners.delete(listener);
  }
  voicesChanged(voices: SpeechSynthesisVoice[]) {
    this.voices = voices;
    for (const listener of [...this.changeListeners]) listener();
  }
  speak(utterance: SpeechSynthesisUtterance) {
    const u = utterance as unknown as FakeUtterance;
    if (u.text === '') return;
    this.log.push(`say:${u.lang}:${u.text}`);
    this.speaking = u;
  }
  cancel() {
    this.log.push('cancel');
    const u = this.speaking;
    this.speaking = null;
    u?.onerror?.();
  }
  /** The voice has said the text to its end. */
  finish() {
    const u = this.speaking;
    this.speaking = null;
    u?.onend?.();
  }
}

export function fakePorts(voices: SpeechSynthesisVoice[] = [voice('tr-TR')]) {
  const log: Log = [];
  const audio = new FakeAudio(log);
  const synthesis = new FakeSynthesis(log, voices);
  const ports: SpeakerPorts = {
    audio,
    synthesis,
    makeUtterance: (text) =>
      ({
        text,
        voice: null,
        lang: '',
        rate: 1,
        volume: 1,
        onend: null,
        onerror: null,
      }) as unknown as SpeechSynthesisUtterance,
    voicesTimeoutMs: 50,
  };
  return { log, audio, synthesis, ports };
}

/** Lets pending promises and microtasks run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
