import type { ResultPayload } from '../../schemas/result-payload';
import { isStorableBirthDate } from '../domain/date';
import { RESULT_LANGUAGE_CODES, SCORED_QUESTION_IDS } from '../domain/facts';
import type { AnswerRecord, UserData } from '../store/types';

/**
 * The payload a finished test uploads (docs/product.md §9): birth date, school, year, the
 * result-side language code and one true/false flag per scored question id under its own key.
 * The child's name is deliberately not a parameter, so it cannot end up in the upload.
 * A scored question without an answer counts as false.
 */
export function buildResultPayload(
  submissionId: string,
  user: Pick<UserData, 'birthdate' | 'school' | 'schoolLevel' | 'language'>,
  answers: readonly AnswerRecord[],
): ResultPayload {
  const correctById = new Map(answers.map((answer) => [answer.question.id, answer.correct]));
  const flags = Object.fromEntries(
    SCORED_QUESTION_IDS.map((id) => [`question${id}`, correctById.get(id) === true]),
  ) as Pick<ResultPayload, `question${(typeof SCORED_QUESTION_IDS)[number]}`>;
  return {
    submissionId,
    born: storableBirthDate(user.birthdate),
    school: user.school,
    schoolLevel: user.schoolLevel,
    language: RESULT_LANGUAGE_CODES[user.language],
    ...flags,
  };
}

/**
 * The birth date as the server stores it (YYYY-MM-DD, a real day, year 1900–2999), or '' for
 * anything else. The date field is free (docs/product.md §29: no validation), and a typo such as the year 20190
 * would otherwise make the server refuse the whole result; the PDF still shows what was typed.
 */
export function storableBirthDate(date: string): string {
  return isStorableBirthDate(date) ? date : '';
}
