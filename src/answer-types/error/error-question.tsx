import './error.css';
import { useTranslation } from 'react-i18next';
import type { RendererProps } from '../types';

/**
 * What a question that cannot be served shows (unknown id, language without texts). Nothing can
 * be answered; the operator restarts the test.
 */
export function ErrorQuestion({ onRestart }: RendererProps<'Error'>) {
  const { t } = useTranslation();
  return (
    <div className="question error-question" role="alert">
      <p className="error-title">{t('error.title')}</p>
      <p className="error-text">{t('error.restart')}</p>
      <button type="button" className="button button-primary" onClick={onRestart}>
        {t('error.restartButton')}
      </button>
    </div>
  );
}
