import { useMemo } from 'react';
import { yesNoEntry } from '../shared/display';
import { FlashPictures } from '../shared/flash-pictures';
import { QuestionTexts } from '../shared/question-texts';
import { ReadyButton } from '../shared/ready-button';
import { RepeatFlashButton } from '../shared/repeat-flash-button';
import { useFlashedAnswer } from '../shared/use-flashed-answer';
import { YesNoButtons } from '../shared/yes-no-buttons';
import type { RendererProps } from '../types';
import { imageCompare } from './answer-type';

/** Two pictures flashed side by side, then 'Ja' / 'Nein': are there equally many dots? */
export function ImageCompareQuestion({ question, language, onAnswer }: RendererProps<'ImageCompare'>) {
  const pictures = useMemo(
    () => [question.timerImage, question.timerImage2],
    [question.timerImage, question.timerImage2],
  );
  const { flash, timing } = useFlashedAnswer(pictures, question.timerInterval);
  const texts = question.currentTexts;
  return (
    <div className="question">
      {flash.phase !== 'showing' && <QuestionTexts texts={texts} language={language} />}
      {(flash.phase === 'loading' || flash.phase === 'ready') && <ReadyButton flash={flash} />}
      <FlashPictures flash={flash} pictures={pictures} />
      {flash.phase === 'done' && (
        <YesNoButtons
          language={language}
          onChoose={(givenAnswer) =>
            onAnswer({
              givenAnswer,
              correct: imageCompare.score(givenAnswer, question.correctAnswer),
              ...timing(),
              entry: yesNoEntry(givenAnswer),
            })
          }
        />
      )}
      <RepeatFlashButton flash={flash} />
    </div>
  );
}
