import { describe, expect, it } from 'vitest';
import type { AnswerRecord } from '../store/types';
import { localResultOf } from './local-result';

function answer(id: number, source?: 'recording' | 'none'): AnswerRecord {
  return {
    question: {
      id,
      level: 1,
      answerType: 'TextInput',
      currentTexts: { situationText: '', questionText: '' },
    },
    givenAnswer: '3',
    correct: true,
    responseTimeMs: 1000,
    answeredAt: '2026-06-10T09:30:00.000Z',
    ...(source ? { prompt: { source, replays: 0 } } : {}),
  } as AnswerRecord;
}

describe('a stored result of a saved child', () => {
  it("keeps how many prompts were silent and the understanding, for the Gruppenübersicht's marks", () => {
    const stored = localResultOf(
      'id-1',
      'K7M3QX',
      { language: 'tr' },
      [answer(1, 'none'), answer(2, 'recording'), answer(3, 'none')],
      null,
      'partly',
    );
    expect(stored.silentPrompts).toEqual({ count: 2, total: 3 });
    expect(stored.understanding).toBe('partly');
  });

  it('keeps neither when no prompt was recorded and nothing was asked', () => {
    const stored = localResultOf('id-2', 'K7M3QX', { language: 'tr' }, [answer(1)]);
    expect(stored).not.toHaveProperty('silentPrompts');
    expect(stored).not.toHaveProperty('understanding');
  });
});
