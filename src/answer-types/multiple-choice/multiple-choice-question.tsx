import '../shared/choices.css';
import './multiple-choice.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerForm } from '../shared/answer-form';
import { numberEntry } from '../shared/display';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import type { RendererProps } from '../types';
import { multipleChoice } from './answer-type';

/** Generic question with its possible answers as radio buttons with text. */
export function MultipleChoiceQuestion({ question, language, onAnswer }: RendererProps<'MultipleChoice'>) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const clock = useAnswerClock();
  return (
    <div className="question">
      <QuestionTexts texts={question.currentTexts} language={language} />
      {question.image && <img className="question-image" src={question.image} alt="" draggable={false} />}
      <AnswerForm
        ready={answer !== ''}
        onSubmit={() =>
          onAnswer({
            givenAnswer: answer,
            correct: multipleChoice.score(answer, question.correctAnswer),
            responseTimeMs: clock.elapsed(),
            entry: numberEntry(answer),
          })
        }
      >
        <fieldset className="choices">
          <legend className="visually-hidden">{t('question.choicesLabel')}</legend>
          {question.possibleAnswers.map((choice) => (
            <label key={choice} className="choice choice-text">
              <input
                type="radio"
                name="choice"
                value={String(choice)}
                checked={answer === String(choice)}
                onChange={() => setAnswer(String(choice))}
              />
              <span>{choice}</span>
            </label>
          ))}
        </fieldset>
      </AnswerForm>
    </div>
  );
}
