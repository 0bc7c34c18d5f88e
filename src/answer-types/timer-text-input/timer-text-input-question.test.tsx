import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flashPictures, renderQuestion, served } from '../test-support';
import { TimerTextInputQuestion } from './timer-text-input-question';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TimerTextInputQuestion', () => {
  it('shows texts and Bereit, flashes the picture for the interval, then asks for the number', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const mark = vi.spyOn(performance, 'mark');
    const q = served({
      answerType: 'TimerTextInput',
      correctAnswer: 3,
      timerImage: '/three.svg',
      timerInterval: 200,
    });
    const { onAnswer, user, container } = renderQuestion(TimerTextInputQuestion, q);
    expect(screen.getByText('question-tr')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    // Laid out (invisible) once decoded, before 'Bereit' is pressed.
    await waitFor(() =>
      expect(container.querySelector('.flash img')?.getAttribute('src')).toBe('/three.svg'),
    );
    expect(container.querySelector('[data-flash="shown"]')).toBeNull();
    await flashPictures(user, container);
    expect(screen.queryByRole('button', { name: 'Bereit' })).toBeNull();
    expect(info).toHaveBeenCalledWith('Timer abgelaufen', expect.objectContaining({ intervalMs: 200 }));
    expect(mark.mock.calls.map(([name]) => name)).toEqual(['flash-start', 'flash-end']);
    await user.type(screen.getByRole('textbox'), '3');
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    const answer = onAnswer.mock.calls[0]?.[0];
    expect(answer).toMatchObject({ givenAnswer: '3', correct: true, pageHiddenDuringExposure: false });
    expect(answer?.exposureMs).toBeGreaterThan(180);
    expect(answer?.exposureMs).toBeLessThan(400);
  });
});
