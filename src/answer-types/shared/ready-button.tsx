import { useTranslation } from 'react-i18next';
import { NO_SOUND_UNLOCK } from '../../speech/prepare-sound';
import type { Flash } from './use-flash';

/** 'Bereit': works only once every picture of the flash is decoded; its tap unlocks no sound. */
export function ReadyButton({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  const loading = flash.phase === 'loading';
  return (
    <button
      type="button"
      className="button button-primary button-big"
      disabled={loading}
      aria-busy={loading}
      title={loading ? t('common.loadingPictures') : undefined}
      onClick={flash.start}
      {...NO_SOUND_UNLOCK}
    >
      {t('common.ready')}
    </button>
  );
}
