import './five-fingers.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpokenTexts } from '../../speech/prompt-context';
import { AnswerForm } from '../shared/answer-form';
import { NumberField } from '../shared/number-field';
import { TaskText } from '../shared/task-text';
import { useAnswerClock } from '../shared/use-answer-clock';
import type { RendererProps } from '../types';
import { type FingerSplit, fiveFingersStep, parseFingers } from './score';

/**
 * The operator types how many fingers the child shows on each hand. First the situation text
 * ("show me five fingers"), after a valid split the question text ("another way").
 */
export function FiveFingersQuestion({ question, language, onAnswer }: RendererProps<'FiveFingers'>) {
  const { t } = useTranslation();
  const [first, setFirst] = useState<FingerSplit | null>(null);
  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const clock = useAnswerClock();
  const texts = question.currentTexts;
  useSpokenTexts([first ? texts.questionText : texts.situationText]);

  const submit = () => {
    const step = fiveFingersStep(
      first,
      { left: parseFingers(left), right: parseFingers(right) },
      question.correctAnswer,
    );
    if (step.kind === 'another-way') {
      console.info('Fünf Finger: erster Versuch gültig', step.first);
      setFirst(step.first);
      setLeft('');
      setRight('');
      return;
    }
    onAnswer({
      givenAnswer: step.givenAnswer,
      correct: step.correct,
      responseTimeMs: clock.elapsed(),
      entry: { kind: 'fingers', attempts: step.attempts },
    });
  };

  return (
    <div className="question">
      <TaskText language={language}>
        <p className="question-text" key={first ? 'another-way' : 'first'}>
          {first ? texts.questionText : texts.situationText}
        </p>
      </TaskText>
      <AnswerForm ready={left !== '' && right !== ''} onSubmit={submit}>
        <div className="fingers" key={first ? 'another-way' : 'first'}>
          <NumberField label={t('fingers.left')} name="left" value={left} onChange={setLeft} autoFocus />
          <NumberField label={t('fingers.right')} name="right" value={right} onChange={setRight} />
        </div>
      </AnswerForm>
    </div>
  );
}
