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
