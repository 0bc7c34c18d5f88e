/**
 * The timing rule of a flash (docs/product.md, 'A flash is timed on screen'), apart from the DOM so
 * that it can be tested frame by frame. It is fed the timestamp of every animation frame from the
 * one that shows the pictures on, and says what that frame must do.
 *
 * A frame's content reaches the screen when the frame is done. When the frame that shows the
 * pictures takes much longer than a frame (a busy main thread, a slow first paint), the pictures
 * appear that much later than its timestamp says; the next frame's timestamp bounds that. So the
 * clock starts at the show frame when the next frame follows on time, and one frame before the next
 * frame's timestamp when it is late: a late first frame never shortens what the child sees. The end
 * is measured the same way from the frame after the hiding one, so the recorded exposure is what the
 * screen showed.
 */

/** One display frame at 60 Hz, until the frames of the flash show the display's own. */
export const ASSUMED_FRAME_MS = 1000 / 60;
/** A frame that takes longer than this many frames reached the screen late. */
const LATE_FRAMES = 1.5;
/** The first frame counts as late for the record when it came more than two frames late. */
const RECORDED_LATE_FRAMES = 2;

export type FlashStep = 'show' | 'wait' | 'hide' | 'done';

export interface FlashTiming {
  /** Time on screen, from when the pictures appeared to when they were gone (0.1 ms). */
  exposureMs: number;
  /**
   * The frame that showed the pictures reached the screen this much later than one frame after it
   * began (only when that was more than two frames): the clock started when they really appeared.
   */
  lateFirstFrameMs?: number;
}

export interface FlashClock {
  /**
   * Feeds one animation frame's timestamp and the page time at which its callback ran (defaults to
   * the timestamp); returns what this frame does with the pictures.
   */
  frame(now: number, ranAt?: number): FlashStep;
  /** The measured exposure, once `frame` returned 'done'. */
  readonly result: FlashTiming | null;
}

const tenth = (ms: number) => Math.round(ms * 10) / 10;

/**
 * When the content of a frame that changed the screen reached it: at the frame's own timestamp when
 * the next frame began on time, or one frame before the next frame when that began more than 1.5
 * frames later (the changing frame was slow). Also the bench's page estimate (scripts/bench/flash.ts).
 */
export function reachedScreenAt(changeFrame: number, nextFrame: number, frameMs: number): number {
  return nextFrame - changeFrame > LATE_FRAMES * frameMs ? nextFrame - frameMs : changeFrame;
}

/** Inserts `value` into the ascending `list`, keeping it sorted. */
function insertSorted(list: number[], value: number): void {
  let i = list.length;
  while (i > 0 && list[i - 1]! > value) i--;
  list.splice(i, 0, value);
}

export function createFlashClock(intervalMs: number): FlashClock {
  let frameMs = ASSUMED_FRAME_MS;
  // The frame-to-frame times seen while the pictures are up, sorted: their median is the frame.
  const deltas: number[] = [];
  let showFrame = -1;
  let shownAt = -1;
  let hideFrame = -1;
  let lastFrame = -1;
  let lateFirstFrameMs: number | undefined;
  let ranOffset = 0;
  let result: FlashTiming | null = null;
  // When a frame that changed the screen was late, the change appeared about one frame before the
  // next frame began; on time, at the frame's own timestamp. `nextFrame` is the later of the next
  // frame's timestamp and the time its callback ran (both counted from the show frame): after a main
  // thread busy in the changing frame,
  // Firefox may date the next frame to a vsync that passed while it was busy, before the change
  // could be painted; the callback itself cannot run before that.
  const onScreenAt = (changeFrame: number, nextFrame: number) =>
    reachedScreenAt(changeFrame, nextFrame, frameMs);

  return {
    get result() {
      return result;
    },
    frame(now, ranAt = now) {
      if (result) return 'done';
      if (showFrame < 0) {
        // Timestamps and run times are compared as time since the show frame, each on its own clock.
        ranOffset = now - ranAt;
        showFrame = now;
        lastFrame = now;
        return 'show';
      }
      const next = Math.max(now, ranAt + ranOffset);
      const delta = now - lastFrame;
      lastFrame = now;
      if (shownAt < 0) {
        // The first delta is the display's frame unless that frame was late.
        if (delta > 0 && delta <= LATE_FRAMES * ASSUMED_FRAME_MS) {
          frameMs = delta;
          deltas.push(delta);
        }
        shownAt = onScreenAt(showFrame, next);
        if (next - showFrame > RECORDED_LATE_FRAMES * frameMs) {
          lateFirstFrameMs = tenth(next - showFrame - frameMs);
        }
      } else if (delta > 0) {
        // The median frame is the page's frame time: a janky frame must not stretch it, and two
        // callbacks a millisecond apart (WebKitGTK under load) must not shrink it. (The shortest frame
        // did: every later frame then counted as late, and the pictures stayed up 20–50 ms too long.)
        // On a device that only manages 30 frames a second, the median is that frame, so the
        // pictures go in the frame nearest the interval.
        insertSorted(deltas, delta);
        frameMs = deltas[Math.floor(deltas.length / 2)]!;
      }
      if (hideFrame >= 0) {
        const exposureMs = tenth(onScreenAt(hideFrame, next) - shownAt);
        result = lateFirstFrameMs === undefined ? { exposureMs } : { exposureMs, lateFirstFrameMs };
        return 'done';
      }
      // Gone in the first frame where the time on screen reaches the interval minus half a frame,
      // so that it is within one frame of the target.
      if (now - shownAt < intervalMs - frameMs / 2) return 'wait';
      hideFrame = now;
      return 'hide';
    },
  };
}
