import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';

const root = document.getElementById('root');
if (!root) console.error('Zähltest: #root fehlt, die App kann nicht starten.');
else
  createRoot(root).render(
    <StrictMode>
      <Boot />
    </StrictMode>,
  );
