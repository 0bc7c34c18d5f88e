import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export type FlashPhase = 'loading' | 'ready' | 'showing' | 'done';

export interface FlashMeasurement {
  /** Measured time the pictures were on screen, from the frame that showed them to the one that hid them. */
  exposureMs: number;
  /** The page was hidden (tab switch, screen off) while the pictures were meant to be seen. */
  pageHiddenDuringExposure: boolean;
}

export interface Flash {
  phase: FlashPhase;
  /** Goes on the picture container; the hook shows and hides it frame-exactly. */
  containerRef: RefObject<HTMLDivElement | null>;
  /** 'Bereit': start showing the pictures (only once they are decoded). */
  start(): void;
  /** Back to 'Bereit' (the timer practice shows its pictures again). */
  reset(): void;
  measurement: FlashMeasurement | null;
}

const ASSUMED_FRAME_MS = 1000 / 60;

/** Loads and decodes every picture so that the flash shows them in its very first frame. */
export async function preloadPictures(urls: readonly string[]): Promise<HTMLImageElement[]> {
  return Promise.all(
    urls.map(async (url) => {
      const img = new Image();
      img.src = url;
      if (typeof img.decode === 'function') {
        try {
          await img.decode();
        } catch (error) {
          console.error('Bild konnte nicht geladen werden:', url, error);
        }
      }
      return img;
    }),
  );
}

/**
 * Shows pictures for `intervalMs`, counted in animation frames: they appear in one frame and
 * disappear in the first frame where the elapsed time reaches the interval minus half a frame,
 * so the time on screen is within one frame of the target. The DOM is switched directly in the
 * frame callbacks (data-flash on the container), not through a React render that could land later.
 */
export function useFlash(pictures: readonly string[], intervalMs: number): Flash {
  const [phase, setPhase] = useState<FlashPhase>('loading');
  const [measurement, setMeasurement] = useState<FlashMeasurement | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const decoded = useRef<HTMLImageElement[]>([]);
  const key = pictures.join('\n');

  useEffect(() => {
    let cancelled = false;
    void preloadPictures(key.split('\n')).then((images) => {
      if (cancelled) return;
      decoded.current = images;
      setPhase('ready');
    });
    return () => {
      cancelled = true;
    };
  }, [key]);

  useEffect(() => {
    if (phase !== 'showing') return;
    const container = containerRef.current;
    let pageHidden = document.visibilityState === 'hidden';
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') pageHidden = true;
    };
    document.addEventListener('visibilitychange', onVisibility);
    let frameMs = ASSUMED_FRAME_MS;
    let shownAt = -1;
    let lastFrame = -1;
    let request = 0;
    const frame = (now: number) => {
      if (shownAt < 0) {
        container?.setAttribute('data-flash', 'shown');
        performance.mark('flash-start');
        shownAt = now;
        lastFrame = now;
        request = requestAnimationFrame(frame);
        return;
      }
      const delta = now - lastFrame;
      // The shortest frame seen is the display's frame time; a janky frame must not stretch it.
      if (delta > 0) frameMs = lastFrame === shownAt ? delta : Math.min(frameMs, delta);
      lastFrame = now;
      const elapsed = now - shownAt;
      if (elapsed < intervalMs - frameMs / 2) {
        request = requestAnimationFrame(frame);
        return;
      }
      container?.setAttribute('data-flash', 'done');
      performance.mark('flash-end');
      const result = { exposureMs: Math.round(elapsed * 10) / 10, pageHiddenDuringExposure: pageHidden };
      console.info('Timer abgelaufen', { intervalMs, ...result });
      setMeasurement(result);
      setPhase('done');
    };
    request = requestAnimationFrame(frame);
    return () => {
      cancelAnimationFrame(request);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [phase, intervalMs]);

  const start = useCallback(() => setPhase((p) => (p === 'ready' ? 'showing' : p)), []);
  const reset = useCallback(() => {
    setMeasurement(null);
    setPhase((p) => (p === 'loading' ? p : 'ready'));
  }, []);

  return { phase, containerRef, start, reset, measurement };
}
