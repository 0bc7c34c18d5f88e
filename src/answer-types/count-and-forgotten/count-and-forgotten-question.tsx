import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { YES_ANSWER } from '../../domain/facts';
import { AnswerForm } from '../shared/answer-form';
import { numberEntry } from '../shared/display';
import { NumberField } from '../shared/number-field';
import { parseInteger } from '../shared/parse-integer';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import { YesNoButtons } from '../shared/yes-no-buttons';
import type { AnswerEntry, RendererProps } from '../types';
import { countAndForgotten } from './answer-type';

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
  const submit = (givenAnswer: string, entry: AnswerEntry) =>
    onAnswer({
      givenAnswer,
      correct: countAndForgotten.score(givenAnswer, question.correctAnswer),
      responseTimeMs: clock.elapsed(),
      entry,
    });
  if (step === 'counted-right') {
    return (
      <div className="question">
        <QuestionTexts texts={texts} language={language} />
        <YesNoButtons
          language={language}
          onChoose={(choice) =>
            choice === YES_ANSWER ? submit(YES_ANSWER, { kind: 'yes' }) : setStep('forgotten')
          }
        />
      </div>
    );
  }
  return (
    <div className="question">
      <AnswerForm ready={parseInteger(answer) !== null} onSubmit={() => submit(answer, numberEntry(answer))}>
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
