// Injected before the app's own scripts (Playwright addInitScript). It records, for every frame the
// page renders, the frame's time and what that frame shows, without asking the app anything.
//
// Why this is honest: a frame's content is the DOM and style as they stand after all of that frame's
// requestAnimationFrame callbacks have run and style and layout are done. ResizeObserver callbacks run
// exactly there (HTML "update the rendering": rAF callbacks, style, layout, resize observations,
// then paint), after the app's rAF callbacks whatever their order. A 1 px sentinel changes size every
// frame so the observer fires in each of them. The frame's time is the timestamp rAF hands to every
// callback of that frame (the frame's vsync time); on-screen time is the difference of two such frame
// times, which is what a display shows, up to its constant pipeline latency. A picture counts as shown
// when it is inside [data-flash="shown"], fully loaded, and visible by CSS (visibility and opacity).
(() => {
  const FLASH_PICTURES = '[data-flash="shown"] img';
  const TRANSITION_SCREEN = '.transition';

  const probe = {
    /** Frame times of every rendered frame since the last reset (to see dropped frames). */
    frames: [],
    /** One entry per frame in which what is shown changed: {t, pictures, transition}. */
    changes: [],
    /** Clicks: event time, handler time and the clicked button's text. */
    clicks: [],
    reset() {
      probe.frames.length = 0;
      probe.changes.length = 0;
      probe.clicks.length = 0;
      last = '';
    },
  };
  Object.defineProperty(window, '__benchProbe', { value: probe });

  let frameTime = 0;
  let last = '';
  let wide = false;
  let sentinel = null;

  const visiblePictures = () => {
    let count = 0;
    for (const img of document.querySelectorAll(FLASH_PICTURES)) {
      const loaded = img.complete && img.naturalWidth > 0;
      if (loaded && img.checkVisibility({ visibilityProperty: true, opacityProperty: true })) count++;
    }
    return count;
  };

  const observer = new ResizeObserver(() => {
    const pictures = visiblePictures();
    const transition = document.querySelector(TRANSITION_SCREEN) !== null;
    probe.frames.push(frameTime);
    const state = `${pictures}|${transition}`;
    if (state !== last) {
      last = state;
      probe.changes.push({ t: frameTime, pictures, transition });
    }
  });

  const tick = (now) => {
    frameTime = now;
    if (!sentinel && document.body) {
      sentinel = document.createElement('div');
      sentinel.setAttribute('aria-hidden', 'true');
      sentinel.style.cssText =
        'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none';
      document.body.append(sentinel);
      observer.observe(sentinel);
    }
    if (sentinel) {
      wide = !wide;
      sentinel.style.width = wide ? '2px' : '1px';
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);

  addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      probe.clicks.push({
        t: event.timeStamp,
        handledAt: performance.now(),
        label: button?.textContent ?? '',
      });
    },
    true,
  );
})();
