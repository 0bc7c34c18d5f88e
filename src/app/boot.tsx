import { useEffect, useReducer, useState } from 'react';
import { AccessScreen } from '../screens/access-screen';
import { storedSessionRunning } from '../store/session-key';
import { deferScreen } from './deferred-screen';
import { LoadFailed } from './load-failed';
import './app.css';

/*
 * The first screen without the rest of the app. The access screen needs only React; the app
 * (i18next, the store, the questions and every other screen) is a chunk that starts loading at once
 * and is there long before the passphrase is typed. This keeps i18next and the content out of what
 * the first screen waits for on a slow connection (npm run bench: initial JS).
 */
const appModule = import('./app');
const LoadedApp = deferScreen(appModule, (m) => m.App);
// The app's own lazy screens start downloading now too, not only once the app chunk has run: one
// round trip instead of two, so a connection that drops right after the page opened still got them.
// Failures are reported where the screens are used (app.tsx).
for (const screen of [import('../screens/question-screen'), import('../screens/result-screen')]) {
  screen.catch(() => undefined);
}

export function Boot() {
  // A reload in the middle of a test goes straight to the app; otherwise the access screen first.
  const [granted, setGranted] = useState(storedSessionRunning);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!LoadedApp.component) void LoadedApp.settled.then(rerender);
  }, []);

  const App = LoadedApp.component;
  if (granted && App) return <App />;
  if (granted) {
    return (
      <main className="app app-loading" aria-busy="true">
        {LoadedApp.failed && <LoadFailed />}
      </main>
    );
  }
  const onGranted = () => {
    appModule
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
