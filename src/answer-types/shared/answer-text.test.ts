import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { answerTypeOf } from '../registry';
import type { AnswerEntry } from '../types';
import { answerText } from './answer-text';

const t = i18n.t.bind(i18n);
const shown = (type: Parameters<typeof answerTypeOf>[0], givenAnswer: string, entry?: AnswerEntry) =>
  answerText(answerTypeOf(type).display({ givenAnswer, ...(entry ? { entry } : {}) }), t);

describe('how a given answer reads', () => {
  it("reads count-and-forgotten's 'Ja' as Ja, also in a session saved before entries existed", () => {
    expect(shown('CountAndForgotten', '0', { kind: 'yes' })).toBe('Ja');
    expect(shown('CountAndForgotten', '0')).toBe('Ja');
    expect(shown('CountAndForgotten', '4', { kind: 'number', value: '4' })).toBe('4');
  });

  it("reads 'Weiß nicht' as 'keine Antwort' on every scored type", () => {
    for (const type of [
      'TextInput',
      'ImageCompare',
      'FiveFingers',
      'MoveDots',
      'CountAndForgotten',
    ] as const) {
      expect(shown(type, '', { kind: 'no-answer' })).toBe('keine Antwort');
    }
  });

  it('reads Ja/Nein of the comparing types', () => {
    expect(shown('ImageCompare', '0', { kind: 'yes' })).toBe('Ja');
    expect(shown('ImageCompare', '1')).toBe('Nein');
    expect(shown('TimerImageExample', '0')).toBe('Ja');
  });

  it('shows both five-finger splits, or the one of an invalid first attempt', () => {
    const attempts = [
      { left: 3, right: 2 },
      { left: 4, right: 1 },
    ];
    expect(shown('FiveFingers', '5', { kind: 'fingers', attempts })).toBe('3 + 2, dann 4 + 1');
    expect(shown('FiveFingers', '0', { kind: 'fingers', attempts: [{ left: 0, right: 5 }] })).toBe('0 + 5');
    expect(shown('FiveFingers', '5')).toBe('5');
  });

  it('counts the dots laid', () => {
    expect(shown('MoveDots', '6', { kind: 'dots', count: 6 })).toBe('6 Punkte gelegt');
    expect(shown('MoveDotsExample', '1')).toBe('1 Punkt gelegt');
  });

  it('shows a typed number as typed and an empty answer as none', () => {
    expect(shown('TextInput', ' 7 ', { kind: 'number', value: ' 7 ' })).toBe('7');
    expect(shown('TextInput', '')).toBe('keine Antwort');
    expect(shown('MultipleChoice', '', { kind: 'number', value: '' })).toBe('keine Antwort');
  });

  it('reads the right answer of a comparison as Ja/Nein and a number as a number', () => {
    expect(answerText(answerTypeOf('ImageCompare').displayCorrect(1), t)).toBe('Nein');
    expect(answerText(answerTypeOf('MoveDots').displayCorrect(6), t)).toBe('6');
  });
});
