import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageLabel } from '../content/languages';
import { useStore } from '../store';
import { DraftLanguageNote } from './draft-language-note';
import { SoundCheck, useSoundGate } from './sound-check';
import { TestChecklist } from './test-checklist';

/**
 * docs/product.md §26: 'Bist du bereit?' and a big 'Start' that leads to the first transition. Below
 * it, for the educator (§15, §17): whom and in which language she tests, 'Zurück' to correct that,
 * and whether her German line shows on the question screens. Nothing here has focus or sits in a
 * form, so an Enter from the details screen never starts the test.
 */
export function StartScreen() {
  const { t } = useTranslation();
  const goTo = useStore((s) => s.goTo);
  const user = useStore((s) => s.user);
  const language = user.language;
  const educatorLine = useStore((s) => s.educatorLine);
  const setEducatorLine = useStore((s) => s.setEducatorLine);
  const backToDetails = useStore((s) => s.backToDetails);
  const switchId = useId();
  const sound = useSoundGate(
    language,
    useCallback(() => goTo('transition'), [goTo]),
  );
  return (
    <div className="start">
      <h1 className="start-title">{t('start.title')}</h1>
      <button
        type="button"
        className="button button-primary button-start"
        onClick={sound.start}
        aria-busy={sound.waiting}
      >
        {t('start.start')}
      </button>
      <section className="start-details" aria-label={t('start.detailsLabel')}>
        <p className="start-child">
          {t('start.child')}:{' '}
          <strong data-testid="start-name">{user.name.trim() || t('start.noName')}</strong>
          {' · '}
          {t('start.language')}: <strong data-testid="start-language">{languageLabel(user.language)}</strong>
        </p>
        <DraftLanguageNote languages={[user.language]} className="start-draft" />
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
      <SoundCheck gate={sound} />
    </div>
  );
}
