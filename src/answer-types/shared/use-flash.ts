import {
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { isSoundSettling, onSoundSettling, soundSettled } from '../../speech/prepare-sound';
import { useSilence } from '../../speech/prompt-context';
import { createFlashClock, type FlashTiming } from './flash-clock';
import { FlashLogContext } from './flash-log';

/** How often the educator may show a question's pictures in all: once, and once more if missed. */
const MAX_SHOWS = 2;
/**
 * The answer step is rendered this long after the frame that hid the pictures, once that frame has
 * reached the screen: rendered at once, its layout and paint held WebKit's hiding frame back from
 * the display, and the pictures stayed up to 50–53 ms too long (docs/product.md, 'A flash is timed on
 * screen'). The response clock still counts from the hide.
 */
export const ANSWER_AFTER_HIDE_MS = 150;

export type FlashPhase = 'loading' | 'ready' | 'showing' | 'done';

export interface FlashMeasurement extends FlashTiming {
  /** The page was hidden (tab switch, screen off) while the pictures were meant to be seen. */
  pageHiddenDuringExposure: boolean;
}

export interface Flash {
  /** 'loading' until the pictures are decoded and sound started by an earlier tap has settled. */
  phase: FlashPhase;
  /** What 'loading' waits for: the pictures first, then the sound. */
  waitingFor: 'pictures' | 'sound' | null;
  /** Goes on the picture container; the hook shows and hides it frame-exactly. */
  containerRef: RefObject<HTMLDivElement | null>;
  /** 'Bereit': start showing the pictures (only in phase 'ready'). */
  start(): void;
  /** Back to 'Bereit' (the timer practice shows its pictures again). */
  reset(): void;
  measurement: FlashMeasurement | null;
  /** Page time (performance.now) of the frame that hid the pictures of the last flash; null after a reload. */
  hiddenAt: number | null;
  /** Every measured exposure of this question, in order (two after 'Bild nochmal zeigen'). */
  exposuresMs: readonly number[];
  /** The page was reloaded during or after the flash; the pictures were not shown again. */
  interrupted: boolean;
  /** 'Bild nochmal zeigen' is still allowed (once per question). */
  canRepeat: boolean;
  /** 'Bild nochmal zeigen': back to 'Bereit' for one more flash. */
  repeat(): void;
}

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
 * Shows pictures for `intervalMs`, counted in animation frames from when they really appeared on
 * screen (flash-clock.ts), so the time on screen is within one frame of the target. The DOM is
 * switched directly in the frame callbacks (data-flash on the container), not through a React render
 * that could land later. 'Bereit' does nothing else: sound was unlocked by an earlier tap.
 */
export function useFlash(pictures: readonly string[], intervalMs: number): Flash {
  const log = useContext(FlashLogContext);
  // After a reload during or after the flash, straight to the answer (docs/product.md §19).
  const prior = log.prior;
  const [ownPhase, setPhase] = useState<FlashPhase>(prior ? 'done' : 'loading');
  // Sound unlocked by an earlier tap may still be starting (WebKit blocks the page meanwhile, and
  // after a browser start its frames stall): 'Bereit' waits for it, so that a tap on it shows the
  // pictures in the next frame and nothing can delay their first frame (docs/product.md).
  const soundSettling = useSyncExternalStore(onSoundSettling, isSoundSettling, () => false);
  const phase: FlashPhase = ownPhase === 'ready' && soundSettling ? 'loading' : ownPhase;
  const waitingFor = ownPhase === 'loading' ? 'pictures' : phase === 'loading' ? 'sound' : null;
  const [measurement, setMeasurement] = useState<FlashMeasurement | null>(() =>
    prior?.exposuresMs[0] === undefined
      ? null
      : { exposureMs: prior.exposuresMs[0], pageHiddenDuringExposure: false },
  );
  const [exposuresMs, setExposures] = useState<readonly number[]>(prior?.exposuresMs ?? []);
  const [shows, setShows] = useState(prior?.shown ?? 0);
  const [hiddenAt, setHiddenAt] = useState<number | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const decoded = useRef<HTMLImageElement[] | null>(null);
  const key = pictures.join('\n');
  // Nothing sounds while the pictures are flashed: 'Bereit' stops the prompt (docs/product.md §14).
  useSilence(phase === 'showing');

  useEffect(() => {
    let cancelled = false;
    void preloadPictures(key.split('\n')).then((images) => {
      if (cancelled) return;
      decoded.current = images;
      setPhase((p) => (p === 'loading' ? 'ready' : p));
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
    const clock = createFlashClock(intervalMs);
    let request = 0;
    let finish: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    let hidAt = 0;
    const frame = (now: number) => {
      const step = clock.frame(now, performance.now());
      if (step === 'show') {
        container?.setAttribute('data-flash', 'shown');
        performance.mark('flash-start');
      } else if (step === 'hide') {
        container?.setAttribute('data-flash', 'done');
        hidAt = performance.now();
        performance.mark('flash-end');
      }
      if (step !== 'done' || !clock.result) {
        request = requestAnimationFrame(frame);
        return;
      }
      const result: FlashMeasurement = { ...clock.result, pageHiddenDuringExposure: pageHidden };
      // Recorded (stored session, React) later: a frame callback of the flash only switches the
      // pictures and reads the clock, and the answer step waits until the hide is on screen, so
      // that no work of the app delays the frames it measures.
      finish = setTimeout(() => {
        console.info('Timer abgelaufen', { intervalMs, ...result });
        log.measured(result.exposureMs);
        setExposures((list) => [...list, result.exposureMs]);
        setHiddenAt(hidAt);
        // A repeat keeps the first exposure as the answer's `exposureMs`; a hidden page in either counts.
        setMeasurement((first) =>
          first
            ? {
                ...first,
                pageHiddenDuringExposure: first.pageHiddenDuringExposure || result.pageHiddenDuringExposure,
              }
            : result,
        );
        setPhase('done');
      }, ANSWER_AFTER_HIDE_MS);
    };
    // 'Bereit' waited for the sound; should a tap have started it again since, the pictures wait too.
    void soundSettled().then(() => {
      if (!cancelled) request = requestAnimationFrame(frame);
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(request);
      clearTimeout(finish);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [phase, intervalMs, log]);

  const start = useCallback(() => {
    if (phase !== 'ready') return;
    // Recorded before the pictures show, so that a reload during the flash does not show them again.
    log.started();
    setShows((n) => n + 1);
    setPhase('showing');
  }, [phase, log]);
  const reset = useCallback(() => {
    setMeasurement(null);
    setExposures([]);
    setPhase(decoded.current ? 'ready' : 'loading');
  }, []);
  const canRepeat = phase === 'done' && shows < MAX_SHOWS;
  const repeat = useCallback(() => {
    if (!canRepeat) return;
    console.info('Bild nochmal zeigen');
    setPhase(decoded.current ? 'ready' : 'loading');
  }, [canRepeat]);

  return {
    phase,
    waitingFor,
    containerRef,
    start,
    reset,
    measurement,
    hiddenAt,
    exposuresMs,
    interrupted: prior !== undefined,
    canRepeat,
    repeat,
  };
}
