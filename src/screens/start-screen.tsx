import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageLabel } from '../content/languages';
import { useStore } from '../store';
import { DraftLanguageNote } from './draft-language-note';
import { SoundCheck, useSoundGate } from './sound-check';
import { TestChecklist } from './test-checklist';
import { UnderstandingQuestion } from './understanding-question';

/**
 * docs/product.md §26: 'Bist du bereit?' and a big 'Start' that leads to the first transition. Below
 * it, for the educator (§15, §17): whom and in which language she tests, 'Zurück' to correct that,
 * and whether her German line shows on the question screens. Nothing here has focus or sits in a
 * form, so an Enter from the details screen never starts the test. After the sound check she records
 * whether the child understood the spoken language (§39); 'Start' waits for that answer and says so.
 */
export function StartScreen() {
  const { t } = useTranslation();
  const goTo = useStore((s) => s.goTo);
  const user = useStore((s) => s.user);
  const language = user.language;
  // The test's own count, taken at 'Test beginnen', as its result will show it (docs/product.md §50).
  const count = useStore((s) => s.updates?.counts ?? null);
  const educatorLine = useStore((s) => s.educatorLine);
  const setEducatorLine = useStore((s) => s.setEducatorLine);
  const backToDetails = useStore((s) => s.backToDetails);
  const understanding = useStore((s) => s.understanding);
  const setUnderstanding = useStore((s) => s.setUnderstanding);
  const [missing, setMissing] = useState(false);
  const question = useRef<HTMLFieldSetElement>(null);
  const switchId = useId();
  const sound = useSoundGate(
    language,
    useCallback(() => goTo('transition'), [goTo]),
  );
  const start = () => {
    if (understanding) {
      sound.start();
      return;
    }
    // Never silently: the message says what is missing, and focus brings the question into view.
    setMissing(true);
    question.current?.focus();
  };
  const record = (value: NonNullable<typeof understanding>) => {
    setUnderstanding(value);
    setMissing(false);
  };
  return (
    <div className="start">
      <h1 className="start-title">{t('start.title')}</h1>
      <button
        type="button"
        className="button button-primary button-start"
        onClick={start}
        aria-busy={sound.waiting}
      >
        {t('start.start')}
      </button>
      {missing && (
        <p className="start-missing" role="alert">
          {t('understanding.missing')}
        </p>
      )}
      <section className="start-details" aria-label={t('start.detailsLabel')}>
        <p className="start-child">
          {t('start.child')}:{' '}
          <strong data-testid="start-name">{user.name.trim() || t('start.noName')}</strong>
          {' · '}
          {t('start.language')}:{' '}
          <strong data-testid="start-language">{languageLabel(user.language, count)}</strong>
        </p>
        <DraftLanguageNote languages={[user.language]} className="start-draft" count={count} />
        <div className="start-options">
          <label htmlFor={switchId} className="switch">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              aria-checked={educatorLine}
              checked={educatorLine}
              onChange={(e) => setEducatorLine(e.target.checked)}
            />
            <span>{t('start.educatorLine')}</span>
          </label>
          <button type="button" className="button button-secondary" onClick={backToDetails}>
            {t('start.back')}
          </button>
        </div>
      </section>
      <TestChecklist />
      <SoundCheck gate={sound}>
        <UnderstandingQuestion
          ref={question}
          language={language}
          value={understanding}
          silent={sound.found !== null && sound.found.unspoken > 0}
          onChange={record}
          onOtherLanguage={backToDetails}
          missing={missing}
        />
      </SoundCheck>
    </div>
  );
}
