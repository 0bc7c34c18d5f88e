import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STEADY_FRAMES, STEADY_WAIT_MS, steadyFrames } from './prepare-sound';

/** Animation frames driven by the test: `frame(t)` runs the callbacks waiting for the next frame. */
function frames() {
  let waiting = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    waiting.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => waiting.delete(id));
  return {
    frame(t: number) {
      const due = waiting;
      waiting = new Map();
      for (const callback of due.values()) callback(t);
    },
    get pending() {
      return waiting.size;
    },
  };
}

/** Starts a watch; `steady()` tells whether it has resolved. */
function watch() {
  let steady = false;
  void steadyFrames(STEADY_FRAMES).then(() => {
    steady = true;
  });
  return () => steady;
}

describe('steadyFrames, the wait of a flash for the page to come back after the sound started', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves after STEADY_FRAMES frames in a row on time', async () => {
    const display = frames();
    const steady = watch();
    let t = 0;
    for (let i = 0; i < STEADY_FRAMES; i++) {
      display.frame(t);
      t += 1000 / 60;
      await Promise.resolve();
      expect(steady()).toBe(false);
    }
    display.frame(t);
    await vi.advanceTimersByTimeAsync(0);
    expect(steady()).toBe(true);
    expect(display.pending).toBe(0);
  });

  it('starts counting again after a blocked frame (WebKit starting its media)', async () => {
    const display = frames();
    const steady = watch();
    // Two on time, then a 300 ms frame: not steady yet.
    for (const t of [0, 17, 34, 334]) display.frame(t);
    await vi.advanceTimersByTimeAsync(0);
    expect(steady()).toBe(false);
    for (const t of [351, 368]) display.frame(t);
    await vi.advanceTimersByTimeAsync(0);
    expect(steady()).toBe(false);
    display.frame(385);
    await vi.advanceTimersByTimeAsync(0);
    expect(steady()).toBe(true);
  });

  it('lets jitter of a busy device pass (frames of up to three display frames count as on time)', async () => {
    const display = frames();
    const steady = watch();
    for (const t of [0, 40, 70, 115]) display.frame(t);
    await vi.advanceTimersByTimeAsync(0);
    expect(steady()).toBe(true);
  });

  it('gives up after STEADY_WAIT_MS when no frames come (a hidden page)', async () => {
    const display = frames();
    const steady = watch();
    await vi.advanceTimersByTimeAsync(STEADY_WAIT_MS - 1);
    expect(steady()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(steady()).toBe(true);
    expect(display.pending).toBe(0);
  });
});
