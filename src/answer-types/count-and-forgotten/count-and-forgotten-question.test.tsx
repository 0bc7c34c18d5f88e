import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderQuestion, served } from '../test-support';
import { CountAndForgottenQuestion } from './count-and-forgotten-question';

const question = () => served({ answerType: 'CountAndForgotten', correctAnswer: 4 }, 'ro', 'answer');

describe('CountAndForgottenQuestion', () => {
  it.each([
    ['ro', 'Da', 'Nu'],
    ['tr', 'Evet', 'Hayır'],
    ['ar', 'نعم', 'لا'],
  ] as const)("shows the child's word beneath Ja and Nein in %s", (language, yes, no) => {
    const q = served({ answerType: 'CountAndForgotten', correctAnswer: 4 }, language, 'answer');
    renderQuestion(CountAndForgottenQuestion, q, language);
    expect(screen.getByRole('button', { name: 'Ja' }).textContent).toBe(`Ja${yes}`);
    const word = screen.getByRole('button', { name: 'Nein' }).querySelector('.yes-no-child');
    expect(word?.textContent).toBe(no);
    expect(word?.getAttribute('lang')).toBe(language);
    expect(word?.getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
  });

  it("'Ja' submits 0 at once", async () => {
    const { onAnswer, user } = renderQuestion(CountAndForgottenQuestion, question(), 'ro');
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '0', correct: false });
  });

  it("'Nein' hides the first part and asks for the forgotten number", async () => {
    const { onAnswer, user } = renderQuestion(CountAndForgottenQuestion, question(), 'ro');
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.queryByText('question-ro')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ja' })).toBeNull();
    await user.type(screen.getByLabelText('answer-ro'), '4');
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '4', correct: true });
  });
});
