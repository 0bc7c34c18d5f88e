import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isFrameHash } from '../preview/preview-hash';

// One page, two modes, as the authoring preview (src/preview/main.tsx): the review page, and inside it
// a frame with the child's screen, rendered by the preview's own frame page. Each mode loads only its
// own styles (the app's CSS must not restyle the review page).
const root = document.getElementById('root');
if (!root) console.error('Zähltest-Sprachprüfung: #root fehlt, die Seite kann nicht starten.');
else {
  const page = isFrameHash(window.location.hash)
    ? import('../preview/child-frame-page')
    : import('./sprachen-page');
  void page.then(({ Page }) =>
    createRoot(root).render(
      <StrictMode>
        <Page />
      </StrictMode>,
    ),
  );
}
