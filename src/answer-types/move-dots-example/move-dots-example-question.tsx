import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { spokenPracticeFeedback } from '../../speech/practice-feedback';
import { AnswerForm } from '../shared/answer-form';
import { MoveDotsBoard } from '../shared/move-dots-board';
import { PracticeDialog } from '../shared/practice-dialog';
import { PracticeLogContext } from '../shared/practice-log';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import type { AnswerSubmission, RendererProps } from '../types';
import { moveDotsExample } from './answer-type';

/**
 * Practice of moving dots: feedback in a dialog; after a wrong answer the box is empty again and the
 * child tries again, until the answer is right or the educator goes on (docs/product.md §6).
 */
export function MoveDotsExampleQuestion({ question, language, onAnswer }: RendererProps<'MoveDotsExample'>) {
  const { t } = useTranslation();
  const log = useContext(PracticeLogContext);
  const [dotsInBox, setDotsInBox] = useState(0);
  // Wrong tries before a reload count too: the record says how many it took.
  const [tries, setTries] = useState(log.priorWrongTries);
  const [feedback, setFeedback] = useState<{ correct: AnswerSubmission | null } | null>(null);
  const clock = useAnswerClock();

  const submit = () => {
    const attempt = tries + 1;
    setTries(attempt);
    const givenAnswer = String(dotsInBox);
    const correct = moveDotsExample.score(givenAnswer, question.correctAnswer);
    const submission: AnswerSubmission = {
      givenAnswer,
      correct,
      responseTimeMs: clock.elapsed(),
      tries: attempt,
      entry: { kind: 'dots', count: dotsInBox },
    };
    if (!correct) log.missed(submission);
    setFeedback({ correct: correct ? submission : null });
  };
  const close = () => {
    if (feedback?.correct) onAnswer(feedback.correct);
    else {
      setFeedback(null);
      // The retry starts from an empty box, as the first try did.
      setDotsInBox(0);
    }
  };

  return (
    <div className="question">
      <QuestionTexts texts={question.currentTexts} language={language} />
      <MoveDotsBoard
        dotRow={question.dotRow}
        dotImages={question.dotImages}
        dotsInBox={dotsInBox}
        onChange={setDotsInBox}
      />
      <AnswerForm onSubmit={submit} />
      {feedback && (
        <PracticeDialog
          message={
            feedback.correct
              ? t('practice.correct')
              : t('practice.wrongNumber', { answer: String(question.correctAnswer) })
          }
          spoken={spokenPracticeFeedback(
            language,
            feedback.correct ? { kind: 'correct' } : { kind: 'wrong-number', answer: question.correctAnswer },
          )}
          picture={feedback.correct ? { kind: 'correct' } : { kind: 'dots', count: question.correctAnswer }}
          onClose={close}
        />
      )}
    </div>
  );
}
