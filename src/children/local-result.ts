import { localDay } from '../domain/date';
import { isPractice, scoreLevels } from '../results/levels';
import type { AnswerRecord, EndedEarly, Understanding, UserData } from '../store/types';
import type { LocalResult } from './types';

/** The finished test as the device keeps it for the child's Verlauf (scored by the one scorer). */
export function localResultOf(
  submissionId: string,
  childCode: string,
  user: Pick<UserData, 'language'>,
  answers: readonly AnswerRecord[],
  endedEarly?: EndedEarly | null,
  understanding?: Understanding | null,
): LocalResult {
  const scores = scoreLevels(answers);
  // The same count as the results page's 'Ohne Ton' notice (use-result-document.ts, soundNotice).
  const recorded = answers.filter((answer) => answer.prompt !== undefined);
  const silent = recorded.filter((answer) => answer.prompt?.source === 'none').length;
  const finishedAt = answers.at(-1)?.answeredAt ?? endedEarly?.endedAt ?? new Date().toISOString();
  return {
    submissionId,
    childCode,
    testDate: localDay(finishedAt),
    finishedAt,
    language: user.language,
    levels: scores.levels.map(({ level, points, questions, achieved }) => ({
      level,
      points,
      questions,
      achieved,
    })),
    assignedLevel: scores.assignedLevel,
    ...(endedEarly
      ? { endedEarly: { reason: endedEarly.reason, lastQuestion: endedEarly.lastQuestion } }
      : {}),
    ...(recorded.length > 0 ? { silentPrompts: { count: silent, total: recorded.length } } : {}),
    ...(understanding ? { understanding } : {}),
    answers: answers
      .filter((answer) => !isPractice(answer))
      .map((answer) => ({
        question: answer.question.id,
        correct: answer.correct,
        given: answer.givenAnswer,
      })),
  };
}
