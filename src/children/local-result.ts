import { localDay } from '../domain/date';
import { isPractice, scoreLevels } from '../results/levels';
import type { AnswerRecord, EndedEarly, UserData } from '../store/types';
import type { LocalResult } from './types';

/** The finished test as the device keeps it for the child's Verlauf (scored by the one scorer). */
export function localResultOf(
  submissionId: string,
  childCode: string,
  user: Pick<UserData, 'language'>,
  answers: readonly AnswerRecord[],
  endedEarly?: EndedEarly | null,
): LocalResult {
  const scores = scoreLevels(answers);
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
    answers: answers
      .filter((answer) => !isPractice(answer))
      .map((answer) => ({
        question: answer.question.id,
        correct: answer.correct,
        given: answer.givenAnswer,
      })),
  };
}
