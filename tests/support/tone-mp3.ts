import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * An MP3 of a sine tone (or of silence, at amplitude 0), for tests that need real recordings
 * without shipping any: encoded with the same pure-JS encoder the preview saves recordings with.
 */
export function toneMp3({
  seconds,
  frequency = 440,
  amplitude = 0.3,
  sampleRate = 44_100,
}: {
  seconds: number;
  frequency?: number;
  amplitude?: number;
  sampleRate?: number;
}): Uint8Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
  }
  const encoder = new Mp3Encoder(1, sampleRate, 64);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += 1152)
    chunks.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
  chunks.push(encoder.flush());
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
