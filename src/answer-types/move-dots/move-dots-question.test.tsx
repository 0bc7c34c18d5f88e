import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderQuestion, served } from '../test-support';
import { MoveDotsQuestion } from './move-dots-question';

describe('MoveDotsQuestion', () => {
  it('moves dots between the row of 15 and the child box, with no-ops at 0 and 15', async () => {
    const q = served({ answerType: 'MoveDots', correctAnswer: 6, dotRow: [0] });
    const { onAnswer, user, container } = renderQuestion(MoveDotsQuestion, q);
    const box = () => container.querySelector('.dot-box-child');
    const freeDots = () => container.querySelectorAll('.dot-slots .dot').length;
    expect(container.querySelectorAll('.dot-slot')).toHaveLength(15);
    expect(freeDots()).toBe(15);
    await user.click(screen.getByRole('button', { name: 'Hoch' }));
    expect(box()?.getAttribute('data-dots')).toBe('0');
    for (let i = 0; i < 17; i++) await user.click(screen.getByRole('button', { name: 'Runter' }));
    expect(box()?.getAttribute('data-dots')).toBe('15');
    expect(box()?.querySelectorAll('.dot')).toHaveLength(15);
    expect(freeDots()).toBe(0);
    for (let i = 0; i < 9; i++) await user.click(screen.getByRole('button', { name: 'Hoch' }));
    expect(freeDots()).toBe(9);
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '6', correct: true });
  }, 15_000); // 27 clicks

  it('asks before taking an empty box as the answer', async () => {
    const q = served({ answerType: 'MoveDots', correctAnswer: 6, dotRow: [0] });
    const { onAnswer, user } = renderQuestion(MoveDotsQuestion, q);
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Keine Punkte im Kästchen – trotzdem weiter?');
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    await user.click(screen.getByRole('button', { name: 'Trotzdem weiter' }));
    expect(onAnswer.mock.calls[0]?.[0]).toMatchObject({ givenAnswer: '0', correct: false });
  });

  it('shows the fixed groups of the dot row: pictures, dot boxes and the child box', () => {
    const q = served({
      answerType: 'MoveDots',
      correctAnswer: 4,
      dotRow: [-1, 2, 0],
      dotImages: { '-1': '/three.svg' },
    });
    const { container } = renderQuestion(MoveDotsQuestion, q);
    const boxes = [...container.querySelectorAll('.dot-grid > .dot-box')];
    expect(boxes).toHaveLength(3);
    expect(boxes[0]?.querySelector('img')?.getAttribute('src')).toBe('/three.svg');
    expect(boxes[1]?.querySelectorAll('.dot')).toHaveLength(2);
    expect(boxes[2]?.classList.contains('dot-box-child')).toBe(true);
  });
});
