import './silent-badge.css';
import { useTranslation } from 'react-i18next';
import { useTestSound } from '../speech/sound-availability';
import { useStore } from '../store';

/**
 * 'ohne Ton' in the educator's bar on every screen of a test the child cannot hear, or hears only
 * in part (docs/product.md §14): the educator must read those texts aloud. Absent while the voices
 * are still sought and whenever every text can be spoken.
 */
export function SilentBadge() {
  const { t } = useTranslation();
  const language = useStore((s) => s.user.language);
  const found = useTestSound(language);
  if (!found || found.unspoken === 0) return null;
  return (
    <p className="silent-badge" data-testid="silent-badge">
      {found.recorded === 0 ? t('soundGuide.badge') : t('soundGuide.badgePartly')}
    </p>
  );
}
