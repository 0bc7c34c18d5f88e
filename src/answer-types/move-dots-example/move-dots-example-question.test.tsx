import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type PracticeLog, PracticeLogContext } from '../shared/practice-log';
import { renderQuestion, served } from '../test-support';
import { MoveDotsExampleQuestion } from './move-dots-example-question';

const q = served({ id: 7, level: 0, answerType: 'MoveDotsExample', correctAnswer: 3, dotRow: [0] });
const dotsInBox = () => document.querySelector('.dot-box-child')?.getAttribute('data-dots');

/** The practice log the question screen provides, with `prior` wrong tries from before a reload. */
function withLog(prior = 0) {
  const log: PracticeLog = { priorWrongTries: prior, missed: vi.fn() };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PracticeLogContext.Provider value={log}>{children}</PracticeLogContext.Provider>
  );
  return { log, wrapper };
}

describe('MoveDotsExampleQuestion', () => {
  it('says the right answer after a wrong one, lets the child retry, records the right answer once', async () => {
    const { onAnswer, user } = renderQuestion(MoveDotsExampleQuestion, q);
    await user.click(screen.getByRole('button', { name: 'Runter' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain("Die richtige Antwort ist: '3'");
    expect(document.activeElement?.textContent).toBe('OK');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onAnswer).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Runter' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Richtig!');
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '3', correct: true, tries: 2 });
  });

  it('empties the box after a wrong try, so the retry starts from an empty box', async () => {
    const { user } = renderQuestion(MoveDotsExampleQuestion, q);
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Runter' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    // Behind the dialog the child still sees what it laid.
    expect(dotsInBox()).toBe('5');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(dotsInBox()).toBe('0');
  });

  it("hands every wrong try to the session's practice log, and counts tries from before a reload", async () => {
    const { log, wrapper } = withLog(2);
    const { onAnswer, user } = renderQuestion(MoveDotsExampleQuestion, q, 'tr', wrapper);
    await user.click(screen.getByRole('button', { name: 'Runter' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(log.missed).toHaveBeenCalledTimes(1);
    expect(log.missed).toHaveBeenCalledWith(
      expect.objectContaining({
        givenAnswer: '1',
        correct: false,
        tries: 3,
        entry: { kind: 'dots', count: 1 },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Runter' }));
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    // A right answer is not a missed one; it took four tries, two of them before the reload.
    expect(log.missed).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '3', correct: true, tries: 4 });
  });
});
