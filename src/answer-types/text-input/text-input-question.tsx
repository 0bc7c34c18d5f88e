import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerForm } from '../shared/answer-form';
import { numberEntry } from '../shared/display';
import { NumberField } from '../shared/number-field';
import { parseInteger } from '../shared/parse-integer';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import type { RendererProps } from '../types';
import { textInput } from './answer-type';

/** Generic question with a free number answer and an optional picture. */
export function TextInputQuestion({ question, language, onAnswer }: RendererProps<'TextInput'>) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const clock = useAnswerClock();
  const texts = question.currentTexts;
  return (
    <div className="question">
      <QuestionTexts texts={texts} language={language} />
      {question.image && <img className="question-image" src={question.image} alt="" draggable={false} />}
      <AnswerForm
        ready={parseInteger(answer) !== null}
        onSubmit={() =>
          onAnswer({
            givenAnswer: answer,
            correct: textInput.score(answer, question.correctAnswer),
            responseTimeMs: clock.elapsed(),
            entry: numberEntry(answer),
          })
        }
      >
        <NumberField
          label={texts.answerText ?? t('question.answerLabel')}
          labelLanguage={texts.answerText ? language : undefined}
          value={answer}
          onChange={setAnswer}
          autoFocus
        />
      </AnswerForm>
    </div>
  );
}
