import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContent, REAL_CONTENT } from '../scripts/content/load.ts';
import { fiveFingersStep } from '../src/answer-types/five-fingers/score.ts';
import { keepDigits } from '../src/answer-types/shared/number-field.tsx';
import { MOVABLE_DOTS, NO_ANSWER, SCORED_QUESTION_IDS, YES_ANSWER } from '../src/domain/facts.ts';
import { ANSWER_TYPES_OF_QUESTION, isProducibleGiven } from './given-answer.ts';
import { resultPayloadSchema } from './result-payload.ts';

const content = loadContent(REAL_CONTENT);
const questionOf = (id: number) => content.questions.find((question) => question.id === id);
const idsOf = (type: string) =>
  SCORED_QUESTION_IDS.filter((id) =>
    (ANSWER_TYPES_OF_QUESTION[id] as readonly string[]).includes(type),
  ) as number[];
const SPREADSHEET_RUNS = ['=1+1', '+1', '-1', '@SUM(A1)', '=HYPERLINK("http://x","y")', '\t=1', '\r=1'];

describe("an answer is what its question can produce (the server's check of `given`)", () => {
  it('knows the answer type of every scored question as the question packs have it', () => {
    expect(content.issues).toEqual([]);
    for (const id of SCORED_QUESTION_IDS) {
      const types: readonly string[] = ANSWER_TYPES_OF_QUESTION[id];
      // When a question's answer type changes: add the new type to ANSWER_TYPES_OF_QUESTION, keep the old.
      expect(types, `question ${id}`).toContain(questionOf(id)?.answerType);
    }
  });

  it('accepts whatever the number field keeps, Arabic-Indic digits too (TextInput, TimerTextInput, CountAndForgotten)', () => {
    const ids = [...idsOf('TextInput'), ...idsOf('TimerTextInput'), ...idsOf('CountAndForgotten')];
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.string({ unit: 'grapheme', maxLength: 8 }), (id, typed) => {
        const { value } = keepDigits(typed, '');
        return value === '' || isProducibleGiven(id, value);
      }),
      { seed: 41, numRuns: 500 },
    );
    expect(isProducibleGiven(2, '٣')).toBe(true);
    expect(isProducibleGiven(2, '۱۲')).toBe(true);
    expect(isProducibleGiven(1, YES_ANSWER)).toBe(true);
    expect(isProducibleGiven(2, '1234')).toBe(false);
  });

  it('accepts the choices the packs offer, and no other text (MultipleChoice, MultipleChoiceWithImages)', () => {
    for (const id of [...idsOf('MultipleChoice'), ...idsOf('MultipleChoiceWithImages')]) {
      const question = questionOf(id) as { possibleAnswers?: number[] };
      for (const choice of question.possibleAnswers ?? [])
        expect(isProducibleGiven(id, String(choice))).toBe(true);
      expect(isProducibleGiven(id, 'acht')).toBe(false);
    }
  });

  it("accepts Ja '0' and Nein '1' only for a comparison (ImageCompare)", () => {
    for (const id of idsOf('ImageCompare')) {
      expect(isProducibleGiven(id, YES_ANSWER)).toBe(true);
      expect(isProducibleGiven(id, NO_ANSWER)).toBe(true);
      expect(isProducibleGiven(id, '2')).toBe(false);
      expect(isProducibleGiven(id, 'Ja')).toBe(false);
    }
  });

  it('accepts what the five fingers record: 0 or the number shown, never the splits (FiveFingers)', () => {
    for (const id of idsOf('FiveFingers')) {
      const correct = (questionOf(id) as { correctAnswer: number }).correctAnswer;
      const splits = fc.record({
        left: fc.integer({ min: -2, max: 9 }),
        right: fc.integer({ min: -2, max: 9 }),
      });
      fc.assert(
        fc.property(fc.option(splits, { nil: null }), splits, (first, attempt) => {
          const step = fiveFingersStep(first, attempt, correct);
          return step.kind !== 'submit' || isProducibleGiven(id, step.givenAnswer);
        }),
        { seed: 41, numRuns: 300 },
      );
      expect(isProducibleGiven(id, '3 + 2')).toBe(false);
    }
  });

  it(`accepts 0 to ${MOVABLE_DOTS} dots laid (MoveDots)`, () => {
    for (const id of idsOf('MoveDots')) {
      for (let dots = 0; dots <= MOVABLE_DOTS; dots++) expect(isProducibleGiven(id, String(dots))).toBe(true);
      expect(isProducibleGiven(id, String(MOVABLE_DOTS + 1))).toBe(false);
    }
  });

  it("accepts '' (keine Antwort) for every question, and nothing a spreadsheet would run", () => {
    for (const id of SCORED_QUESTION_IDS) {
      expect(isProducibleGiven(id, '')).toBe(true);
      for (const text of [...SPREADSHEET_RUNS, '\u202E12', '1\u0000', '\uD800', ' 5', '5 ', 'keine Antwort'])
        expect(isProducibleGiven(id, text), `${id}: ${JSON.stringify(text)}`).toBe(false);
    }
  });

  it('refuses in the upload schema a given its question cannot produce, naming the field in German', () => {
    const base = {
      submissionId: '3f1c7a52-8a41-4c4f-9d2e-1c0b5e7a9f10',
      born: '',
      school: 'Kita',
      schoolLevel: '',
    };
    const flags = Object.fromEntries(SCORED_QUESTION_IDS.map((id) => [`question${id}`, false]));
    const parse = (answers: unknown[]) =>
      resultPayloadSchema.safeParse({ ...base, language: '2', ...flags, answers });
    const refused = parse([
      { question: 2, given: '4', responseTimeMs: 5 },
      { question: 10, given: '=1+1', responseTimeMs: 5 },
    ]);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['answers.1.given', "muss bei Frage 10 '0' (Ja) oder '1' (Nein) sein, oder leer (keine Antwort)"],
    ]);
    // 'Weiß nicht' records '' and nothing else.
    expect(parse([{ question: 3, given: '', noAnswer: true, responseTimeMs: 5 }]).success).toBe(true);
    expect(
      parse([{ question: 3, given: '4', noAnswer: true, responseTimeMs: 5 }]).error?.issues[0]?.path,
    ).toEqual(['answers', 0, 'given']);
  });
});
