import { useState } from 'react';
import { AnswerForm } from '../shared/answer-form';
import { MoveDotsBoard } from '../shared/move-dots-board';
import { QuestionTexts } from '../shared/question-texts';
import { useAnswerClock } from '../shared/use-answer-clock';
import type { RendererProps } from '../types';
import { moveDots } from './answer-type';

/** Move dots into the child's box; the answer is how many dots are in it. */
export function MoveDotsQuestion({ question, language, onAnswer }: RendererProps<'MoveDots'>) {
  const [dotsInBox, setDotsInBox] = useState(0);
  const clock = useAnswerClock();
  return (
    <div className="question">
      <QuestionTexts texts={question.currentTexts} language={language} />
      <MoveDotsBoard
        dotRow={question.dotRow}
        dotImages={question.dotImages}
        dotsInBox={dotsInBox}
        onChange={setDotsInBox}
      />
      <AnswerForm
        onSubmit={() =>
          onAnswer({
            givenAnswer: String(dotsInBox),
            correct: moveDots.score(String(dotsInBox), question.correctAnswer),
            responseTimeMs: clock.elapsed(),
            entry: { kind: 'dots', count: dotsInBox },
          })
        }
      />
    </div>
  );
}
