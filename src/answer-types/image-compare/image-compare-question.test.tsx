import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flashPictures, renderQuestion, served } from '../test-support';
import { ImageCompareQuestion } from './image-compare-question';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ImageCompareQuestion', () => {
  it('flashes both pictures, then Ja is sent as 0', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const q = served({
      answerType: 'ImageCompare',
      correctAnswer: 0,
      timerImage: '/a.svg',
      timerImage2: '/b.svg',
      timerInterval: 200,
    });
    const { onAnswer, user, container } = renderQuestion(ImageCompareQuestion, q);
    await waitFor(() =>
      expect([...container.querySelectorAll('.flash img')].map((i) => i.getAttribute('src'))).toEqual([
        '/a.svg',
        '/b.svg',
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Ja' })).toBeNull();
    await flashPictures(user, container);
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '0', correct: true });
    expect(onAnswer.mock.calls[0]?.[0].exposureMs).toBeGreaterThan(180);
  });

  it('Nein is sent as 1', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const q = served({
      answerType: 'ImageCompare',
      correctAnswer: 0,
      timerImage: '/a.svg',
      timerImage2: '/b.svg',
      timerInterval: 200,
    });
    const { onAnswer, user, container } = renderQuestion(ImageCompareQuestion, q);
    await flashPictures(user, container);
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '1', correct: false });
  });
});
