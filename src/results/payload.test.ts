import { describe, expect, it } from 'vitest';
import { answerDetailSchema, resultPayloadSchema } from '../../schemas/result-payload';
import { answerDetails, buildResultPayload, storableBirthDate } from './payload';
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

describe('research details of the payload', () => {
  it('adds the local test day, the content version and one detail per scored question', () => {
    const answers = fullRun([1, 11]).map((record) =>
      record.question.id === 11
        ? {
            ...record,
            givenAnswer: '3',
            responseTimeMs: 1834.6,
            exposureMs: 1501.2,
            pageHiddenDuringExposure: true,
          }
        : record,
    );
    const payload = buildResultPayload(ID, USER, answers, 'a1b2c3d4e5f6');
    expect(payload.contentVersion).toBe('a1b2c3d4e5f6');
    // The fixtures answer at 08:00 UTC: the same day in every time zone a Kita could be in.
    expect(payload.testDate).toBe('2026-11-22');
    expect(payload.answers?.map((detail) => detail.question)).toEqual([
      1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ]);
    expect(payload.answers?.find((detail) => detail.question === 11)).toEqual({
      question: 11,
      given: '3',
      responseTimeMs: 1835,
      exposureMs: 1501,
      pageHiddenDuringExposure: true,
    });
    expect(resultPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('carries the flags of a reload, a repeated flash and the spoken prompt when the record has them', () => {
    const record = {
      ...answer(19, false),
      exposureMs: 2003,
      exposuresMs: [2003, 1998],
      interrupted: true,
      prompt: { source: 'synthesis' as const, replays: 2 },
    };
    const [detail] = answerDetails([record]);
    expect(detail).toEqual({
      question: 19,
      given: '0',
      responseTimeMs: 2400,
      exposureMs: 2003,
      exposuresMs: [2003, 1998],
      interrupted: true,
      prompt: { source: 'synthesis', replays: 2 },
    });
  });

  it('marks a flash whose first frame reached the screen late, with the delay in whole ms', () => {
    const [detail] = answerDetails([{ ...answer(12, true), exposureMs: 1500.4, lateFirstFrameMs: 283.6 }]);
    expect(detail).toMatchObject({ question: 12, exposureMs: 1500, lateFirstFrameMs: 284 });
    expect(answerDetailSchema.safeParse(detail).success).toBe(true);
  });

  it("sends 'Weiß nicht' as its own noAnswer flag, false in the question flags, accepted by the server", () => {
    const answers = fullRun([1, 2]).map((record) =>
      record.question.id === 17
        ? {
            ...record,
            givenAnswer: '',
            correct: false,
            noAnswer: true as const,
            entry: { kind: 'no-answer' as const },
          }
        : record,
    );
    const payload = buildResultPayload('5d6f1c2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f', USER, answers);
    expect(payload.question17).toBe(false);
    expect(payload.answers?.find((detail) => detail.question === 17)).toMatchObject({
      given: '',
      noAnswer: true,
    });
    expect(payload.answers?.filter((detail) => detail.noAnswer)).toHaveLength(1);
    expect(resultPayloadSchema.parse(payload).answers?.find((d) => d.question === 17)?.noAnswer).toBe(true);
  });

  it("sends nothing of a practice the educator ended with 'Weiter'", () => {
    const skipped = { correct: false, tries: 2, skipped: true, givenAnswer: '0' } as const;
    const run = fullRun([1]).map((record) =>
      record.question.level === 0 ? { ...record, ...skipped } : record,
    );
    const sent = buildResultPayload(ID, USER, run);
    expect(Object.keys(sent)).not.toContain('question7');
    expect(Object.keys(sent)).not.toContain('question9');
    expect(sent.answers?.map((detail) => detail.question)).not.toContain(7);
    expect(sent.answers?.map((detail) => detail.question)).not.toContain(9);
    expect(JSON.stringify(sent)).not.toContain('skipped');
    // The same payload as without the skip: practice is never sent, either way.
    expect(sent).toEqual(buildResultPayload(ID, USER, fullRun([1])));
    expect(resultPayloadSchema.safeParse(sent).success).toBe(true);
  });

  it('sends no practice question and no test day without answers', () => {
    expect(answerDetails(fullRun([])).some((detail) => detail.question === 7 || detail.question === 9)).toBe(
      false,
    );
    const empty = buildResultPayload(ID, USER, []);
    expect(empty.testDate).toBeUndefined();
    expect(empty.answers).toEqual([]);
  });
});

describe('the child code in the payload', () => {
  it('carries the child code of a saved child, never its name', () => {
    const payload = buildResultPayload(ID, { ...USER, childCode: 'K7M3QX' }, fullRun([1, 2]));
    expect(payload.childCode).toBe('K7M3QX');
    expect(resultPayloadSchema.safeParse(payload).success).toBe(true);
    expect(JSON.stringify(payload)).not.toContain(USER.name);
  });

  it('has no child code for a test without saving the child', () => {
    expect('childCode' in buildResultPayload(ID, USER, fullRun([1, 2]))).toBe(false);
  });
});

describe("a test ended early with 'Test beenden' (docs/product.md §38)", () => {
  const partial = fullRun([1, 2, 3, 8]).slice(0, 9);
  const ended = buildResultPayload(ID, USER, partial, undefined, undefined, {
    reason: 'unwell',
    lastQuestion: 9,
  });

  it('sends the questions not reached as null, never false, and the reason with the last question', () => {
    expect(ended).toMatchObject({
      question1: true,
      question4: false,
      question8: true,
      question10: null,
      question23: null,
      endedEarly: { reason: 'unwell', lastQuestion: 9 },
    });
    expect(ended.answers?.map((detail) => detail.question)).toEqual([1, 2, 3, 4, 5, 6, 8]);
    expect(resultPayloadSchema.safeParse(ended).success).toBe(true);
  });

  it.each(['unwilling', 'unwell', 'language', 'disturbance', 'other'] as const)(
    'accepts the reason %s',
    (reason) => {
      const payload = buildResultPayload(ID, USER, partial, undefined, undefined, {
        reason,
        lastQuestion: 9,
      });
      expect(resultPayloadSchema.parse(payload).endedEarly).toEqual({ reason, lastQuestion: 9 });
    },
  );

  it('sends neither the time of the end nor anything else the device keeps, and dates a test ended before its first answer', () => {
    const early = buildResultPayload(ID, USER, [], undefined, undefined, {
      reason: 'language',
      lastQuestion: 1,
      endedAt: '2026-11-22T08:00:00.000Z',
    });
    expect(early.endedEarly).toEqual({ reason: 'language', lastQuestion: 1 });
    expect(early.testDate).toBe('2026-11-22');
    expect(early.question1).toBeNull();
    expect(resultPayloadSchema.safeParse(early).success).toBe(true);
  });

  it('keeps a finished test as before: false for a question without an answer, no endedEarly', () => {
    const finished = buildResultPayload(ID, USER, partial, undefined, undefined, null);
    expect(finished.question10).toBe(false);
    expect(finished).not.toHaveProperty('endedEarly');
  });

  it('refuses null in a test not ended early, an unknown reason and a question out of range', () => {
    const { endedEarly: _reason, ...withoutReason } = ended;
    const refusal = resultPayloadSchema.safeParse(withoutReason);
    expect(refusal.success).toBe(false);
    expect(refusal.error?.issues[0]).toMatchObject({
      path: ['question10'],
      message: 'muss true oder false sein (null nur bei vorzeitig beendetem Test)',
    });
    for (const endedEarly of [
      { reason: 'bored', lastQuestion: 9 },
      { reason: 'unwell', lastQuestion: 0 },
      { reason: 'unwell', lastQuestion: 24 },
      { reason: 'unwell', lastQuestion: 9.5 },
      { reason: 'unwell', lastQuestion: 9, note: 'müde' },
      'unwell',
    ]) {
      expect(
        resultPayloadSchema.safeParse({ ...ended, endedEarly }).success,
        JSON.stringify(endedEarly),
      ).toBe(false);
    }
  });
});

describe('whether the child understood the spoken language (docs/product.md §39)', () => {
  it.each(['yes', 'partly', 'no'] as const)('sends understanding %s as recorded', (understanding) => {
    const payload = buildResultPayload(ID, USER, fullRun([1]), undefined, undefined, null, understanding);
    expect(payload.understanding).toBe(understanding);
    expect(resultPayloadSchema.parse(payload).understanding).toBe(understanding);
  });

  it('leaves it out for a session saved before it was asked, and the server still accepts that', () => {
    const payload = buildResultPayload(ID, USER, fullRun([1]), undefined, undefined, null, null);
    expect(payload).not.toHaveProperty('understanding');
    expect(resultPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('travels with a test ended early too', () => {
    const payload = buildResultPayload(
      ID,
      USER,
      [],
      undefined,
      undefined,
      { reason: 'language', lastQuestion: 1 },
      'no',
    );
    expect(payload).toMatchObject({ understanding: 'no', endedEarly: { reason: 'language' } });
  });

  it('refuses any other value with a German message naming the allowed ones', () => {
    const payload = buildResultPayload(ID, USER, fullRun([1]), undefined, undefined, null, 'yes');
    for (const understanding of ['ja', 'maybe', '', true, null]) {
      const refusal = resultPayloadSchema.safeParse({ ...payload, understanding });
      expect(refusal.success, JSON.stringify(understanding)).toBe(false);
      expect(refusal.error?.issues[0]).toMatchObject({
        path: ['understanding'],
        message: "muss 'yes', 'partly' oder 'no' sein",
      });
    }
  });
});
