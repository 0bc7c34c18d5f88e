import { useCallback, useRef } from 'react';

/** Time the answer clocks stood still so far, and since when they stand still now (null: running). */
let pausedTotal = 0;
let pausedSince: number | null = null;
let pauses = 0;

const pausedUntil = (now: number) => pausedTotal + (pausedSince === null ? 0 : now - pausedSince);

/**
 * Stops every answer clock until the returned function is called: while the educator has a dialog
 * of their own open ('Test abbrechen'), the child cannot answer, so that time is not the child's
 * response time (docs/product.md §17). Pauses may overlap; the clocks run again after the last.
 */
export function pauseAnswerClocks(): () => void {
  if (pauses++ === 0) pausedSince = performance.now();
  let resumed = false;
  return () => {
    if (resumed) return;
    resumed = true;
    if (--pauses === 0 && pausedSince !== null) {
      pausedTotal += performance.now() - pausedSince;
      pausedSince = null;
    }
  };
}

/**
 * Measures the response time: from the moment an answer can be given (question shown, picture
 * hidden) until it is submitted, without the time the clocks were paused.
 */
export function useAnswerClock() {
  const since = useRef({ at: performance.now(), paused: pausedUntil(performance.now()) });
  /** Starts the clock again, from `at` (page time) when the answer became possible a moment ago. */
  const restart = useCallback((at: number = performance.now()) => {
    since.current = { at, paused: pausedUntil(at) };
  }, []);
  const elapsed = useCallback(() => {
    const now = performance.now();
    return Math.round(now - since.current.at - (pausedUntil(now) - since.current.paused));
  }, []);
  return { restart, elapsed };
}
