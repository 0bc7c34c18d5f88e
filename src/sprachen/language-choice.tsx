import { useTranslation } from 'react-i18next';
import { childLanguages, languageName } from '../content/languages';

/** The child languages a Sprachprüfung may review (docs/product.md §50): every pack but German. */
const REVIEWED_LANGUAGES = childLanguages.filter((code) => code !== 'de');

/** 'Türkisch, Arabisch' for an account's language codes. */
export const languageList = (codes: readonly string[]) => codes.map(languageName).join(', ') || '–';

/** The languages of a Sprachprüfung on /verwaltung's account form: one checkbox each. */
export function LanguageChoice({ chosen, onChange }: { chosen: string[]; onChange(codes: string[]): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="verwaltung-sites">
      <legend>{t('verwaltung.accounts.languages')}</legend>
      <p className="auswertung-hint">{t('verwaltung.accounts.languagesHint')}</p>
      {REVIEWED_LANGUAGES.map((code) => (
        <label key={code} className="verwaltung-check">
          <input
            type="checkbox"
            checked={chosen.includes(code)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, code] : chosen.filter((entry) => entry !== code))
            }
          />
          {languageName(code)}
        </label>
      ))}
    </fieldset>
  );
}
