// Run in the page before 'Bereit' is pressed (the app's and the jsPsych anchor's alike). It records
// the page's own view of a flash without asking the app anything, and without itself changing
// anything on screen: an earlier version changed a 1 px sentinel in every frame to be called back
// after layout, and that extra layout and paint slowed WebKitGTK's frames to about 25 ms.
//
// - frames: the timestamp of every animation frame (a bare requestAnimationFrame loop, which adds no
//   style, layout or paint work), to see long frames.
// - changes: whenever the DOM changes (MutationObserver, a microtask right after the change), how many
//   pictures are visible (`window.__benchPictureSelector`, default the app's flash; loaded and visible
//   by CSS) and whether the transition screen is up; `t` is when the change was made and `frame` the
//   timestamp of the animation frame that paints it: the frame whose callback made it, or else the
//   next one. The page's estimate of a time on screen is the difference of two such `frame`s.
// - clicks: event time and the clicked button's text.
(() => {
  const PICTURES = window.__benchPictureSelector ?? '[data-flash="shown"] img';
  const TRANSITION_SCREEN = '.transition';

  const probe = {
    frames: [],
    changes: [],
    clicks: [],
    reset() {
      probe.frames.length = 0;
      probe.changes.length = 0;
      probe.clicks.length = 0;
      last = '';
      look();
    },
  };
  Object.defineProperty(window, '__benchProbe', { value: probe });

  let last = '';

  const visiblePictures = () => {
    let count = 0;
    for (const img of document.querySelectorAll(PICTURES)) {
      const loaded = img.complete && img.naturalWidth > 0;
      if (loaded && img.checkVisibility({ visibilityProperty: true, opacityProperty: true })) count++;
    }
    return count;
  };

  // `inFrame`: the timestamp of the animation frame whose callback is running, else null.
  const look = (inFrame = null) => {
    const pictures = visiblePictures();
    const transition = document.querySelector(TRANSITION_SCREEN) !== null;
    const state = `${pictures}|${transition}`;
    if (state === last) return;
    last = state;
    const change = { t: performance.now(), frame: inFrame, pictures, transition };
    probe.changes.push(change);
    if (inFrame === null) {
      request((frame) => {
        change.frame = frame;
      });
    }
  };

  // A change made in an animation frame callback (the app's flash) is painted in that very frame:
  // the probe looks right after each such callback, before the MutationObserver would, and notes
  // that frame's timestamp. Callbacks the page requested before the probe came are not wrapped;
  // their changes count from the next frame, a frame late at most.
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    request((frame) => {
      try {
        callback(frame);
      } finally {
        look(frame);
      }
    });

  new MutationObserver(() => look()).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-flash', 'style', 'class', 'hidden'],
  });

  // A picture inserted while still loading (jsPsych's <img>) becomes visible when it has loaded.
  document.addEventListener('load', () => look(), true);

  const tick = (now) => {
    probe.frames.push(now);
    request(tick);
  };
  request(tick);

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
  look();
})();
