import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderQuestion, served } from '../test-support';
import { MoveDotsExampleQuestion } from './move-dots-example-question';

describe('MoveDotsExampleQuestion', () => {
  it('says the right answer after a wrong one, lets the child retry, records the right answer once', async () => {
    const q = served({ id: 7, level: 0, answerType: 'MoveDotsExample', correctAnswer: 3, dotRow: [0] });
    const { onAnswer, user } = renderQuestion(MoveDotsExampleQuestion, q);
    await user.click(screen.getByRole('button', { name: 'Runter' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain("Die richtige Antwort ist: '3'");
    expect(document.activeElement?.textContent).toBe('OK');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Runter' }));
    await user.click(screen.getByRole('button', { name: 'Runter' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Richtig!');
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '3', correct: true, tries: 2 });
  });
});
