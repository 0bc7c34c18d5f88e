import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de';
import type { deAuswertung } from './de-auswertung';
import type { deSprachen } from './de-sprachen';
import type { deVerwaltung } from './de-verwaltung';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The researchers' pages /auswertung and /verwaltung have their own strings (de-auswertung.ts,
    // de-verwaltung.ts) and their own i18next instance (src/auswertung/i18n.ts), so that the
    // child's app never downloads them; so has /verwaltung/sprachen (de-sprachen.ts, src/sprachen/i18n.ts).
    resources: {
      translation: typeof de & {
        auswertung: typeof deAuswertung;
        verwaltung: typeof deVerwaltung;
        sprachen: typeof deSprachen;
      };
    };
  }
}

/**
 * The German UI resource, initialised synchronously so the first render already has its strings.
 * The first screen (access, update notice, load failure) reads `de` directly instead: it is shown
 * before this chunk with i18next has loaded (see app/boot.tsx). Every string still lives in de.ts.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  resources: { de: { translation: de } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * `t` as a parameter of functions that build German texts outside a component (the results document,
 * the Verlauf). Spelled out instead of `ReturnType<typeof useTranslation>['t']`, which made TypeScript
 * hit its instantiation depth limit once de.ts passed some 800 keys. It returns the string's literal
 * type, so a list of texts needs its `string[]` written out.
 */
export type Translate = TFunction<'translation', undefined>;
