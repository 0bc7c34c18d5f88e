import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { leaveContentErrorsToThePreview } from './content-error-overlay';
import { isFrameHash } from './preview-hash';

leaveContentErrorsToThePreview();

// One page, two modes: the authoring page, and inside it a frame with the child's screen. Each
// mode loads only its own styles (the app's CSS must not restyle the authoring page).
const root = document.getElementById('root');
if (!root) console.error('Zähltest-Vorschau: #root fehlt, die Seite kann nicht starten.');
else {
  const page = isFrameHash(window.location.hash) ? import('./child-frame-page') : import('./authoring-page');
  void page.then(({ Page }) =>
    createRoot(root).render(
      <StrictMode>
        <Page />
      </StrictMode>,
    ),
  );
}
