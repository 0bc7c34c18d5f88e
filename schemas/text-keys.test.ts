import { describe, expect, it } from 'vitest';
import { recordingKeyOf, textKeyOfRecording } from './text-keys.ts';

describe('the names of a spoken text (docs/product.md §50)', () => {
  it('maps a question text and a phrase to their recording under content/audio/ and back', () => {
    expect(recordingKeyOf('tr', '1.situationText')).toBe('q01/tr-situationText');
    expect(recordingKeyOf('ar', '21.answerText')).toBe('q21/ar-answerText');
    expect(recordingKeyOf('uk', 'soundCheck')).toBe('phrases/uk-soundCheck');
    expect(textKeyOfRecording('q01/tr-situationText')).toEqual({
      language: 'tr',
      textKey: '1.situationText',
    });
    expect(textKeyOfRecording('q21/ar-answerText')).toEqual({ language: 'ar', textKey: '21.answerText' });
    expect(textKeyOfRecording('phrases/uk-soundCheck')).toEqual({ language: 'uk', textKey: 'soundCheck' });
  });

  it('has no recording for a text that is never spoken', () => {
    expect(recordingKeyOf('tr', 'numberWords.3.say')).toBeUndefined();
    expect(recordingKeyOf('tr', 'practiceWrongNumber')).toBeUndefined();
    expect(recordingKeyOf('tr', 'yes')).toBeUndefined();
    expect(textKeyOfRecording('phrases/tr-practiceWrongNumber')).toBeUndefined();
    expect(textKeyOfRecording('q01/tr-hint')).toBeUndefined();
    expect(textKeyOfRecording('q1/tr-situationText')).toBeUndefined();
  });
});
