import './understanding-question.css';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GERMAN } from '../../schemas/test-languages';
import { languagePack } from '../content/language-packs';
import type { ChildLanguage } from '../content/types';
import { UNDERSTANDINGS, type Understanding } from '../domain/facts';

/**
 * 'Hat das Kind die Ansage verstanden?' beneath the sound check (docs/product.md §39): the educator
 * records 'ja', 'teilweise' or 'nein' before 'Start'. 'nein' suggests going back to the details for
 * another language the child knows; the test may still start in this one. In a test without sound
 * the hint says how the child hears the sample anyway, and shows it.
 */
export function UnderstandingQuestion({
  language,
  value,
  silent,
  onChange,
  onOtherLanguage,
  missing = false,
  ref,
}: {
  language: ChildLanguage;
  value: Understanding | null;
  /** The device cannot speak every text: the sample is shown to be read aloud. */
  silent: boolean;
  onChange(value: Understanding): void;
  onOtherLanguage(): void;
  /** 'Start' was tapped without an answer: the box is marked until one is chosen. */
  missing?: boolean;
  /** 'Start' without an answer brings the question into view. */
  ref?: Ref<HTMLFieldSetElement>;
}) {
  const { t } = useTranslation();
  const name = useId();
  const hintId = useId();
  const sample = languagePack(language).soundCheck;
  return (
    <fieldset
      ref={ref}
      className={missing ? 'understanding is-missing' : 'understanding'}
      aria-describedby={hintId}
      data-testid="understanding"
      tabIndex={-1}
    >
      <legend className="understanding-question">{t('understanding.question')}</legend>
      <div id={hintId} className="understanding-hint">
        <p>{silent ? t('understanding.hintSilent') : t('understanding.hint')}</p>
        {silent && sample && (
          <p className="understanding-sample">
            {t('understanding.sample')}: „
            <span lang={language} dir="auto">
              {sample}
            </span>
            “
          </p>
        )}
      </div>
      <div className="understanding-choices">
        {UNDERSTANDINGS.map((choice) => (
          <label key={choice} className="understanding-choice">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span>{t(`understanding.values.${choice}`)}</span>
          </label>
        ))}
      </div>
      {value === 'no' && (
        <div className="understanding-no" role="status">
          <p className="understanding-no-heading">{t('understanding.noHeading')}</p>
          <p>{t(language === GERMAN ? 'understanding.noTextGerman' : 'understanding.noText')}</p>
          <button type="button" className="button button-secondary" onClick={onOtherLanguage}>
            {t('understanding.otherLanguage')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
