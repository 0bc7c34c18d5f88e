import { useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { useStore } from '../store';

/** docs/product.md §26: the empty pause between questions. */
export const TRANSITION_MS = 500;

const ASSUMED_FRAME_MS = 1000 / 60;

/**
 * No visible content; after 500 ms the next question's screen, or the result when none is left.
 * Counted in animation frames like a flash (use-flash.ts): a timer is not aligned to frames and
 * landed up to two frames late (npm run bench). The next screen is rendered synchronously inside the
 * first frame at least 500 ms (less half a frame) after the first frame of this one.
 */
export function TransitionScreen() {
  const advance = useStore((s) => s.advance);
  // A layout effect, so the first frame callback is the frame that first shows this screen.
  useLayoutEffect(() => {
    let firstFrame = -1;
    let request = 0;
    const frame = (now: number) => {
      if (firstFrame < 0) firstFrame = now;
      if (now - firstFrame >= TRANSITION_MS - ASSUMED_FRAME_MS / 2) flushSync(advance);
      else request = requestAnimationFrame(frame);
    };
    request = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(request);
  }, [advance]);
  return <div className="transition" />;
}
