import '../shared/choices.css';
import './multiple-choice-with-images.css';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerForm } from '../shared/answer-form';
import { numberEntry } from '../shared/display';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import type { RendererProps } from '../types';
import { multipleChoiceWithImages } from './answer-type';

/**
 * Generic question with a radio button under one picture per choice (e.g. 11 flowers in a row,
 * counted from the left: on an upright phone the educator is asked to turn it, docs/product.md §23).
 */
export function MultipleChoiceWithImagesQuestion({
  question,
  language,
  onAnswer,
}: RendererProps<'MultipleChoiceWithImages'>) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const clock = useAnswerClock();
  return (
    <div className="question">
      <QuestionTexts texts={question.currentTexts} language={language} />
      <p className="rotate-hint" lang="de" dir="ltr">
        {t('question.rotatePhone')}
      </p>
      <AnswerForm
        ready={answer !== ''}
        onSubmit={() =>
          onAnswer({
            givenAnswer: answer,
            correct: multipleChoiceWithImages.score(answer, question.correctAnswer),
            responseTimeMs: clock.elapsed(),
            entry: numberEntry(answer),
          })
        }
      >
        <fieldset
          className="choices choices-images"
          style={{ '--choices': question.possibleAnswers.length } as CSSProperties}
        >
          <legend className="visually-hidden">{t('question.choicesLabel')}</legend>
          {question.possibleAnswers.map((choice) => (
            <label key={choice} className="choice choice-image">
              <img src={question.choiceImage} alt="" draggable={false} />
              <input
                type="radio"
                name="choice"
                value={String(choice)}
                aria-label={String(choice)}
                checked={answer === String(choice)}
                onChange={() => setAnswer(String(choice))}
              />
            </label>
          ))}
        </fieldset>
      </AnswerForm>
    </div>
  );
}
