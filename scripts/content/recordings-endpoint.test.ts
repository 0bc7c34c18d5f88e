import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingFile } from './recordings-endpoint.ts';

const AUDIO = '/project/content/audio';
const questions = [
  {
    id: 1,
    texts: {
      tr: { situationText: 'a', questionText: 'b' },
      ar: { situationText: 'c', questionText: 'd', answerText: 'e' },
    },
  },
  { id: 12, texts: { ro: { situationText: 'f', questionText: 'g' } } },
] as unknown as Parameters<typeof recordingFile>[1];

describe('recordingFile', () => {
  it('names the file of a text that exists, and the text a recording of it is made for', () => {
    expect(recordingFile(AUDIO, questions, 'q01/tr-situationText')).toEqual({
      file: join(AUDIO, 'q01/tr-situationText.mp3'),
      text: 'a',
    });
    expect(recordingFile(AUDIO, questions, 'q01/ar-answerText')).toEqual({
      file: join(AUDIO, 'q01/ar-answerText.mp3'),
      text: 'e',
    });
    expect(recordingFile(AUDIO, questions, 'q12/ro-questionText')).toEqual({
      file: join(AUDIO, 'q12/ro-questionText.mp3'),
      text: 'g',
    });
  });

  it.each([
    ['q99/tr-situationText', 'there is no question 99'],
    ['q1/tr-situationText', 'is not a recording key'],
    ['q001/tr-situationText', 'there is no question 001'],
    ['q01/de-situationText', '"de" is not a recorded language'],
    ['q01/tr-pictureText', '"pictureText" is not a text field'],
    ['q01/tr-answerText', 'question 1 has no tr answerText'],
    ['../q01/tr-situationText', 'is not a recording key'],
    ['q01/../../tr-situationText', 'is not a recording key'],
    ['phrases/tr-soundCheck', 'is not a recording key'],
    ['q01/tr-situationText.mp3', 'is not a recording key'],
  ])('refuses %s', (key, reason) => {
    const result = recordingFile(AUDIO, questions, key);
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toContain(reason);
  });
});
