import { use, useEffect, useState } from 'react';
import { AccessScreen } from '../screens/access-screen';
import { loadPasswordCheck } from '../screens/password-check';
import { clearExpiredSession, storedSessionFinished, storedSessionRunning } from '../store/session-key';
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

// A finished test older than 12 hours is cleared before anything shows it (docs/product.md §20).
clearExpiredSession();
// A reload or a reopened app in the middle of a test (or on its results) starts loading the app at
// once, but shows it only after the passphrase: the device may be shared, and the last child's
// name and answers are not for whoever opens it next (docs/product.md §20).
const resumingTest = storedSessionRunning();
const resumingFinished = resumingTest && storedSessionFinished();
if (resumingTest) {
  startApp();
  // The passphrase check too, so that a connection lost right after the reload still unlocks.
  loadPasswordCheck().catch(() => undefined);
}

export function Boot() {
  const [granted, setGranted] = useState(false);
  useEffect(() => afterFirstPaint(startApp), []);

  if (granted) return <GrantedApp />;
  const onGranted = () => {
    startApp()
      .then(({ grantAccess, sessionResumed }) => {
        // A resumed session stays where it stopped; otherwise on to the child's details. A stored
        // session sealed under a key still locked (an earlier passphrase of the Einrichtung, see
        // docs/product.md §51) was set aside and resumes nothing: on to the details as well. One
        // set aside earlier and continued on the access screen resumes.
        if (!sessionResumed()) grantAccess();
        setGranted(true);
      })
      .catch(() => setGranted(true)); // shows LoadFailed
  };
  return (
    <main className="app app-access" data-screen="access">
      <AccessScreen onGranted={onGranted} resuming={resumingTest} finished={resumingFinished} />
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
