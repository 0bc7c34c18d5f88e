import { use, useEffect, useState } from 'react';
import { AccessScreen } from '../screens/access-screen';
import { storedSessionRunning } from '../store/session-key';
import { type Chunk, ChunkBoundary, trackChunk } from './chunk';
import './app.css';

/*
 * The first screen without the rest of the app. The access screen needs only React; the app
 * (i18next, the store, the questions and every other screen) is a chunk that loads right after the
 * first frame is painted, so that on a slow connection it does not compete with that frame, and is
 * there long before the passphrase is typed (npm run bench: initial JS, Lighthouse).
 */
let app: Chunk<typeof import('./app')> | undefined;

/** Starts loading the app, once. */
function startApp(): Chunk<typeof import('./app')> {
  if (!app) {
    app = trackChunk(import('./app'));
    // The app's own lazy screens start downloading now too, not only once the app chunk has run: one
    // round trip instead of two, so a connection that drops right after the page opened still got
    // them. Failures are reported where the screens are used (app.tsx).
    for (const screen of [import('../screens/question-screen'), import('../screens/result-screen')]) {
      screen.catch(() => undefined);
    }
  }
  return app;
}

/** Runs `callback` once the first frame has been painted (or after 100 ms, e.g. in a hidden tab). */
function afterFirstPaint(callback: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    callback();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // requestAnimationFrame runs just before the frame is painted; a task queued from it runs after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0);
  });
  const fallback = setTimeout(once, 100);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

// A reload in the middle of a test goes straight to the app, so there is no first screen to paint
// before it: the app loads at once, as early as possible.
const resumingTest = storedSessionRunning();
if (resumingTest) startApp();

export function Boot() {
  // Otherwise the access screen comes first.
  const [granted, setGranted] = useState(resumingTest);
  useEffect(() => afterFirstPaint(startApp), []);

  if (granted) return <GrantedApp />;
  const onGranted = () => {
    startApp()
      .then(({ grantAccess }) => {
        grantAccess();
        setGranted(true);
      })
      .catch(() => setGranted(true)); // shows LoadFailed
  };
  return (
    <main className="app app-access" data-screen="access">
      <AccessScreen onGranted={onGranted} />
    </main>
  );
}

/** The app once access is granted (or a test resumes): rendered as soon as its chunk is there. */
function GrantedApp() {
  return (
    <ChunkBoundary>
      <LoadedApp />
    </ChunkBoundary>
  );
}

function LoadedApp() {
  const { App } = use(startApp());
  return <App />;
}
