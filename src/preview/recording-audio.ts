import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * What the preview does to a microphone recording before it saves it (docs/product.md §14): one
 * channel, the silence before and after the voice cut off, the loudest sample brought to the same
 * level in every recording, and MP3 (the one format Safari, Chrome and Firefox all play). Pure
 * functions on samples, so they are tested without a microphone.
 */

/** Below this level (−40 dBFS) a sample counts as silence at the ends. */
export const SILENCE_LEVEL = 0.01;
/** Kept before and after the voice, so that the first and last sounds are not clipped. */
export const PAD_SECONDS = 0.15;
/** Every recording's loudest sample ends at this level (−1 dBFS): all prompts sound equally loud. */
export const TARGET_PEAK = 0.89;
export const MP3_KBPS = 80;

/** The mean of the channels (a stereo microphone becomes one channel). */
export function mixDown(channels: readonly Float32Array[]): Float32Array {
  const length = Math.min(...channels.map((c) => c.length));
  if (channels.length === 1) return (channels[0] as Float32Array).slice(0, length);
  const out = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) out[i] = (out[i] as number) + (channel[i] as number) / channels.length;
  }
  return out;
}

/**
 * The samples from shortly before the first to shortly after the last sample above the silence
 * level; empty when the whole recording is silent.
 */
export function trimSilence(
  samples: Float32Array,
  sampleRate: number,
  level = SILENCE_LEVEL,
  padSeconds = PAD_SECONDS,
): Float32Array {
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] as number) < level) first++;
  if (first === samples.length) return new Float32Array(0);
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] as number) < level) last--;
  const pad = Math.round(padSeconds * sampleRate);
  return samples.slice(Math.max(0, first - pad), Math.min(samples.length, last + 1 + pad));
}

/** Largest absolute sample value. */
export function peakOf(samples: Float32Array): number {
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  return peak;
}

/** The samples scaled so that the loudest one reaches the target peak (silence stays silence). */
export function normalisePeak(samples: Float32Array, target = TARGET_PEAK): Float32Array {
  const peak = peakOf(samples);
  if (peak === 0) return samples.slice();
  const gain = target / peak;
  return samples.map((value) => value * gain);
}

/** Floats in −1..1 as 16-bit integers (what the MP3 encoder takes), clipped at the ends. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i] as number));
    out[i] = Math.round(value < 0 ? value * 32768 : value * 32767);
  }
  return out;
}

/** Mono MP3 at the given rate (lamejs supports 8000–48000 Hz). */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps = MP3_KBPS): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const pcm = toInt16(samples);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += 1152) chunks.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  chunks.push(encoder.flush());
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * A decoded recording made ready to save: mixed to one channel, trimmed, normalised and encoded;
 * null when it holds nothing but silence.
 */
export function prepareRecording(channels: readonly Float32Array[], sampleRate: number): Uint8Array | null {
  const trimmed = trimSilence(mixDown(channels), sampleRate);
  if (trimmed.length === 0) return null;
  return encodeMp3(normalisePeak(trimmed), sampleRate);
}

/** Recordings are resampled to this rate when decoded (lamejs encodes it; every browser plays it). */
export const RECORDING_SAMPLE_RATE = 44_100;

/**
 * What MediaRecorder made (WebM/Opus in Chrome, Ogg in Firefox, MP4 in Safari), decoded in the
 * browser and made ready to save (prepareRecording); null when it holds nothing but silence. Used by
 * the preview's recording panel and by /verwaltung/sprachen (docs/product.md §50).
 */
export async function recordingToMp3(blob: Blob): Promise<Uint8Array | null> {
  const context = new AudioContext({ sampleRate: RECORDING_SAMPLE_RATE });
  try {
    const buffer = await context.decodeAudioData(await blob.arrayBuffer());
    const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
    return prepareRecording(channels, buffer.sampleRate);
  } finally {
    void context.close();
  }
}
