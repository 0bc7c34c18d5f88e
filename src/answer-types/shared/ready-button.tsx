import { useTranslation } from 'react-i18next';
import { NO_SOUND_UNLOCK } from '../../speech/prepare-sound';
import type { Flash } from './use-flash';

/**
 * 'Bereit': works only once every picture of the flash is decoded and sound started by an earlier
 * tap has settled, so that its tap shows the pictures at once; its tap unlocks no sound.
 */
export function ReadyButton({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  const loading = flash.phase === 'loading';
  return (
    <button
      type="button"
      className="button button-primary button-big"
      disabled={loading}
      aria-busy={loading}
      title={
        flash.waitingFor === 'pictures'
          ? t('common.loadingPictures')
          : flash.waitingFor === 'sound'
            ? t('common.preparingSound')
            : undefined
      }
      onClick={flash.start}
      {...NO_SOUND_UNLOCK}
    >
      {t('common.ready')}
    </button>
  );
}
