import { encodeMp3 } from '../../src/contract.ts';

/**
 * A sine tone with silence before and after it (seconds each), as a microphone would deliver a
 * spoken word: the raw signal for tests of the recording pipeline.
 */
export function toneSamples({
  before = 0,
  seconds,
  after = 0,
  frequency = 440,
  amplitude = 0.3,
  sampleRate = 44_100,
}: {
  before?: number;
  seconds: number;
  after?: number;
  frequency?: number;
  amplitude?: number;
  sampleRate?: number;
}): Float32Array {
  const samples = new Float32Array(Math.round((before + seconds + after) * sampleRate));
  const start = Math.round(before * sampleRate);
  const end = start + Math.round(seconds * sampleRate);
  for (let i = start; i < end; i++)
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return samples;
}

/**
 * An MP3 of a sine tone (or of silence, at amplitude 0), for tests that need real recordings
 * without shipping any: encoded by the preview's own encoder (src/preview/recording-audio.ts).
 */
export function toneMp3(tone: {
  seconds: number;
  frequency?: number;
  amplitude?: number;
  sampleRate?: number;
}) {
  const sampleRate = tone.sampleRate ?? 44_100;
  return encodeMp3(toneSamples({ ...tone, sampleRate }), sampleRate, 64);
}
