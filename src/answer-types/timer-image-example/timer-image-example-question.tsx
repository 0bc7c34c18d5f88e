import { useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { spokenPracticeFeedback } from '../../speech/practice-feedback';
import { yesNoEntry } from '../shared/display';
import { FlashPictures } from '../shared/flash-pictures';
import { PracticeDialog } from '../shared/practice-dialog';
import { PracticeLogContext } from '../shared/practice-log';
import { QuestionTexts } from '../shared/question-texts';
import { ReadyButton } from '../shared/ready-button';
import { useFlashedAnswer } from '../shared/use-flashed-answer';
import { NO, YES } from '../shared/yes-no';
import { YesNoButtons } from '../shared/yes-no-buttons';
import type { AnswerSubmission, RendererProps } from '../types';
import { timerImageExample } from './answer-type';

type Feedback = { kind: 'correct'; submission: AnswerSubmission } | { kind: 'wrong'; given: string };

/**
 * Practice of the image comparison. A wrong answer shows the right one and lets the child try
 * again, with the pictures shown again on 'Bereit', until the answer is right (recorded once) or
 * the educator goes on (docs/product.md §6).
 */
export function TimerImageExampleQuestion({
  question,
  language,
  onAnswer,
}: RendererProps<'TimerImageExample'>) {
  const { t } = useTranslation();
  const pictures = useMemo(
    () => [question.timerImage, question.timerImage2],
    [question.timerImage, question.timerImage2],
  );
  const { flash, timing } = useFlashedAnswer(pictures, question.timerInterval);
  const log = useContext(PracticeLogContext);
  // Wrong tries before a reload count too: the record says how many it took.
  const [tries, setTries] = useState(log.priorWrongTries);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const choose = (givenAnswer: string) => {
    const attempt = tries + 1;
    setTries(attempt);
    const correct = timerImageExample.score(givenAnswer, question.correctAnswer);
    const submission: AnswerSubmission = {
      givenAnswer,
      correct,
      ...timing(),
      tries: attempt,
      entry: yesNoEntry(givenAnswer),
    };
    if (correct) setFeedback({ kind: 'correct', submission });
    else {
      log.missed(submission);
      setFeedback({ kind: 'wrong', given: givenAnswer });
    }
  };

  const close = () => {
    if (feedback?.kind === 'correct') onAnswer(feedback.submission);
    else {
      setFeedback(null);
      flash.reset();
    }
  };

  const texts = question.currentTexts;
  const message =
    feedback?.kind === 'correct'
      ? t('practice.correct')
      : String(question.correctAnswer) === NO
        ? t('practice.wrongYes')
        : t('practice.wrongNo');
  return (
    <div className="question">
      {flash.phase !== 'showing' && <QuestionTexts texts={texts} language={language} />}
      {(flash.phase === 'loading' || flash.phase === 'ready') && <ReadyButton flash={flash} />}
      <FlashPictures flash={flash} pictures={pictures} />
      {flash.phase === 'done' && !feedback && <YesNoButtons language={language} onChoose={choose} />}
      {feedback && (
        <PracticeDialog
          message={message}
          spoken={spokenPracticeFeedback(
            language,
            feedback.kind === 'correct'
              ? { kind: 'correct' }
              : { kind: 'wrong-yes-no', rightIsNo: String(question.correctAnswer) === NO },
          )}
          picture={
            feedback.kind === 'correct'
              ? { kind: 'correct' }
              : { kind: 'yes-no', answer: String(question.correctAnswer) === NO ? NO : YES, language }
          }
          onClose={close}
        />
      )}
    </div>
  );
}
