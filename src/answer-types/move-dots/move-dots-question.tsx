import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/dialog';
import { AnswerForm } from '../shared/answer-form';
import { MoveDotsBoard } from '../shared/move-dots-board';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import type { RendererProps } from '../types';
import { moveDots } from './answer-type';

/**
 * Move dots into the child's box; the answer is how many dots are in it. An empty box asks first
 * (docs/product.md §18): 'Antwort' before the child has moved a dot is more often a slip than an answer.
 */
export function MoveDotsQuestion({ question, language, onAnswer }: RendererProps<'MoveDots'>) {
  const { t } = useTranslation();
  const [dotsInBox, setDotsInBox] = useState(0);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const clock = useAnswerClock();
  const submit = () =>
    onAnswer({
      givenAnswer: String(dotsInBox),
      correct: moveDots.score(String(dotsInBox), question.correctAnswer),
      responseTimeMs: clock.elapsed(),
      entry: { kind: 'dots', count: dotsInBox },
    });
  return (
    <div className="question">
      <QuestionTexts texts={question.currentTexts} language={language} />
      <MoveDotsBoard
        dotRow={question.dotRow}
        dotImages={question.dotImages}
        dotsInBox={dotsInBox}
        onChange={setDotsInBox}
      />
      <AnswerForm onSubmit={() => (dotsInBox === 0 ? setConfirmEmpty(true) : submit())} />
      {confirmEmpty && (
        <ConfirmDialog
          title={t('question.emptyBoxTitle')}
          message={t('question.emptyBox')}
          back={t('question.emptyBoxBack')}
          goOn={t('question.emptyBoxGoOn')}
          onBack={() => setConfirmEmpty(false)}
          onGoOn={submit}
        />
      )}
    </div>
  );
}
