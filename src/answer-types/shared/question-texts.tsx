import type { ChildLanguage, Texts } from '../../content/types';
import { useSpokenTexts } from '../../speech/prompt-context';
import { TaskText } from './task-text';

/** Situation text, then question text, in the child's language. */
export function QuestionTexts({ texts, language }: { texts: Texts; language: ChildLanguage }) {
  useSpokenTexts([texts.situationText, texts.questionText]);
  return (
    <TaskText language={language}>
      <p className="situation-text">{texts.situationText}</p>
      <p className="question-text">{texts.questionText}</p>
    </TaskText>
  );
}
