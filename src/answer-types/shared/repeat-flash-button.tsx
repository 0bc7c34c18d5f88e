import './repeat-flash-button.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Flash } from './use-flash';

/**
 * 'Bild nochmal zeigen' for the educator when the child missed the flash (docs/product.md §19):
 * once per question, small and apart from the child's answer buttons, with its rule beside it (only
 * when the child could not see the picture; noted in the result). Both exposures are recorded.
 */
export function RepeatFlashButton({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  const ruleId = useId();
  if (!flash.canRepeat) return null;
  return (
    <div className="repeat-flash" lang="de" dir="ltr">
      <button type="button" className="educator-action" aria-describedby={ruleId} onClick={flash.repeat}>
        {t('flash.repeat')}
      </button>
      <p id={ruleId} className="repeat-flash-rule">
        {t('flash.repeatRule')}
      </p>
    </div>
  );
}
