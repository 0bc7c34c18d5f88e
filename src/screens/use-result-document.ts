import { questions as packQuestions } from 'virtual:zaehltest-content';
import { levels as levelTexts } from 'virtual:zaehltest-levels';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { answerTypeOf } from '../answer-types/registry';
import { answerText } from '../answer-types/shared/answer-text';
import { languageLabel } from '../content/languages';
import type { Question, Texts } from '../content/types';
import { germanDate } from '../domain/date';
import { LEVEL_THRESHOLD } from '../domain/facts';
import { formatSeconds, localDay } from '../results/format';
import { isPractice, type LevelResult, scoreLevels } from '../results/levels';
import type { QuestionRow, ResultDocument } from '../results/result-document';
import type { AnswerRecord, UserData } from '../store/types';

type TFunction = ReturnType<typeof useTranslation>['t'];

/**
 * Fields other parts of the app add to an answer record (all optional, so older saved sessions
 * still load): practice tries, a flash interrupted by a reload, repeated flashes and how the prompt
 * was spoken (the names agreed between the issues that record them).
 */
export type ShownAnswer = AnswerRecord & {
  tries?: number;
  interrupted?: boolean;
  exposuresMs?: number[];
  prompt?: { source: 'recording' | 'synthesis' | 'none'; replays: number };
};

/** The results document of the session, in German (t() is called here, in the screen's hook). */
export function useResultDocument(user: UserData, answers: readonly ShownAnswer[]): ResultDocument {
  const { t } = useTranslation();
  return useMemo(() => buildResultDocument(user, answers, t), [user, answers, t]);
}

export function buildResultDocument(
  user: UserData,
  answers: readonly ShownAnswer[],
  t: TFunction,
): ResultDocument {
  const scores = scoreLevels(answers);
  const lastAnswer = answers.at(-1);
  const testDate = lastAnswer ? germanDate(localDay(lastAnswer.answeredAt)) : '';
  const details = [
    { label: t('result.name'), value: user.name },
    { label: t('result.birthdate'), value: germanDate(user.birthdate) },
    { label: t('result.school'), value: t(`userData.schools.${user.school}`) },
    ...(user.schoolLevel !== '' ? [{ label: t('result.schoolLevel'), value: user.schoolLevel }] : []),
    { label: t('result.language'), value: languageLabel(user.language) },
    ...(testDate !== '' ? [{ label: t('result.testDate'), value: testDate }] : []),
    ...(user.childCode ? [{ label: t('verlauf.childCode'), value: user.childCode }] : []),
  ];
  const assignedKey = scores.assignedLevel === 'above-3' ? 'above3' : String(scores.assignedLevel);
  const assignedText =
    scores.assignedLevel === 'above-3' ? t('result.levels.above3') : String(scores.assignedLevel);

  const notice = soundNotice(answers, t);
  return {
    title: t('result.heading'),
    ...(notice ? { soundNotice: notice } : {}),
    details,
    pageHeader: t('result.pageHeader', {
      name: user.name || t('result.noName'),
      date: testDate || '—',
    }),
    levels: {
      heading: t('result.levels.heading'),
      columns: [t('result.levels.level'), t('result.levels.points'), t('result.levels.achieved')],
      rows: scores.levels.map((row) => ({
        level: String(row.level),
        points: t('result.levels.pointsOf', { points: row.points, questions: row.questions }),
        achieved: row.achieved,
        achievedText: row.achieved ? t('result.levels.yes') : t('result.levels.no'),
      })),
      total: {
        label: t('result.levels.total'),
        points: t('result.levels.pointsOf', {
          points: scores.total.points,
          questions: scores.total.questions,
        }),
      },
      assigned: { label: t('result.levels.assigned'), value: assignedText },
    },
    legend: {
      heading: t('result.legend.heading'),
      items: [
        {
          term: t('result.levels.achieved'),
          text: t('result.legend.achieved', {
            percent: Math.round((100 * LEVEL_THRESHOLD.numerator) / LEVEL_THRESHOLD.denominator),
            ...pointsNeeded(scores),
          }),
        },
        { term: t('result.levels.assigned'), text: t('result.legend.assigned') },
      ],
    },
    disclaimer: t('result.disclaimer'),
    meanings: {
      heading: t('result.meanings.heading'),
      levels: (['1', '2', '3'] as const).map((key) => ({
        key,
        title: t('result.meanings.level', { level: key, title: levelTexts[key].title }),
        description: levelTexts[key].description,
        assigned: key === assignedKey,
      })),
      activities: {
        heading:
          scores.assignedLevel === 'above-3'
            ? t('result.meanings.activitiesAbove3')
            : t('result.meanings.activities', {
                level: assignedText,
                title: levelTexts[assignedKey as '1' | '2' | '3'].title,
              }),
        ...(assignedKey === 'above3' ? { description: levelTexts.above3.description } : {}),
        items: [...levelTexts[assignedKey as keyof typeof levelTexts].activities],
      },
    },
    questions: {
      heading: t('result.questions.heading'),
      columns: [
        t('result.questions.number'),
        t('result.questions.level'),
        t('result.questions.text'),
        t('result.questions.givenAnswer'),
        t('result.questions.points'),
      ],
      germanLabel: t('result.questions.german'),
      rows: answers.map((answer) => questionRow(answer, user, t)),
    },
  };
}

