import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderQuestion, served } from '../test-support';
import { FiveFingersQuestion } from './five-fingers-question';

const question = () => served({ answerType: 'FiveFingers', correctAnswer: 5 });

async function attempt(user: ReturnType<typeof renderQuestion>['user'], left: string, right: string) {
  if (left) await user.type(screen.getByLabelText('Links'), left);
  if (right) await user.type(screen.getByLabelText('Rechts'), right);
  await user.click(screen.getByRole('button', { name: 'Antwort' }));
}

describe('FiveFingersQuestion', () => {
  it('a valid split asks for another way; a different valid split is right', async () => {
    const { onAnswer, user } = renderQuestion(FiveFingersQuestion, question());
    expect(screen.getByText('situation-tr')).toBeTruthy();
    await attempt(user, '2', '3');
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByText('question-tr')).toBeTruthy();
    expect((screen.getByLabelText('Links') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Rechts') as HTMLInputElement).value).toBe('');
    await attempt(user, '1', '4');
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '5', correct: true });
  });

  it('needs both hands; a hand with 0 fingers submits 0 at once', async () => {
    const { onAnswer, user } = renderQuestion(FiveFingersQuestion, question());
    await user.type(screen.getByLabelText('Links'), '5');
    expect(screen.getByRole('button', { name: 'Antwort' })).toHaveProperty('disabled', true);
    await attempt(user, '', '0');
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '0', correct: false });
  });

  it('the same split twice submits 0', async () => {
    const { onAnswer, user } = renderQuestion(FiveFingersQuestion, question());
    await attempt(user, '2', '3');
    await attempt(user, '2', '3');
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '0', correct: false });
  });
});
