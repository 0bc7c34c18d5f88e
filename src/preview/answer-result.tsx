import { useTranslation } from 'react-i18next';
import { answerTypeOf } from '../answer-types/registry';
import { answerText } from '../answer-types/shared/answer-text';
import type { ServedQuestion } from '../content/types';
import type { PreviewAnswerMessage } from './messages';

/** The score of an answer given in the preview, as the test would have counted it. */
export function AnswerResult({
  question,
  answer,
}: {
  question: ServedQuestion;
  answer: PreviewAnswerMessage | null;
}) {
  const { t } = useTranslation();
  if (!answer) {
    return (
      <div className="preview-answer preview-answer-waiting" role="status">
        {t('preview.awaitingAnswer')}
      </div>
    );
  }
  const { submission } = answer;
  const answerType = answerTypeOf(question.answerType);
  const correctAnswer = answerText(answerType.displayCorrect(question.correctAnswer), t);
  const timerInterval = 'timerInterval' in question ? question.timerInterval : undefined;
  return (
    <div
      className={`preview-answer ${submission.correct ? 'preview-answer-correct' : 'preview-answer-wrong'}`}
      role="status"
      data-correct={submission.correct}
    >
      <p className="preview-answer-verdict">
        {submission.correct ? t('preview.correct') : t('preview.wrong', { answer: correctAnswer })}
      </p>
      <p className="preview-answer-given">
        {t('preview.givenAnswer', {
          answer: answerText(answerType.display(submission), t),
        })}
      </p>
      <p className="preview-answer-details">
        {t('preview.responseTime', {
          seconds: (submission.responseTimeMs / 1000).toFixed(1).replace('.', ','),
        })}
        {submission.exposureMs !== undefined &&
          ` · ${t('preview.exposure', { ms: Math.round(submission.exposureMs), target: timerInterval ?? '–' })}`}
        {submission.tries !== undefined && ` · ${t('preview.tries', { count: submission.tries })}`}
      </p>
      <p className="preview-answer-note">{t('preview.notRecorded')}</p>
    </div>
  );
}
