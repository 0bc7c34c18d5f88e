import './yes-no-buttons.css';
import { useTranslation } from 'react-i18next';
import { GERMAN } from '../../../schemas/test-languages';
import { languagePack } from '../../content/language-packs';
import { textDirection } from '../../content/languages';
import type { ChildLanguage } from '../../content/types';
import { NO, YES } from './yes-no';

/**
 * 'Ja' and 'Nein', each with the child's word beneath (Ja · Evet, docs/product.md §16), from the
 * language pack; hands over '0' or '1'. The child's word is for the child's eyes: the button's
 * name stays the German word the educator knows. A test in German shows the word once.
 */
export function YesNoButtons({
  language,
  onChoose,
}: {
  language: ChildLanguage;
  onChoose(answer: typeof YES | typeof NO): void;
}) {
  const { t } = useTranslation();
  const pack = languagePack(language);
  const childWord = (word: string) =>
    language !== GERMAN && (
      <span className="yes-no-child" lang={language} dir={textDirection(language)} aria-hidden="true">
        {word}
      </span>
    );
  return (
    <div className="yes-no">
      <button type="button" className="button button-yes" onClick={() => onChoose(YES)}>
        <span className="yes-no-de">{t('common.yes')}</span>
        {childWord(pack.yes)}
      </button>
      <button type="button" className="button button-no" onClick={() => onChoose(NO)}>
        <span className="yes-no-de">{t('common.no')}</span>
        {childWord(pack.no)}
      </button>
    </div>
  );
}
