import { useTranslation } from 'react-i18next';
import { answerTypeOf } from '../answer-types/registry';
import { answerText } from '../answer-types/shared/answer-text';
import type { Question } from '../content/types';

/** The German reference texts of the question, beside the child's screen. */
export function GermanReference({ question }: { question: Question }) {
  const { t } = useTranslation();
  const german = question.texts.de;
  return (
    <aside className="preview-german" lang="de" aria-labelledby="preview-german-heading">
      <h2 id="preview-german-heading">{t('preview.german.heading')}</h2>
      <dl>
        <dt>{t('preview.german.situationText')}</dt>
        <dd data-field="situationText">{german.situationText}</dd>
        <dt>{t('preview.german.questionText')}</dt>
        <dd data-field="questionText">{german.questionText}</dd>
        {german.answerText && (
          <>
            <dt>{t('preview.german.answerText')}</dt>
            <dd data-field="answerText">{german.answerText}</dd>
          </>
        )}
        <dt>{t('preview.german.correctAnswer')}</dt>
        <dd data-field="correctAnswer">
          {answerText(answerTypeOf(question.answerType).displayCorrect(question.correctAnswer), t)}
        </dd>
      </dl>
    </aside>
  );
}
