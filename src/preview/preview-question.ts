import type { Question, ServedQuestion } from '../content/types';
import { errorQuestion, serveQuestion } from '../store/serve-question';
import type { PreviewLanguage } from './preview-hash';

/**
 * The question as the test serves it: for a child's language exactly what the queue serves; for
 * the German reference the same question with its German texts (the test itself never shows them).
 */
export function servePreviewQuestion(
  questions: readonly Question[],
  id: number,
  language: PreviewLanguage,
): ServedQuestion {
  if (language !== 'de') return serveQuestion(questions, id, language);
  const question = questions.find((q) => q.id === id);
  return question ? ({ ...question, currentTexts: question.texts.de } as ServedQuestion) : errorQuestion();
}
