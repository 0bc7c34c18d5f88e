import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorQuestion } from '../../store/serve-question';
import { renderQuestion } from '../test-support';
import { ErrorQuestion } from './error-question';

describe('ErrorQuestion', () => {
  it('tells the operator to restart and offers the way back', async () => {
    const { onRestart, onAnswer, user } = renderQuestion(ErrorQuestion, errorQuestion() as never);
    expect(screen.getByText('Es ist ein Fehler aufgetreten')).toBeTruthy();
    expect(screen.getByText('Bitte Test neu starten')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zurück zum Start' }));
    expect(onRestart).toHaveBeenCalledTimes(1);
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
