import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import './verwaltung.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../auswertung/i18n';
import { VerwaltungPage } from './verwaltung-page';

const root = document.getElementById('root');
if (!root) console.error('Zähltest-Verwaltung: #root fehlt, die Seite kann nicht starten.');
else
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <VerwaltungPage />
      </I18nextProvider>
    </StrictMode>,
  );
