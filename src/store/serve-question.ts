import type { ChildLanguage, Question, ServedQuestion } from '../content/types';
import { de } from '../i18n/de';
import { correctedTexts, type UpdatesSnapshot } from '../updates/snapshot';

/** The question an empty queue or an unservable id yields (docs/product.md §30). */
export function errorQuestion(): ServedQuestion {
  return {
    id: -1,
    level: 0,
    answerType: 'Error',
    correctAnswer: -1,
    texts: {},
    // German error text as the fallback texts, as docs/product.md §30 prescribes.
    currentTexts: { situationText: de.error.title, questionText: de.error.restart, answerText: undefined },
  };
}

/**
 * The question with this id in the child's language, or the error question when the id is unknown
 * (content changed under a resumed session) or the language has no texts.
 */
export function serveQuestion(
  questions: readonly Question[],
  id: number | null,
  language: ChildLanguage,
  /** The test's snapshot of the native review: its confirmed corrections replace the build's texts. */
  updates: UpdatesSnapshot | null = null,
): ServedQuestion {
  const question = id === null ? undefined : questions.find((q) => q.id === id);
  const texts = question?.texts[language];
  if (!question || !texts) return errorQuestion();
  const snapshot = updates?.language === language ? updates : null;
  return { ...question, currentTexts: correctedTexts(texts, question.id, snapshot) } as ServedQuestion;
}

/** Queue order: by id, the position in the test. */
export function questionIds(questions: readonly Question[]): number[] {
  return questions.map((q) => q.id).sort((a, b) => a - b);
}
