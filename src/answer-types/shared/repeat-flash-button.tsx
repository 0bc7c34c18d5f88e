import { useTranslation } from 'react-i18next';
import type { Flash } from './use-flash';

/**
 * 'Bild nochmal zeigen' for the educator when the child missed the flash (docs/product.md §19):
 * once per question, small and apart from the child's answer buttons. Both exposures are recorded.
 */
export function RepeatFlashButton({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  if (!flash.canRepeat) return null;
  return (
    <button type="button" className="educator-action" lang="de" dir="ltr" onClick={flash.repeat}>
      {t('flash.repeat')}
    </button>
  );
}
