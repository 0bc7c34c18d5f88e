import type { AnswerType } from '../content/types';

/** Answer types whose answers are Ja (0) / Nein (1) (PRODUCT.md decision 4). */
const YES_NO_TYPES: ReadonlySet<AnswerType> = new Set(['ImageCompare', 'TimerImageExample']);

export type AnswerText = { kind: 'number'; value: string } | { kind: 'yes' | 'no' } | { kind: 'empty' };

/**
 * How an answer reads for an author: Ja/Nein for the comparing types and for 'Ja' in
 * CountAndForgotten (which submits 0), the number otherwise.
 */
export function describeAnswer(
  answerType: AnswerType,
  answer: string,
  step: 'given' | 'correct',
): AnswerText {
  const value = answer.trim();
  if (value === '') return { kind: 'empty' };
  if (YES_NO_TYPES.has(answerType) && (value === '0' || value === '1'))
    return { kind: value === '0' ? 'yes' : 'no' };
  if (answerType === 'CountAndForgotten' && step === 'given' && value === '0') return { kind: 'yes' };
  return { kind: 'number', value };
}
