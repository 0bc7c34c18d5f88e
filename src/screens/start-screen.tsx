import { useTranslation } from 'react-i18next';
import { useStore } from '../store';

/** docs/product.md §26: 'Bist du bereit?' and a big 'Start' that leads to the first transition. */
export function StartScreen() {
  const { t } = useTranslation();
  const goTo = useStore((s) => s.goTo);
  return (
    <div className="start">
      <h1 className="start-title">{t('start.title')}</h1>
      <button type="button" className="button button-primary button-start" onClick={() => goTo('transition')}>
        {t('start.start')}
      </button>
    </div>
  );
}
