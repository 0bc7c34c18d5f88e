import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childLanguages, languageLabel } from '../content/languages';
import type { Translate } from '../i18n';
import { pdfFileName } from '../results/pdf-file-name';
import { Dialog } from '../ui/dialog';
import type { LetterLabels } from './letter-pdf';

/**
 * The buttons that save a letter to the parents (docs/product.md, "Elternbrief und Ergebnisbrief"):
 * the PDF module and the letters' texts load with `import()` on the first press.
 */

/** The reference language: a letter in it has no second column. */
const GERMAN_ONLY = 'de';

export function letterLabels(t: Translate): LetterLabels {
  return {
    draft: t('letters.draft'),
    yourChild: t('letters.yourChild'),
    pageLabel: (page, pages) => t('letters.page', { page, pages }),
  };
}

/** 'Deutsch und Türkisch (Entwurf)', or 'Deutsch' for a child tested in German. */
export function letterLanguages(language: string, t: Translate): string {
  return language === GERMAN_ONLY
    ? t('letters.german')
    : t('letters.germanAnd', { language: languageLabel(language) });
}

/** 'Elternbrief_Name_TT.MM.JJJJ.pdf', 'Ergebnisbrief_…', from the results PDF's safe file name. */
export function letterFileName(
  kind: 'Elternbrief' | 'Ergebnisbrief',
  name: string,
  birthdate: string,
): string {
  return pdfFileName(name, birthdate).replace(/^Ergebnis_/, `${kind}_`);
}

/** A button that makes and saves a PDF, with its own 'wird erstellt' and failure state. */
export function LetterButton({
  children,
  className,
  save,
  label,
}: {
  children: ReactNode;
  className: string;
  /** Builds the letter and starts the download. */
  save(): Promise<unknown>;
  label?: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  async function press() {
    if (state === 'working') return;
    setState('working');
    try {
      const result = await save();
      console.info('Letter saved', result);
      setState('idle');
    } catch (error) {
      console.error('Letter failed', error);
      setState('failed');
    }
  }
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={press}
        disabled={state === 'working'}
        aria-label={label}
      >
        {state === 'working' ? t('letters.saving') : children}
      </button>
      {state === 'failed' && (
        <span className="field-problem letter-problem" role="alert">
          {t('letters.failed')}
        </span>
      )}
    </>
  );
}

/** The Elternbrief of one child: its name on the consent form, German beside the child's language. */
export function ParentLetterButton({
  name,
  birthdate,
  language,
  className = 'button button-secondary',
}: {
  name: string;
  birthdate: string;
  language: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <LetterButton
      className={className}
      label={t('letters.parentLetterNamed', {
        name: name || t('children.noName'),
        languages: letterLanguages(language, t),
      })}
      save={async () => {
        const { renderParentLetter, saveLetter } = await import('./letter-pdf');
        const pdf = renderParentLetter(language, name || undefined, letterLabels(t));
        return saveLetter(pdf, letterFileName('Elternbrief', name, birthdate));
      }}
    >
      {t('letters.parentLetter')}
    </LetterButton>
  );
}

/** 'Elternbrief ohne Namen': a button opening the choice of language, for a parents' evening. */
export function BlankLetter() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState(
    childLanguages.find((code) => code !== GERMAN_ONLY) ?? GERMAN_ONLY,
  );
  const id = useId();
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {t('letters.blank')}
      </button>
      {open && (
        <Dialog title={t('letters.blank')} onClose={() => setOpen(false)}>
          <p className="dialog-text">{t('letters.blankText')}</p>
          <div className="form-row">
            <label htmlFor={id} className="field-label">
              {t('letters.language')}
            </label>
            <select
              id={id}
              className="text-input"
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
              data-autofocus
            >
              {childLanguages
                .filter((code) => code !== GERMAN_ONLY)
                .map((code) => (
                  <option key={code} value={code}>
                    {languageLabel(code)}
                  </option>
                ))}
              <option value={GERMAN_ONLY}>{t('letters.germanOnly')}</option>
            </select>
          </div>
          <div className="dialog-buttons">
            <LetterButton
              className="button button-primary"
              save={async () => {
                const { renderParentLetter, saveLetter } = await import('./letter-pdf');
                const pdf = renderParentLetter(language, undefined, letterLabels(t));
                return saveLetter(pdf, `Elternbrief_${language}.pdf`);
              }}
            >
              {t('letters.save')}
            </LetterButton>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('letters.close')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
