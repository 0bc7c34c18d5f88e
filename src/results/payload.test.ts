import { describe, expect, it } from 'vitest';
import { resultPayloadSchema } from '../../schemas/result-payload';
import { buildResultPayload, storableBirthDate } from './payload';
import { answer, fullRun, USER } from './test-fixtures';

const ID = '3f1c9a52-8b7e-4d21-9c3a-0e6f5b4d2a18';

describe('storableBirthDate', () => {
  it('keeps a real date and sends anything the server could not store as empty', () => {
    expect(['2019-03-07', '2024-02-29', '1900-01-01', ''].map(storableBirthDate)).toEqual([
      '2019-03-07',
      '2024-02-29',
      '1900-01-01',
      '',
    ]);
    const typos = ['20190-03-07', '0000-01-01', '2019-02-30', '2023-02-29', '07.03.2019', '1899-12-31', 'x'];
    expect(typos.map(storableBirthDate)).toEqual(Array(typos.length).fill(''));
  });

  it('makes a payload the server accepts whatever was typed into the date field', () => {
    const payload = buildResultPayload(ID, { ...USER, birthdate: '20190-03-07' }, fullRun([1]));
    expect(payload.born).toBe('');
    expect(resultPayloadSchema.safeParse(payload).success).toBe(true);
  });
});

describe('buildResultPayload', () => {
  const payload = buildResultPayload(ID, USER, fullRun([1, 5, 7, 9, 16, 23]));
  const questionKeys = Object.keys(payload).filter((key) => key.startsWith('question'));

  it('sends every scored question under its own key and no practice question', () => {
    expect(questionKeys).toHaveLength(21);
    expect(questionKeys).not.toContain('question7');
    expect(questionKeys).not.toContain('question9');
    expect(questionKeys.every((key) => typeof payload[key as keyof typeof payload] === 'boolean')).toBe(true);
  });

  it('keeps question 16 apart from question 5', () => {
    const only16 = buildResultPayload(ID, USER, fullRun([16]));
    expect(only16.question16).toBe(true);
    expect(only16.question5).toBe(false);
    const only5 = buildResultPayload(ID, USER, fullRun([5]));
    expect(only5.question5).toBe(true);
    expect(only5.question16).toBe(false);
  });

  it('carries the flags, the details without the name and the result-side language code', () => {
    expect(payload).toMatchObject({
      submissionId: ID,
      born: '2019-03-07',
      school: 'Grundschule',
      schoolLevel: '1',
      language: '2',
      question1: true,
      question2: false,
      question23: true,
    });
    expect(JSON.stringify(payload)).not.toContain('Ayşe');
    expect(Object.keys(payload)).not.toContain('name');
  });

  it('maps Arabic to 3 and Romanian to 4', () => {
    expect(buildResultPayload(ID, { ...USER, language: 'ar' }, []).language).toBe('3');
    expect(buildResultPayload(ID, { ...USER, language: 'ro' }, []).language).toBe('4');
  });

  it('sends false for a scored question without an answer', () => {
    const partial = buildResultPayload(ID, USER, [answer(1, true)]);
    expect(partial.question1).toBe(true);
    expect(partial.question23).toBe(false);
  });

  it('builds what the server schema accepts, also with empty details', () => {
    expect(resultPayloadSchema.safeParse(payload).success).toBe(true);
    const empty = buildResultPayload(ID, { ...USER, birthdate: '', school: 'Kita', schoolLevel: '' }, []);
    expect(resultPayloadSchema.safeParse(empty).success).toBe(true);
  });
});
