import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderQuestion, served } from '../test-support';
import { MultipleChoiceWithImagesQuestion } from './multiple-choice-with-images-question';

describe('MultipleChoiceWithImagesQuestion', () => {
  it('shows one picture with a radio button per choice (11 flowers)', async () => {
    const possibleAnswers = Array.from({ length: 11 }, (_, i) => i + 1);
    const q = served({
      answerType: 'MultipleChoiceWithImages',
      correctAnswer: 6,
      possibleAnswers,
      choiceImage: '/flower.svg',
    });
    const { onAnswer, user, container } = renderQuestion(MultipleChoiceWithImagesQuestion, q);
    expect(screen.getAllByRole('radio')).toHaveLength(11);
    expect([...container.querySelectorAll('.choice img')].map((img) => img.getAttribute('src'))).toEqual(
      Array(11).fill('/flower.svg'),
    );
    await user.click(screen.getByRole('radio', { name: '5' }));
    await user.click(screen.getByRole('radio', { name: '6' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '6', correct: true });
  });
});
