import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { spokenPracticeFeedback } from '../../speech/practice-feedback';
import { AnswerForm } from '../shared/answer-form';
import { MoveDotsBoard } from '../shared/move-dots-board';
import { PracticeDialog } from '../shared/practice-dialog';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import type { AnswerSubmission, RendererProps } from '../types';
import { moveDotsExample } from './answer-type';

/** Practice of moving dots: feedback in a dialog; a wrong answer may be corrected and tried again. */
export function MoveDotsExampleQuestion({ question, language, onAnswer }: RendererProps<'MoveDotsExample'>) {
  const { t } = useTranslation();
  const [dotsInBox, setDotsInBox] = useState(0);
  const [tries, setTries] = useState(0);
  const [feedback, setFeedback] = useState<{ correct: AnswerSubmission | null } | null>(null);
  const clock = useAnswerClock();

  const submit = () => {
    const attempt = tries + 1;
    setTries(attempt);
    const givenAnswer = String(dotsInBox);
    const correct = moveDotsExample.score(givenAnswer, question.correctAnswer);
    setFeedback({
      correct: correct
        ? {
            givenAnswer,
            correct,
            responseTimeMs: clock.elapsed(),
            tries: attempt,
            entry: { kind: 'dots', count: dotsInBox },
          }
        : null,
    });
  };
  const close = () => {
    if (feedback?.correct) onAnswer(feedback.correct);
    else setFeedback(null);
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
