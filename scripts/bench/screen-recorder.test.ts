import { describe, expect, it } from 'vitest';
import { pictureOnScreen, type ScreenFrame } from './screen-recorder.ts';

const SIZE = 64 * 48;
const FRAME = 1000 / 60;

/** A grey frame: the texts and 'Bereit' (pixels 0–399 dark), blank, or the picture (2000–2599 dark). */
function frame(i: number, content: 'texts' | 'blank' | 'picture' | 'half'): ScreenFrame {
  const pixels = new Uint8Array(SIZE).fill(250);
  if (content === 'texts') pixels.fill(20, 0, 400);
  if (content === 'picture') pixels.fill(20, 2000, 2600);
  if (content === 'half') pixels.fill(20, 2000, 2300);
  return { t: 1_000_000 + i * FRAME, pixels };
}

describe('the recorded screen of a flash', () => {
  it('finds the first and the last frame with the whole picture', () => {
    const frames = [
      ...Array.from({ length: 10 }, (_, i) => frame(i, 'texts')),
      frame(10, 'blank'),
      frame(11, 'half'),
      ...Array.from({ length: 90 }, (_, i) => frame(12 + i, 'picture')),
      ...Array.from({ length: 10 }, (_, i) => frame(102 + i, 'blank')),
    ];
    const seen = pictureOnScreen(frames, frames[5]!.t, frames[50]!.t)!;
    expect(seen.frames).toBe(90);
    expect(seen.shownAt).toBeCloseTo(frames[12]!.t, 6);
    expect(seen.hiddenAt - seen.shownAt).toBeCloseTo(90 * FRAME, 6);
    expect(seen.showGapMs).toBeCloseTo(FRAME, 6);
    expect(seen.hideGapMs).toBeCloseTo(FRAME, 6);
  });

  it('sees nothing when the display did not change', () => {
    const frames = Array.from({ length: 60 }, (_, i) => frame(i, 'texts'));
    expect(pictureOnScreen(frames, frames[5]!.t, frames[30]!.t)).toBeNull();
  });

  it('sees nothing when the recording began or ended with the picture up', () => {
    const frames = Array.from({ length: 60 }, (_, i) => frame(i, i < 5 ? 'texts' : 'picture'));
    expect(pictureOnScreen(frames, frames[2]!.t, frames[30]!.t)).toBeNull();
  });
});
