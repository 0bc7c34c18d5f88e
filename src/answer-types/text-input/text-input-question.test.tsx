import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderQuestion, served } from '../test-support';
import { TextInputQuestion } from './text-input-question';

describe('TextInputQuestion', () => {
  it('shows the texts in the child language and records the typed number', async () => {
    const q = served({ answerType: 'TextInput', correctAnswer: 8, image: '/dots.svg' });
    const { onAnswer, user, container } = renderQuestion(TextInputQuestion, q);
    expect(screen.getByText('situation-tr')).toBeTruthy();
    expect(screen.getByText('question-tr')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/dots.svg');
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('button', { name: 'Antwort' })).toHaveProperty('disabled', true);
    await user.type(input, ' 8 ');
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '8', correct: true });
    expect(onAnswer.mock.calls[0]?.[0].responseTimeMs).toBeGreaterThanOrEqual(0);
  });

  it('takes digits only and says so in German; Enter with no number does nothing', async () => {
    const q = served({ answerType: 'TextInput', correctAnswer: 8 });
    const { onAnswer, user } = renderQuestion(TextInputQuestion, q);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, 'acht🙂{Enter}');
    expect(input.value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('Bitte nur Ziffern eingeben.');
    expect(onAnswer).not.toHaveBeenCalled();
    await user.type(input, '1234');
    expect(input.value).toBe('123');
    expect(screen.getByRole('alert').textContent).toBe('Höchstens 3 Ziffern.');
    await user.clear(input);
    await user.type(input, '٨{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '٨', correct: true });
  });

  it('sets Arabic task text right-to-left', () => {
    const q = served({ answerType: 'TextInput', correctAnswer: 8 }, 'ar');
    renderQuestion(TextInputQuestion, q, 'ar');
    const block = screen.getByText('question-ar').closest('.task-text');
    expect(block?.getAttribute('dir')).toBe('rtl');
    expect(block?.getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('button', { name: 'Antwort' }).closest('[dir="rtl"]')).toBeNull();
  });
});
