import { questions as packQuestions } from 'virtual:zaehltest-content';
import { levels as levelTexts } from 'virtual:zaehltest-levels';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question, Texts } from '../content/types';
import { formatDate, formatSeconds, localDay } from '../results/format';
import { isPractice, LEVEL_THRESHOLD, type LevelResult, scoreLevels } from '../results/levels';
import type { QuestionRow, ResultDocument } from '../results/result-document';
import type { AnswerRecord, UserData } from '../store/types';

type TFunction = ReturnType<typeof useTranslation>['t'];

/**
 * Fields other parts of the app add to an answer record (all optional, so older saved sessions
 * still load): practice tries, a flash interrupted by a reload, repeated flashes, how the prompt
 * was spoken, and the answer type's own record of what was entered.
 */
export type ShownAnswer = AnswerRecord & {
  tries?: number;
  interrupted?: boolean;
  exposuresMs?: number[];
  prompt?: { source: 'recording' | 'synthesis' | 'none'; replays: number };
  entry?: unknown;
};

const YES_NO_TYPES = new Set<AnswerRecord['question']['answerType']>(['ImageCompare', 'TimerImageExample']);
const DOT_TYPES = new Set<AnswerRecord['question']['answerType']>(['MoveDots', 'MoveDotsExample']);

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
  const testDate = lastAnswer ? formatDate(localDay(lastAnswer.answeredAt)) : '';
  const details = [
    { label: t('result.name'), value: user.name },
    { label: t('result.birthdate'), value: formatDate(user.birthdate) },
    { label: t('result.school'), value: t(`userData.schools.${user.school}`) },
    ...(user.schoolLevel !== '' ? [{ label: t('result.schoolLevel'), value: user.schoolLevel }] : []),
    { label: t('result.language'), value: t(`userData.languages.${user.language}`) },
    ...(testDate !== '' ? [{ label: t('result.testDate'), value: testDate }] : []),
  ];
  const assignedKey = scores.assignedLevel === 'above-3' ? 'above3' : String(scores.assignedLevel);
  const assignedText =
    scores.assignedLevel === 'above-3' ? t('result.levels.above3') : String(scores.assignedLevel);

  return {
    title: t('result.heading'),
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

/** The five-finger attempts, when the answer record carries them as left/right pairs. */
function fingerSplits(entry: unknown): { left: number; right: number }[] | undefined {
  const list = Array.isArray(entry)
    ? entry
    : entry && typeof entry === 'object' && 'attempts' in entry && Array.isArray(entry.attempts)
      ? entry.attempts
      : undefined;
  if (!list) return undefined;
  const splits = list.filter(
    (item): item is { left: number; right: number } =>
      !!item && typeof item === 'object' && typeof item.left === 'number' && typeof item.right === 'number',
  );
  return splits.length > 0 ? splits : undefined;
}

/** What was entered, as an educator reads it (docs/product.md §22). */
export function givenAnswerText(answer: ShownAnswer, t: TFunction): string {
  const given = answer.givenAnswer.trim();
  const type = answer.question.answerType;
  if (type === 'FiveFingers') {
    const splits = fingerSplits(answer.entry);
    if (splits) {
      return splits
        .map((split) => t('result.answers.fingers', split))
        .join(t('result.answers.attemptSeparator'));
    }
  }
  if (given === '') return t('result.questions.noAnswer');
  if (YES_NO_TYPES.has(type) && (given === '0' || given === '1')) {
    return given === '0' ? t('result.questions.yes') : t('result.questions.no');
  }
  if (type === 'CountAndForgotten') {
    return given === '0' ? t('result.questions.yes') : t('result.answers.forgotten', { number: given });
  }
  if (DOT_TYPES.has(type) && /^\d+$/.test(given)) {
    return t('result.answers.dots', { count: Number(given) });
  }
  if (type === 'MultipleChoiceWithImages' && /^\d+$/.test(given)) {
    return t('result.answers.picture', { number: given });
  }
  if (type === 'FiveFingers') {
    return given === '0'
      ? t('result.answers.fingersWrong')
      : t('result.answers.fingersRight', { number: given });
  }
  return given;
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
