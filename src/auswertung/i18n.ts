import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deAuswertung } from '../i18n/de-auswertung';
import { deVerwaltung } from '../i18n/de-verwaltung';
import { LANGUAGE_VARIABLES } from './language-texts';

/**
 * The i18next instance of /auswertung and /verwaltung: only their strings (they share the login and
 * the Protokoll), so the child's app never loads them.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  resources: { de: { translation: { auswertung: deAuswertung, verwaltung: deVerwaltung } } },
  // {{reference}} and the other language names come from the packs (./language-texts.ts).
  interpolation: { escapeValue: false, defaultVariables: LANGUAGE_VARIABLES },
  initAsync: false,
  returnNull: false,
});
