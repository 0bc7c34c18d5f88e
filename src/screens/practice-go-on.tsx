import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { mayGoOnFromPractice } from '../store/slices';

/**
 * 'Weiter' in the educator's bar on a practice question after its second wrong try
 * (docs/product.md §6): never among the child's controls. The practice is recorded as skipped,
 * with its tries, and the test goes on; practice is never scored or sent either way.
 */
export function PracticeGoOn() {
  const { t } = useTranslation();
  const offered = useStore(mayGoOnFromPractice);
  const wrongTries = useStore((s) => s.practice?.wrongTries ?? 0);
  const skipPractice = useStore((s) => s.skipPractice);
  const noteId = useId();
  if (!offered) return null;
  return (
    <div className="practice-go-on">
      <p id={noteId} className="practice-go-on-note">
        {t('practice.goOnNote', { count: wrongTries })}
      </p>
      <button type="button" className="educator-button" aria-describedby={noteId} onClick={skipPractice}>
        {t('practice.goOn')}
      </button>
    </div>
  );
}
