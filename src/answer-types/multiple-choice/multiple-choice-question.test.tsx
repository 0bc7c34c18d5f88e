import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderQuestion, served } from '../test-support';
import { MultipleChoiceQuestion } from './multiple-choice-question';

describe('MultipleChoiceQuestion', () => {
  it('offers the possible answers as radio buttons with text', async () => {
    const q = served({ answerType: 'MultipleChoice', correctAnswer: 8, possibleAnswers: [3, 8] });
    const { onAnswer, user } = renderQuestion(MultipleChoiceQuestion, q);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['3', '8']);
    await user.click(screen.getByRole('radio', { name: '8' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '8', correct: true });
  });

  it("'Antwort' waits for a choice", async () => {
    const q = served({ answerType: 'MultipleChoice', correctAnswer: 8, possibleAnswers: [3, 8] });
    const { onAnswer, user } = renderQuestion(MultipleChoiceQuestion, q);
    expect(screen.getByRole('button', { name: 'Antwort' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '3', correct: false });
  });
});
