import { useTranslation } from 'react-i18next';
import type { Question } from '../content/types';
import { type PreviewSelection, selectionHash } from './preview-hash';

/** Every question with id, level, answerType and its German question text; a link each. */
export function QuestionList({
  questions,
  currentId,
  selection,
}: {
  questions: readonly Question[];
  currentId: number | undefined;
  selection: PreviewSelection;
}) {
  const { t } = useTranslation();
  return (
    <nav className="preview-list" aria-labelledby="preview-list-heading">
      <h2 id="preview-list-heading" className="preview-list-heading">
        {t('preview.listLabel')}
      </h2>
      <div className="preview-list-row preview-list-head" aria-hidden="true">
        <span>{t('preview.columns.id')}</span>
        <span>{t('preview.columns.level')}</span>
        <span>{t('preview.columns.answerType')}</span>
      </div>
      <ol className="preview-list-items">
        {questions.map((question) => {
          const german = question.texts.de;
          return (
            <li key={question.id}>
              <a
                className="preview-list-row"
                href={selectionHash({ ...selection, id: question.id })}
                aria-current={question.id === currentId ? 'true' : undefined}
                title={`${german.situationText} ${german.questionText}`}
                data-question-id={question.id}
              >
                <span className="preview-list-id">{question.id}</span>
                <span>{question.level === 0 ? t('preview.practiceLevel') : question.level}</span>
                <span className="preview-list-type">{question.answerType}</span>
                <span className="preview-list-text">{german.questionText}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
