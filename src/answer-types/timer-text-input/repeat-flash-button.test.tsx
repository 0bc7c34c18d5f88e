import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flashPictures, renderQuestion, served } from '../test-support';
import { TimerTextInputQuestion } from './timer-text-input-question';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Bild nochmal zeigen'", () => {
  it('stands with its rule beside it, which the button names as its description, and goes with it', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const q = served({
      answerType: 'TimerTextInput',
      correctAnswer: 3,
      timerImage: '/three.svg',
      timerInterval: 200,
    });
    const { user, container } = renderQuestion(TimerTextInputQuestion, q);
    await flashPictures(user, container);
    const button = screen.getByRole('button', { name: 'Bild nochmal zeigen' });
    const rule = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(rule?.textContent).toBe(
      'Nur wenn das Kind das Bild nicht sehen konnte (weggeschaut, gestört) – einmal je Aufgabe. Wird im Ergebnis vermerkt.',
    );
    expect(rule?.closest('[lang]')?.getAttribute('lang')).toBe('de');
    await user.click(button);
    await flashPictures(user, container);
    expect(screen.queryByText(/einmal je Aufgabe/)).toBeNull();
  });
});
