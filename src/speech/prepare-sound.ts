import { pageSpeaker } from './speaker';

/** Frames in a row that must come on time after the sound has started before a flash may show. */
export const STEADY_FRAMES = 3;
/**
 * A frame counts as on time when it follows the one before within this many 60 Hz frames: the
 * watch waits out a page blocked for hundreds of ms, not the jitter of a busy device, which the
 * flash's clock handles (a flash that waited for jitter would answer 'Bereit' late for nothing).
 */
const ON_TIME_FRAMES = 3;
/**
 * How long 'Bereit' waits at most for the frames to be steady again (a page whose frames never are).
 * Two seconds: WebKitGTK delivered no animation frame for 1.3–1.6 s after the first page load of a
 * browser start (with or without sound), and a watch that gave up after one second let the flash
 * start just before the frames came back.
 */
export const STEADY_WAIT_MS = 2000;

/** Resolves after `count` animation frames in a row came on time, or after STEADY_WAIT_MS. */
export function steadyFrames(count: number): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    let last = -1;
    let onTime = 0;
    let request = 0;
    const done = () => {
      cancelAnimationFrame(request);
      clearTimeout(bound);
      resolve();
    };
    // Bounded by a timer too: a hidden page gets no frames at all.
    const bound = setTimeout(done, STEADY_WAIT_MS);
    const frame = (now: number) => {
      onTime = last >= 0 && now - last <= (ON_TIME_FRAMES * 1000) / 60 ? onTime + 1 : 0;
      last = now;
      if (onTime >= count) done();
      else request = requestAnimationFrame(frame);
    };
    request = requestAnimationFrame(frame);
  });
}

let settled: Promise<void> = Promise.resolve();
let settling = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * The first-tap work of sound (docs/product.md, 'A flash is timed on screen'): unlocks the audio
 * element and the speech synthesis and starts loading the device's voices. Called from a tap before
 * any flash ('Anmelden' after a reload, 'Start'), never from 'Bereit': WebKit blocks the page while
 * media and speech start, and a flash in that time would reach the screen late.
 */
export function prepareSound(): void {
  const speaker = pageSpeaker();
  speaker.unlock();
  speaker.loadVoices();
  // WebKit goes on blocking the page for a while after its media start has reported (measured: the
  // first flash after a browser start had a 300 ms frame right after the one showing the pictures,
  // which reached the screen early in it, so the clock started late and the flash was 70 ms long).
  // Watched from here, so that the frames are known to be steady again long before an educator's
  // 'Bereit', and no flash pays for the watch when they are.
  const current = speaker.unlockSettled().then(() => steadyFrames(STEADY_FRAMES));
  settled = current;
  settling = true;
  notify();
  void current.then(() => {
    if (settled !== current) return; // a later tap started again
    settling = false;
    notify();
  });
}

/**
 * Resolves when sound unlocked by an earlier tap has finished starting and the page's frames come
 * on time again (each bounded; see Speaker and STEADY_WAIT_MS); at once when nothing was started.
 */
export function soundSettled(): Promise<void> {
  return settled;
}

/** Whether sound started by a tap is still settling (for useSyncExternalStore, with `onSoundSettling`). */
export function isSoundSettling(): boolean {
  return settling;
}

/** Calls `listener` whenever `isSoundSettling()` changes; returns the unsubscribe. */
export function onSoundSettling(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Marks an element whose tap must do no first-tap work ('Bereit' of a flash): the unlock on the
 * first tap after a reload waits for another tap.
 */
export const NO_SOUND_UNLOCK = { 'data-no-sound-unlock': '' } as const;
export const NO_SOUND_UNLOCK_SELECTOR = '[data-no-sound-unlock]';
