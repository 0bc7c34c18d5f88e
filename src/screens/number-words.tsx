import { useTranslation } from 'react-i18next';
import { languagePack } from '../content/language-packs';
import { languageLabel } from '../content/languages';
import type { ChildLanguage } from '../content/types';
import { DraftLanguageNote } from './draft-language-note';

/**
 * 'Zahlwörter' (docs/product.md, "The educator understands the child"): the button in the educator's bar that opens and closes the
 * number words of the child's language with one tap.
 */
export function NumberWordsButton({
  open,
  listId,
  onToggle,
}: {
  open: boolean;
  listId: string;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="educator-button number-words-button"
      aria-expanded={open}
      aria-controls={listId}
      onClick={onToggle}
    >
      {t('numberWords.button')}
    </button>
  );
}

/**
 * The number words 0–20 of the child's language with a German pronunciation aid, from the language
 * pack's `numberWords`, so that the educator understands "yedi", "sabʿa" or "șapte". Shown inside the
 * educator's bar, beneath the child's task (never over it), and never spoken.
 */
export function NumberWordsList({
  language,
  listId,
  onClose,
}: {
  language: ChildLanguage;
  listId: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const languageName = languageLabel(language);
  const title = t('numberWords.title', { language: languageName });
  return (
    <section id={listId} className="number-words" aria-label={title}>
      <div className="number-words-head">
        <h2 className="number-words-title">{title}</h2>
        <button type="button" className="educator-button" onClick={onClose}>
          {t('numberWords.close')}
        </button>
      </div>
      <p className="number-words-note">{t('numberWords.note')}</p>
      <DraftLanguageNote languages={[language]} className="number-words-note" />
      <ol className="number-words-list" start={0}>
        {languagePack(language).numberWords.map((entry, number) => (
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
  );
}
