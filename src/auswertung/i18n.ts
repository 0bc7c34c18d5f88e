import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deAuswertung } from '../i18n/de-auswertung';

/** The page's own i18next instance: only its strings, so the child's app never loads them. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  resources: { de: { translation: { auswertung: deAuswertung } } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
