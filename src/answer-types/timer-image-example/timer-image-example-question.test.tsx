import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PracticeLog, PracticeLogContext } from '../shared/practice-log';
import { flashPictures, renderQuestion, served } from '../test-support';
import { TimerImageExampleQuestion } from './timer-image-example-question';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TimerImageExampleQuestion', () => {
  it("a wrong 'Ja' says the answer is Nein and shows the pictures again on 'Bereit'", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const q = served({
      id: 9,
      level: 0,
      answerType: 'TimerImageExample',
      correctAnswer: 1,
      timerImage: '/two.svg',
      timerImage2: '/four.svg',
      timerInterval: 200,
    });
    const { onAnswer, user, container } = renderQuestion(TimerImageExampleQuestion, q);
    await flashPictures(user, container);
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Die richtige Antwort ist: Nein');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAnswer).not.toHaveBeenCalled();
    await flashPictures(user, container);
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Richtig!');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '1', correct: true, tries: 2 });
  });

  it("hands each wrong answer with its flash to the session's practice log, counting tries from before a reload", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const log: PracticeLog = { priorWrongTries: 1, missed: vi.fn() };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PracticeLogContext.Provider value={log}>{children}</PracticeLogContext.Provider>
    );
    const q = served({
      id: 9,
      level: 0,
      answerType: 'TimerImageExample',
      correctAnswer: 1,
      timerImage: '/two.svg',
      timerImage2: '/four.svg',
      timerInterval: 200,
    });
    const { onAnswer, user, container } = renderQuestion(TimerImageExampleQuestion, q, 'tr', wrapper);
    await flashPictures(user, container);
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(log.missed).toHaveBeenCalledTimes(1);
    expect(log.missed).toHaveBeenCalledWith(
      expect.objectContaining({ givenAnswer: '0', correct: false, tries: 2, entry: { kind: 'yes' } }),
    );
    expect(vi.mocked(log.missed).mock.calls[0]?.[0].exposureMs).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await flashPictures(user, container);
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(log.missed).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '1', correct: true, tries: 3 });
  });

  it("a wrong 'Nein' says the answer is Ja", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const q = served({
      level: 0,
      answerType: 'TimerImageExample',
      correctAnswer: 0,
      timerImage: '/a.svg',
      timerImage2: '/b.svg',
      timerInterval: 200,
    });
    const { user, container } = renderQuestion(TimerImageExampleQuestion, q);
    await flashPictures(user, container);
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Die richtige Antwort ist: Ja');
  });
});
