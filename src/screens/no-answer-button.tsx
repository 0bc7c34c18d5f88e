import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pauseAnswerClocks } from '../answer-types/shared/use-answer-clock';
import { ConfirmDialog } from '../ui/dialog';
import { recordNoAnswer } from './no-answer-target';

/**
 * 'Weiß nicht' (docs/product.md, "The educator understands the child"): small, in the educator's bar, never among the child's answers.
 * One tap asks, the confirmation records the question as "keine Antwort" (0 points, kept apart from
 * a wrong answer) and the test goes on, so a stray tap records nothing. While it asks, the answer
 * clock stands still.
 */
export function NoAnswerButton() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  useEffect(() => (asking ? pauseAnswerClocks() : undefined), [asking]);
  return (
    <>
      <button type="button" className="educator-button no-answer" onClick={() => setAsking(true)}>
        {t('noAnswer.button')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('noAnswer.title')}
          message={t('noAnswer.confirm')}
          back={t('noAnswer.back')}
          goOn={t('noAnswer.goOn')}
          onBack={() => setAsking(false)}
          onGoOn={() => {
            setAsking(false);
            recordNoAnswer();
          }}
        />
      )}
    </>
  );
}
