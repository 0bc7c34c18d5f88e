import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerForm } from '../shared/answer-form';
import { NumberField } from '../shared/number-field';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import { YesNoButtons } from '../shared/yes-no-buttons';
import type { RendererProps } from '../types';
import { scoreCountAndForgotten, YES_ANSWER } from './score';

/** Step 1: "Did I count right?" Ja submits at once; Nein leads to "Which number did I forget?". */
export function CountAndForgottenQuestion({
  question,
  language,
  onAnswer,
}: RendererProps<'CountAndForgotten'>) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'counted-right' | 'forgotten'>('counted-right');
  const [answer, setAnswer] = useState('');
  const clock = useAnswerClock();
  const texts = question.currentTexts;
  const submit = (givenAnswer: string) =>
    onAnswer({
      givenAnswer,
      correct: scoreCountAndForgotten(givenAnswer, question.correctAnswer),
      responseTimeMs: clock.elapsed(),
    });
  if (step === 'counted-right') {
    return (
      <div className="question">
        <QuestionTexts texts={texts} language={language} />
        <YesNoButtons
          onChoose={(choice) => (choice === YES_ANSWER ? submit(YES_ANSWER) : setStep('forgotten'))}
        />
      </div>
    );
  }
  return (
    <div className="question">
      <AnswerForm onSubmit={() => submit(answer)}>
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
