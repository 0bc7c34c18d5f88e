import { useEffect } from 'react';
import type { AnswerSubmission } from '../types';
import { useAnswerClock } from './use-answer-clock';
import { useFlash } from './use-flash';

/**
 * A flashed question's pictures and timing: the flash itself, and the response clock, which starts
 * when the pictures are hidden. `timing()` gives what the answer records of both.
 */
export function useFlashedAnswer(pictures: readonly string[], interval: number) {
  const flash = useFlash(pictures, interval);
  const { restart, elapsed } = useAnswerClock();
  useEffect(() => {
    if (flash.phase === 'done') restart(flash.hiddenAt ?? undefined);
  }, [flash.phase, flash.hiddenAt, restart]);
  const timing = (): Pick<
    AnswerSubmission,
    | 'responseTimeMs'
    | 'exposureMs'
    | 'pageHiddenDuringExposure'
    | 'interrupted'
    | 'exposuresMs'
    | 'lateFirstFrameMs'
  > => ({
    responseTimeMs: elapsed(),
    exposureMs: flash.measurement?.exposureMs,
    pageHiddenDuringExposure: flash.measurement?.pageHiddenDuringExposure,
    ...(flash.measurement?.lateFirstFrameMs !== undefined && {
      lateFirstFrameMs: flash.measurement.lateFirstFrameMs,
    }),
    ...(flash.interrupted && { interrupted: true }),
    ...(flash.exposuresMs.length > 1 && { exposuresMs: [...flash.exposuresMs] }),
  });
  return { flash, timing };
}
