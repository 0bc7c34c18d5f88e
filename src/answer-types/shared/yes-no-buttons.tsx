import './yes-no-buttons.css';
import { useTranslation } from 'react-i18next';
import { NO, YES } from './yes-no';

/** 'Ja' and 'Nein'; hands over '0' or '1'. */
export function YesNoButtons({ onChoose }: { onChoose(answer: typeof YES | typeof NO): void }) {
  const { t } = useTranslation();
  return (
    <div className="yes-no">
      <button type="button" className="button button-yes" onClick={() => onChoose(YES)}>
        {t('common.yes')}
      </button>
      <button type="button" className="button button-no" onClick={() => onChoose(NO)}>
        {t('common.no')}
      </button>
    </div>
  );
}
