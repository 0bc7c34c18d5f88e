import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderQuestion, served } from '../test-support';
import { CountAndForgottenQuestion } from './count-and-forgotten-question';

const question = () => served({ answerType: 'CountAndForgotten', correctAnswer: 4 }, 'ro', 'answer');

describe('CountAndForgottenQuestion', () => {
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
