import './ready-button.css';
import { useTranslation } from 'react-i18next';
import { NO_SOUND_UNLOCK } from '../../speech/prepare-sound';
import type { Flash } from './use-flash';

/**
 * 'Bereit': works only once every picture of the flash is decoded and sound started by an earlier
 * tap has settled, so that its tap shows the pictures at once; its tap unlocks no sound. While it
 * waits, the line under it tells the educator why.
 */
export function ReadyButton({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  const loading = flash.phase === 'loading';
  const waiting =
    flash.waitingFor === 'pictures'
      ? t('common.loadingPictures')
      : flash.waitingFor === 'sound'
        ? t('common.preparingSound')
        : undefined;
  return (
    <>
      <button
        type="button"
        className="button button-primary button-big"
        disabled={loading}
        aria-busy={loading}
        title={waiting}
        onClick={flash.start}
        {...NO_SOUND_UNLOCK}
      >
        {t('common.ready')}
      </button>
      <p className="ready-wait" role="status">
        {waiting}
      </p>
    </>
  );
}
