import { speechLang } from '../content/languages';
import type { ChildLanguage } from '../content/types';

/** The part of a speech synthesis voice the choice looks at (SpeechSynthesisVoice has it). */
export interface VoiceInfo {
  name: string;
  lang: string;
  localService: boolean;
  default: boolean;
}

/** Names the vendors give their better voices (iOS 'Enhanced'/'Premium', Edge 'Natural'). */
const BETTER_VOICE = /enhanced|premium|natural|neural/i;

const normalised = (lang: string) => lang.toLowerCase().replace('_', '-');

/** Whether a voice speaks the language (any region: 'ar-EG' speaks Arabic too). */
export function speaksLanguage(voice: Pick<VoiceInfo, 'lang'>, language: ChildLanguage): boolean {
  const lang = normalised(voice.lang);
  return lang === language || lang.startsWith(`${language}-`);
}

/**
 * The best voice of the language, or null when the device has none (docs/product.md §14): a voice
 * on the device before a network voice (which fails offline and starts late), then a better
 * quality one, then the usual region, then the system's default.
 */
export function pickVoice<V extends VoiceInfo>(voices: readonly V[], language: ChildLanguage): V | null {
  const score = (voice: V) =>
    (voice.localService ? 8 : 0) +
    (BETTER_VOICE.test(voice.name) ? 4 : 0) +
    // The region whose voice a child of that language most likely hears: the pack's speechLang.
    (normalised(voice.lang) === normalised(speechLang(language)) ? 2 : 0) +
    (voice.default ? 1 : 0);
  let best: V | null = null;
  for (const voice of voices) {
    if (speaksLanguage(voice, language) && (best === null || score(voice) > score(best))) best = voice;
  }
  return best;
}

/** The part of window.speechSynthesis the voice list needs. */
export interface VoiceSource {
  getVoices(): readonly SpeechSynthesisVoice[];
  addEventListener(type: 'voiceschanged', listener: () => void): void;
  removeEventListener(type: 'voiceschanged', listener: () => void): void;
}

/** How long to wait for a voice list that is still loading (Chrome fills it after the first call). */
export const VOICES_TIMEOUT_MS = 1500;

/**
 * The device's voices. Chrome and Android report an empty list at first and fill it with a
 * 'voiceschanged' event; a device without any voice never sends one, hence the timeout.
 */
export function loadVoices(
  source: VoiceSource,
  timeoutMs = VOICES_TIMEOUT_MS,
): Promise<readonly SpeechSynthesisVoice[]> {
  const now = source.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      source.removeEventListener('voiceschanged', onChange);
      resolve(source.getVoices());
    };
    const onChange = () => {
      if (source.getVoices().length > 0) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    source.addEventListener('voiceschanged', onChange);
  });
}
