import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languagePack } from '../content/language-packs';
import type { ChildLanguage } from '../content/types';

/**
 * 'Zahlwörter' (docs/product.md §31): the number words 0–20 of the child's language with a German
 * pronunciation aid, from the language pack's `numberWords`, so that the educator understands
 * "yedi", "sabʿa" or "șapte". The list opens inside the educator's bar, beneath the child's task
 * (never over it), is never spoken, and closes with one tap on the same button or on 'Schließen'.
 */
export function NumberWords({ language }: { language: ChildLanguage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const pack = languagePack(language);
  const languageName = t(`userData.languages.${language}`);
  return (
    <>
      <button
        type="button"
        className="educator-button number-words-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {t('numberWords.button')}
      </button>
      {open && (
        <section
          id={listId}
          className="number-words"
          aria-label={t('numberWords.title', { language: languageName })}
        >
          <div className="number-words-head">
            <h2 className="number-words-title">{t('numberWords.title', { language: languageName })}</h2>
            <button type="button" className="educator-button" onClick={() => setOpen(false)}>
              {t('numberWords.close')}
            </button>
          </div>
          <p className="number-words-note">{t('numberWords.note')}</p>
          <ol className="number-words-list" start={0}>
            {pack.numberWords.map((entry, number) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the number, the list never reorders
              <li key={number} className="number-word" data-number={number}>
                <span className="number-word-digit">{number}</span>
                <span className="number-word-word" lang={language} dir="auto">
                  {entry.word}
                </span>
                <span className="number-word-say">{entry.say}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
