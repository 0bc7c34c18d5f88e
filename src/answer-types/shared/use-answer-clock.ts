import { useCallback, useRef } from 'react';

/**
 * Measures the response time: from the moment an answer can be given (question shown, picture
 * hidden) until it is submitted.
 */
export function useAnswerClock() {
  const since = useRef(performance.now());
  const restart = useCallback(() => {
    since.current = performance.now();
  }, []);
  const elapsed = useCallback(() => Math.round(performance.now() - since.current), []);
  return { restart, elapsed };
}
