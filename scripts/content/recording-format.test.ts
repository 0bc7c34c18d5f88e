import { describe, expect, it } from 'vitest';
import { PAD_SECONDS, prepareRecording, TARGET_PEAK } from '../../src/contract.ts';
import { toneSamples } from '../../tests/support/tone-mp3.ts';
import { audioProblem, decodeMp3 } from './audio.ts';

/**
 * The preview's recordings (src/preview/recording-audio.ts) must pass this pipeline's own audio
 * check: the format both sides agree on.
 */

const RATE = 44_100;

/** Silence, then a 220 Hz tone of the given amplitude, then silence (seconds each). */
const spoken = (before: number, voice: number, after: number, amplitude: number) =>
  toneSamples({ before, seconds: voice, after, amplitude, frequency: 220, sampleRate: RATE });

describe('a recording made in the preview', () => {
  it('makes an MP3 the content check accepts, trimmed and at the target loudness', async () => {
    const mp3 = prepareRecording([spoken(1, 1.2, 1, 0.1)], RATE);
    expect(mp3).not.toBeNull();
    const bytes = mp3 as Uint8Array;
    expect(await audioProblem(bytes, 10)).toBeNull();
    const decoded = await decodeMp3(bytes);
    // The encoder adds a few frames of delay and padding: well under a tenth of a second.
    expect(decoded.seconds).toBeGreaterThan(1.2 + 2 * PAD_SECONDS - 0.05);
    expect(decoded.seconds).toBeLessThan(1.2 + 2 * PAD_SECONDS + 0.15);
    expect(decoded.peak).toBeGreaterThan(TARGET_PEAK - 0.08);
    expect(decoded.peak).toBeLessThan(1);
  });
});
