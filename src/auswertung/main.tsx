import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import './auswertung.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AuswertungPage } from './auswertung-page';
import { i18n } from './i18n';

const root = document.getElementById('root');
if (!root) console.error('Zähltest-Auswertung: #root fehlt, die Seite kann nicht starten.');
else
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AuswertungPage />
      </I18nextProvider>
    </StrictMode>,
  );
