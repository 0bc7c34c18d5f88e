import type { AnswerDetail, ResultPayload } from '../../schemas/result-payload';
import { isDraftLanguage, resultCode } from '../content/languages';
import { isStorableBirthDate, localDay } from '../domain/date';
import { SCORED_QUESTION_IDS } from '../domain/facts';
import { readSite } from '../settings/site';
import type { AnswerRecord, EndedEarly, Understanding, UserData } from '../store/types';
import type { ReviewCounts } from '../updates/snapshot';

/**
 * Fields other parts of the app add to an answer record (reload, repeated flash, spoken prompt);
 * read when present, so this works with records saved before they existed.
 */
type AnswerFlags = {
  interrupted?: boolean;
  exposuresMs?: number[];
  prompt?: { source: 'recording' | 'synthesis' | 'none'; replays: number };
};

const SCORED = new Set<number>(SCORED_QUESTION_IDS);

/**
 * The payload a finished test uploads (docs/product.md §9): birth date, school, year, the
 * result-side language code and one true/false flag per scored question id under its own key;
 * for research (§24) the test day, the content version and what happened on each scored question.
 * The child's name is deliberately not a parameter, so it cannot end up in the upload; the child
 * code of a saved child is (docs/product.md, child code).
 * A scored question without an answer counts as false; in a test ended early with 'Test beenden'
 * (docs/product.md §38) it is null, never false, and `endedEarly` carries the reason and the last
 * question reached. `understanding` is what the educator recorded on the start screen (§39); a
 * session saved before it was asked has none, and the payload then leaves it out. The research
 * consent is always sent: 'unknown' when none was recorded (§48).
 */
export function buildResultPayload(
  submissionId: string,
  user: Pick<UserData, 'birthdate' | 'school' | 'schoolLevel' | 'language' | 'childCode' | 'researchConsent'>,
  answers: readonly AnswerRecord[],
  contentVersion?: string,
  /** The device's 'Einrichtungskennung'; read from the device setting unless given. */
  site: string | undefined = readSite(),
  endedEarly?: EndedEarly | null,
  understanding?: Understanding | null,
  /** The native review's counts as the test began (docs/product.md §50); the build's status without. */
  review?: Pick<ReviewCounts, 'texts' | 'confirmed'> | null,
): ResultPayload {
  const correctById = new Map(answers.map((answer) => [answer.question.id, answer.correct]));
  const flag = (id: number) => {
    const correct = correctById.get(id);
    if (correct === undefined) return endedEarly ? null : false;
    return correct;
  };
  const flags = Object.fromEntries(SCORED_QUESTION_IDS.map((id) => [`question${id}`, flag(id)])) as Pick<
    ResultPayload,
    `question${(typeof SCORED_QUESTION_IDS)[number]}`
  >;
  return {
    submissionId,
    born: storableBirthDate(user.birthdate),
    school: user.school,
    schoolLevel: user.schoolLevel,
    language: resultCode(user.language),
    // A draft language's results are marked so, never mistaken for validated ones.
    ...(isDraftLanguage(user.language, review ?? null) ? { translationStatus: 'Entwurf' as const } : {}),
    ...flags,
    ...testDate(answers, endedEarly?.endedAt),
    ...(contentVersion ? { contentVersion } : {}),
    // The pseudonym links the tests of one child for research; a child not saved has none.
    ...(user.childCode ? { childCode: user.childCode } : {}),
    answers: answerDetails(answers),
    ...(site ? { site } : {}),
    ...(endedEarly
      ? { endedEarly: { reason: endedEarly.reason, lastQuestion: endedEarly.lastQuestion } }
      : {}),
    ...(understanding ? { understanding } : {}),
    // The parents' research consent (docs/product.md §48); none recorded is 'unknown'.
    researchConsent: user.researchConsent ?? 'unknown',
  };
}

/** The local day of the last answer: when the test was taken, whenever it is uploaded. */
function testDate(answers: readonly AnswerRecord[], endedAt?: string): { testDate?: string } {
  // A test ended before its first answer (docs/product.md §38) was taken the day it was ended.
  const at = answers.at(-1)?.answeredAt ?? endedAt;
  const day = at ? localDay(at) : '';
  return day ? { testDate: day } : {};
}

const wholeMs = (ms: number) => Math.min(86_400_000, Math.max(0, Math.round(ms)));

/** One entry per scored question answered (the last answer wins, as in the flags). */
export function answerDetails(answers: readonly AnswerRecord[]): AnswerDetail[] {
  const byId = new Map<number, AnswerDetail>();
  for (const record of answers as readonly (AnswerRecord & AnswerFlags)[]) {
    if (!SCORED.has(record.question.id)) continue;
    const detail: AnswerDetail = {
      question: record.question.id,
      given: record.givenAnswer.slice(0, 100),
      responseTimeMs: wholeMs(record.responseTimeMs),
    };
    if (record.exposureMs !== undefined) detail.exposureMs = wholeMs(record.exposureMs);
    if (record.exposuresMs?.length) detail.exposuresMs = record.exposuresMs.slice(0, 10).map(wholeMs);
    if (record.pageHiddenDuringExposure) detail.pageHiddenDuringExposure = true;
    if (record.lateFirstFrameMs !== undefined) detail.lateFirstFrameMs = wholeMs(record.lateFirstFrameMs);
    if (record.interrupted) detail.interrupted = true;
    if (record.prompt) detail.prompt = { source: record.prompt.source, replays: record.prompt.replays };
    if (record.noAnswer) detail.noAnswer = true;
    byId.set(record.question.id, detail);
  }
  return [...byId.values()];
}

/**
 * The birth date as the server stores it (YYYY-MM-DD, a real day, year 1900–2999), or '' for
 * anything else. The date field is free (docs/product.md §29: no validation), and a typo such as the year 20190
 * would otherwise make the server refuse the whole result; the PDF still shows what was typed.
 */
export function storableBirthDate(date: string): string {
  return isStorableBirthDate(date) ? date : '';
}
