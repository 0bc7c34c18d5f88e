import { describe, expect, it } from 'vitest';
import { toneSamples } from '../../tests/support/tone-mp3.ts';
import {
  mixDown,
  normalisePeak,
  PAD_SECONDS,
  peakOf,
  prepareRecording,
  TARGET_PEAK,
  toInt16,
  trimSilence,
} from './recording-audio';

const RATE = 44_100;

/** Silence, then a 220 Hz tone of the given amplitude, then silence (seconds each). */
const spoken = (before: number, voice: number, after: number, amplitude: number) =>
  toneSamples({ before, seconds: voice, after, amplitude, frequency: 220, sampleRate: RATE });

describe('trimSilence', () => {
  it('cuts the silence at both ends and keeps a short pad around the voice', () => {
    const trimmed = trimSilence(spoken(1.5, 1, 2, 0.3), RATE);
    const seconds = trimmed.length / RATE;
    // The voice (1 s) plus a pad at each end; the tone's zero crossings may shift the edges by a sample.
    expect(seconds).toBeGreaterThan(1 + 2 * PAD_SECONDS - 0.01);
    expect(seconds).toBeLessThan(1 + 2 * PAD_SECONDS + 0.01);
  });

  it('leaves a recording that starts and ends with the voice as it is', () => {
    const samples = spoken(0, 1, 0, 0.3);
    samples[0] = 0.3;
    samples[samples.length - 1] = 0.3;
    expect(trimSilence(samples, RATE).length).toBe(samples.length);
  });

  it('gives nothing for a silent recording, and keeps a quiet hum below the level out', () => {
    expect(trimSilence(new Float32Array(RATE), RATE).length).toBe(0);
    expect(trimSilence(spoken(0, 1, 0, 0.005), RATE).length).toBe(0);
  });
});

describe('normalisePeak', () => {
  it('brings a quiet and a loud recording to the same peak', () => {
    expect(peakOf(normalisePeak(spoken(0, 0.5, 0, 0.05)))).toBeCloseTo(TARGET_PEAK, 5);
    expect(peakOf(normalisePeak(spoken(0, 0.5, 0, 1)))).toBeCloseTo(TARGET_PEAK, 5);
  });

  it('leaves silence silent', () => {
    expect(peakOf(normalisePeak(new Float32Array(100)))).toBe(0);
  });
});

describe('mixDown and toInt16', () => {
  it('averages the channels and clips at full scale', () => {
    expect(Array.from(mixDown([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])]))).toEqual([0.5, 0]);
    expect(Array.from(toInt16(new Float32Array([2, -2, 0.5, 0])))).toEqual([32767, -32768, 16384, 0]);
  });
});

describe('prepareRecording', () => {
  it('refuses a silent recording instead of saving it', () => {
    expect(prepareRecording([new Float32Array(RATE)], RATE)).toBeNull();
  });
});
