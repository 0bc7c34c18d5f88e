import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_VARIABLES } from '../auswertung/language-texts';
import { deAuswertung } from '../i18n/de-auswertung';
import { deSprachen } from '../i18n/de-sprachen';
import { deVerwaltung } from '../i18n/de-verwaltung';

/** The i18next instance of /verwaltung/sprachen: the shared login's strings and the page's own. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  resources: {
    de: { translation: { auswertung: deAuswertung, verwaltung: deVerwaltung, sprachen: deSprachen } },
  },
  interpolation: { escapeValue: false, defaultVariables: LANGUAGE_VARIABLES },
  initAsync: false,
  returnNull: false,
});
