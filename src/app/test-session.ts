import { childLanguages } from '../content/languages';
import type { Question } from '../content/types';
import { createAppSession } from '../store/create-store';

/**
 * For the app's component tests: the real store, tab guard and take-over made from one question,
 * since the compiled content is a build-time virtual module. Use it as the factory of
 * `vi.mock('../store', …)`.
 */
export function oneQuestionAppSession() {
  const texts = (lang: string) => ({ situationText: `situation-${lang}`, questionText: `question-${lang}` });
  const questions = [
    {
      id: 1,
      level: 1,
      answerType: 'TextInput',
      correctAnswer: 8,
      texts: Object.fromEntries(
        [...new Set(['de', ...childLanguages])].map((language) => [language, texts(language)]),
      ),
    },
  ] as unknown as Question[];
  return createAppSession(questions);
}
