import { useMemo, useState } from 'react';
import { AnswerForm } from '../shared/answer-form';
import { numberEntry } from '../shared/display';
import { FlashPictures } from '../shared/flash-pictures';
import { NumberField } from '../shared/number-field';
import { parseInteger } from '../shared/parse-integer';
import { QuestionTexts } from '../shared/question-texts';
import { ReadyButton } from '../shared/ready-button';
import { RepeatFlashButton } from '../shared/repeat-flash-button';
import { useFlashedAnswer } from '../shared/use-flashed-answer';
import type { RendererProps } from '../types';
import { timerTextInput } from './answer-type';

/** Timed picture: texts and 'Bereit', the picture for timerInterval ms, then the number answer. */
export function TimerTextInputQuestion({ question, language, onAnswer }: RendererProps<'TimerTextInput'>) {
  const pictures = useMemo(() => [question.timerImage], [question.timerImage]);
  const { flash, timing } = useFlashedAnswer(pictures, question.timerInterval);
  const [answer, setAnswer] = useState('');
  const texts = question.currentTexts;
  return (
    <div className="question">
      {(flash.phase === 'loading' || flash.phase === 'ready') && (
        <>
          <QuestionTexts texts={texts} language={language} />
          <ReadyButton flash={flash} />
        </>
      )}
      <FlashPictures flash={flash} pictures={pictures} />
      {flash.phase === 'done' && (
        <AnswerForm
          ready={parseInteger(answer) !== null}
          onSubmit={() =>
            onAnswer({
              givenAnswer: answer,
              correct: timerTextInput.score(answer, question.correctAnswer),
              ...timing(),
              entry: numberEntry(answer),
            })
          }
        >
          <NumberField
            label={texts.answerText ?? texts.questionText}
            labelLanguage={language}
            value={answer}
            onChange={setAnswer}
            autoFocus
          />
        </AnswerForm>
      )}
      <RepeatFlashButton flash={flash} />
    </div>
  );
}
