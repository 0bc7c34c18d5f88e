import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { expect, vi } from 'vitest';
import '../i18n';
import { childLanguages } from '../content/languages';
import type { AnswerType, ChildLanguage } from '../content/types';
import type { QuestionOf, RendererProps } from './types';

/** Texts in every language, marked with their language so a test sees which one is shown. */
export function textsFor(answerText?: string) {
  const texts = (lang: string) => ({
    situationText: `situation-${lang}`,
    questionText: `question-${lang}`,
    ...(answerText ? { answerText: `${answerText}-${lang}` } : {}),
  });
  return Object.fromEntries(
    [...new Set(['de', ...childLanguages])].map((language) => [language, texts(language)]),
  );
}

/** A served question for a renderer test (texts of `language` as the current ones). */
export function served<T extends AnswerType>(
  question: Record<string, unknown> & { answerType: T },
  language: ChildLanguage = 'tr',
  answerText?: string,
): QuestionOf<T> {
  const texts = textsFor(answerText);
  return {
    id: 1,
    level: 1,
    texts,
    currentTexts: (texts as Record<string, unknown>)[language],
    ...question,
  } as unknown as QuestionOf<T>;
}

/**
 * Renders one answer renderer with spies for its callbacks; `wrapper` provides what the question
 * screen would (e.g. the practice log).
 */
export function renderQuestion<T extends AnswerType>(
  Component: ComponentType<RendererProps<T>>,
  question: QuestionOf<T>,
  language: ChildLanguage = 'tr',
  wrapper?: ComponentType<{ children: ReactNode }>,
) {
  const onAnswer = vi.fn<RendererProps<T>['onAnswer']>();
  const onRestart = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <Component question={question} language={language} onAnswer={onAnswer} onRestart={onRestart} />,
    wrapper ? { wrapper } : undefined,
  );
  return { ...view, onAnswer, onRestart, user };
}

/** Presses 'Bereit' once it works and waits until the flashed pictures are gone again. */
export async function flashPictures(user: ReturnType<typeof userEvent.setup>, container: HTMLElement) {
  const { screen, waitFor } = await import('@testing-library/react');
  const ready = screen.getByRole('button', { name: 'Bereit' });
  await waitFor(() => expect(ready.hasAttribute('disabled')).toBe(false));
  await user.click(ready);
  await waitFor(() => expect(container.querySelector('[data-flash="shown"]')).not.toBeNull());
  await waitFor(() => expect(container.querySelector('.flash')).toBeNull(), { timeout: 3000 });
}
