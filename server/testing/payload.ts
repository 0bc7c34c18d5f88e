import { randomUUID } from 'node:crypto';
import { ANSWER_TYPES_OF_QUESTION } from '../../schemas/given-answer.ts';
import { type ResultPayload, SCORED_QUESTION_IDS } from '../../schemas/result-payload.ts';
import { MOVABLE_DOTS, NO_ANSWER, SCORED_QUESTION_LEVELS, YES_ANSWER } from '../../src/domain/facts.ts';

/** A valid result payload with a fresh submissionId; answers alternate true/false by question id. */
export function makePayload(overrides: Partial<Record<keyof ResultPayload, unknown>> = {}): ResultPayload {
  const answers = Object.fromEntries(SCORED_QUESTION_IDS.map((id) => [`question${id}`, id % 2 === 1]));
  return {
    submissionId: randomUUID(),
    born: '2019-03-04',
    school: 'Kita',
    schoolLevel: '',
    language: '3',
    ...answers,
    ...overrides,
  } as ResultPayload;
}

/**
 * A `given` the question's answer type can produce (schemas/given-answer.ts): Ja ('0') or Nein ('1')
 * for a comparison, else a number; not necessarily the right answer.
 */
export function exampleGiven(id: number, correct: boolean): string {
  const [type] = ANSWER_TYPES_OF_QUESTION[id as keyof typeof ANSWER_TYPES_OF_QUESTION];
  if (type === 'ImageCompare') return correct ? YES_ANSWER : NO_ANSWER;
  return correct ? String(Math.min(id, MOVABLE_DOTS)) : '0';
}

/**
 * A payload of the current shape: test date, content version, a detail per scored question and the
 * parents' research consent 'yes' (so that /auswertung counts it, docs/product.md §48; a test of the
 * consent overrides it). `correct` lists the ids answered correctly (default: the odd ids, as in
 * makePayload).
 */
export function makeResearchPayload(
  options: { correct?: readonly number[]; overrides?: Partial<Record<keyof ResultPayload, unknown>> } = {},
): ResultPayload {
  const correct = new Set(options.correct ?? SCORED_QUESTION_IDS.filter((id) => id % 2 === 1));
  const flags = Object.fromEntries(SCORED_QUESTION_IDS.map((id) => [`question${id}`, correct.has(id)]));
  return makePayload({
    ...flags,
    testDate: '2026-11-20',
    contentVersion: '0123456789ab',
    answers: SCORED_QUESTION_IDS.map((id) => ({
      question: id,
      given: exampleGiven(id, correct.has(id)),
      responseTimeMs: 1000 + id,
      ...(id === 11 ? { exposureMs: 1502, exposuresMs: [1502, 1499], interrupted: true } : {}),
      ...(id === 2 ? { prompt: { source: 'recording', replays: 1 } } : {}),
    })),
    researchConsent: 'yes',
    ...options.overrides,
  });
}

/**
 * The ids to answer correctly for these points on levels 1–3 (the first questions of each level),
 * for makeResearchPayload's `correct`: e.g. [1, 7, 7] for an unusual profile (docs/product.md §28).
 */
export function correctForPoints(points: readonly [number, number, number]): number[] {
  const ids = Object.entries(SCORED_QUESTION_LEVELS);
  return [1, 2, 3].flatMap((level) =>
    ids
      .filter(([, of]) => of === level)
      .slice(0, points[level - 1])
      .map(([id]) => Number(id)),
  );
}