/**
 * The notice of a test whose prompts were not all spoken (docs/product.md §14): how many of the
 * screens the child heard nothing on. Answers saved before prompts were recorded do not count.
 */
export function soundNotice(
  answers: readonly ShownAnswer[],
  t: TFunction,
): { heading: string; text: string } | undefined {
  const recorded = answers.filter((answer) => answer.prompt !== undefined);
  const unspoken = recorded.filter((answer) => answer.prompt?.source === 'none').length;
  if (unspoken === 0) return undefined;
  return {
    heading: t('result.soundNotice.heading'),
    text: t('result.soundNotice.text', { count: unspoken, total: recorded.length }),
  };
}

/** '5 von 7' for the legend: the points a level of the test's size needs. */
function pointsNeeded(scores: LevelResult): { points: number; questions: number } {
  const questions = Math.max(...scores.levels.map((row) => row.questions), 7);
  const points = Math.ceil((questions * LEVEL_THRESHOLD.numerator) / LEVEL_THRESHOLD.denominator);
  return { points, questions };
}

function germanTexts(id: number): Texts | undefined {
  return packQuestions.find((question: Question) => question.id === id)?.texts.de;
}

function questionRow(answer: ShownAnswer, user: UserData, t: TFunction): QuestionRow {
  const practice = isPractice(answer);
  return {
    // Practice questions may be recorded more than once; their timestamps differ.
    key: `${answer.question.id}-${answer.answeredAt}`,
    number: String(answer.question.id),
    level: practice ? t('result.questions.practice') : String(answer.question.level),
    state: practice ? 'practice' : answer.correct ? 'correct' : 'incorrect',
    child: { texts: answer.question.currentTexts, language: user.language },
    german: germanTexts(answer.question.id),
    given: givenAnswerText(answer, t),
    notes: answerNotes(answer, t),
    points: practice ? '–' : answer.correct ? '1' : '0',
    pointsLabel: practice
      ? t('result.questions.notScored')
      : answer.correct
        ? t('result.questions.correct')
        : t('result.questions.incorrect'),
  };
}

/** What was entered, as an educator reads it: the answer type's own display (docs/product.md §22). */
export function givenAnswerText(answer: ShownAnswer, t: TFunction): string {
  return answerText(answerTypeOf(answer.question.answerType).display(answer), t);
}

/** Response time, measured exposure, tries and flags, each a short phrase. */
export function answerNotes(answer: ShownAnswer, t: TFunction): string[] {
  const notes = [t('result.questions.responseTime', { seconds: formatSeconds(answer.responseTimeMs) })];
  const exposures = answer.exposuresMs ?? (answer.exposureMs !== undefined ? [answer.exposureMs] : []);
  if (exposures.length > 1) {
    notes.push(t('result.questions.exposures', { list: exposures.map((ms) => Math.round(ms)).join(' + ') }));
  } else if (exposures.length === 1) {
    notes.push(t('result.questions.exposure', { ms: Math.round(exposures[0]!) }));
  }
  if (answer.pageHiddenDuringExposure) notes.push(t('result.questions.pageHidden'));
  if (answer.tries !== undefined) notes.push(t('result.questions.tries', { count: answer.tries }));
  if (answer.interrupted) notes.push(t('result.questions.interrupted'));
  if (answer.prompt) {
    notes.push(t(`result.questions.prompt.${answer.prompt.source}`));
    if (answer.prompt.replays > 0) {
      notes.push(t('result.questions.replays', { count: answer.prompt.replays }));
    }
  }
  return notes;
}
