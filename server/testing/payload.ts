import { randomUUID } from 'node:crypto';
import { type ResultPayload, SCORED_QUESTION_IDS } from '../../schemas/result-payload.ts';

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
 * A payload of the current shape: test date, content version and a detail per scored question.
 * `correct` lists the ids answered correctly (default: the odd ids, as in makePayload).
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
      given: correct.has(id) ? String(id) : '0',
      responseTimeMs: 1000 + id,
      ...(id === 11 ? { exposureMs: 1502, exposuresMs: [1502, 1499], interrupted: true } : {}),
      ...(id === 2 ? { prompt: { source: 'recording', replays: 1 } } : {}),
    })),
    ...options.overrides,
  });
}
