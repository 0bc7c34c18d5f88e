import { useEffect, useMemo } from 'react';
import { FlashPictures } from '../shared/flash-pictures';
import { QuestionTexts } from '../shared/question-texts';
import { ReadyButton } from '../shared/ready-button';
import { useAnswerClock } from '../shared/use-answer-clock';
import { useFlash } from '../shared/use-flash';
import { YesNoButtons } from '../shared/yes-no-buttons';
import type { RendererProps } from '../types';
import { scoreYesNo } from './score';

/** Two pictures flashed side by side, then 'Ja' / 'Nein': are there equally many dots? */
export function ImageCompareQuestion({ question, language, onAnswer }: RendererProps<'ImageCompare'>) {
  const pictures = useMemo(
    () => [question.timerImage, question.timerImage2],
    [question.timerImage, question.timerImage2],
  );
  const flash = useFlash(pictures, question.timerInterval);
  const clock = useAnswerClock();
  const { restart } = clock;
  useEffect(() => {
    if (flash.phase === 'done') restart();
  }, [flash.phase, restart]);
  const texts = question.currentTexts;
  return (
    <div className="question">
      {flash.phase !== 'showing' && <QuestionTexts texts={texts} language={language} />}
      {(flash.phase === 'loading' || flash.phase === 'ready') && <ReadyButton flash={flash} />}
      <FlashPictures flash={flash} pictures={pictures} />
      {flash.phase === 'done' && (
        <YesNoButtons
          onChoose={(givenAnswer) =>
            onAnswer({
              givenAnswer,
              correct: scoreYesNo(givenAnswer, question.correctAnswer),
              responseTimeMs: clock.elapsed(),
              exposureMs: flash.measurement?.exposureMs,
              pageHiddenDuringExposure: flash.measurement?.pageHiddenDuringExposure,
            })
          }
        />
      )}
    </div>
  );
}
