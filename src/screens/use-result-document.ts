import { questions as packQuestions } from 'virtual:zaehltest-content';
import { levels as levelTexts } from 'virtual:zaehltest-levels';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GERMAN } from '../../schemas/test-languages';
import { answerTypeOf } from '../answer-types/registry';
import { answerText } from '../answer-types/shared/answer-text';
import { isDraftLanguage, languageLabel, unreviewedTexts } from '../content/languages';
import type { Question, Texts } from '../content/types';
import { germanDate, localDay } from '../domain/date';
import { LEVEL_THRESHOLD, QUESTION_COUNT, SCORED_QUESTION_LEVELS } from '../domain/facts';
import type { Translate } from '../i18n';
import { activityGroups } from '../results/activity-groups';
import { formatSeconds } from '../results/format';
import { isPractice, type LevelResult, scoreLevels, unusualProfile } from '../results/levels';
import type { QuestionRow, ResultDocument, SittingSummary } from '../results/result-document';
import { unusualProfileText } from '../results/unusual-profile-text';
import type { AnswerRecord, EndedEarly, Understanding, UserData } from '../store/types';
import type { ReviewCounts } from '../updates/snapshot';

type TFunction = Translate;

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

/**
 * The results document of the session, in German (t() is called here, in the screen's hook).
 * `site` is the device's Einrichtungskennung, shown on the page and in the PDF when set.
 */
export function useResultDocument(
  user: UserData,
  answers: readonly ShownAnswer[],
  site?: string,
  endedEarly?: EndedEarly | null,
  understanding?: Understanding | null,
  review?: ReviewCounts | null,
): ResultDocument {
  const { t } = useTranslation();
  return useMemo(
    () => buildResultDocument(user, answers, t, site, endedEarly, understanding, review),
    [user, answers, t, site, endedEarly, understanding, review],
  );
}

/** How many scored questions each level has (seven each, docs/product.md §25). */
function questionsOfLevel(level: number): number {
  return Object.values(SCORED_QUESTION_LEVELS).filter((of) => of === level).length;
}

export function buildResultDocument(
  user: UserData,
  answers: readonly ShownAnswer[],
  t: TFunction,
  site?: string,
  endedEarly?: EndedEarly | null,
  /** Recorded on the start screen (docs/product.md §39); absent in sessions saved before it was asked. */
  understanding?: Understanding | null,
  /**
   * How many of the language's texts were confirmed and recorded for this test (the snapshot taken
   * at 'Test beginnen', docs/product.md §50); absent for results of earlier sessions.
   */
  review?: ReviewCounts | null,
): ResultDocument {
  if (endedEarly)
    return endedEarlyDocument(
      buildResultDocument(user, answers, t, site, null, understanding, review),
      user,
      answers,
      t,
      endedEarly,
    );
  const scores = scoreLevels(answers);
  const lastAnswer = answers.at(-1);
  const testDate = lastAnswer ? germanDate(localDay(lastAnswer.answeredAt)) : '';
  // Whether every text the child heard was reviewed by a native speaker (content/reviews/, and
  // the review on the server as the test began, docs/product.md §50).
  const counted = review && user.language !== GERMAN && review.texts > 0 ? review : null;
  // The language's '(Entwurf)' by the same count; a result without one has the build's status.
  const translation: string = counted
    ? String(
        t(
          counted.confirmed >= counted.texts
            ? 'result.translationAllConfirmed'
            : 'result.translationConfirmed',
          {
            confirmed: counted.confirmed,
            texts: counted.texts,
          },
        ),
      )
    : isDraftLanguage(user.language, null)
      ? String(t('result.translationUnreviewed', { count: unreviewedTexts(user.language) }))
      : String(t('result.translationReviewed'));
  const details = [
    { label: t('result.name'), value: user.name },
    { label: t('result.birthdate'), value: germanDate(user.birthdate) },
    { label: t('result.school'), value: t(`userData.schools.${user.school}`) },
    ...(user.schoolLevel !== '' ? [{ label: t('result.schoolLevel'), value: user.schoolLevel }] : []),
    { label: t('result.language'), value: languageLabel(user.language, counted) },
    ...(understanding
      ? [
          {
            label: t('understanding.label'),
            value: t(`understanding.values.${understanding}`),
            id: 'understanding' as const,
          },
        ]
      : []),
    { label: t('result.translation'), value: translation },
    ...(testDate !== '' ? [{ label: t('result.testDate'), value: testDate }] : []),
    ...(user.childCode ? [{ label: t('verlauf.childCode'), value: user.childCode }] : []),
    ...(site ? [{ label: t('site.resultLabel'), value: site, id: 'site' as const }] : []),
  ];
  const assignedKey = scores.assignedLevel === 'above-3' ? 'above3' : String(scores.assignedLevel);
  const assignedText =
    scores.assignedLevel === 'above-3' ? t('result.levels.above3') : String(scores.assignedLevel);

  const notice = soundNotice(answers, t);
  const unusual = unusualProfile(scores.levels);
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
    ...(unusual ? { unusualProfile: unusualProfileText(unusual, scores.assignedLevel, t) } : {}),
    sitting: sittingSummary(answers, t, counted),
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
      activities: activityGroups(scores.levels, scores.assignedLevel, t),
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
 * A test ended with 'Test beenden' (docs/product.md §38): the notice with the question and the
 * reason; points only for a level whose seven questions were all answered, no level assigned, no
 * unusual profile and no Förderhinweise (nothing was assigned); every question not answered is a
 * row 'nicht bearbeitet', never wrong.
 */
function endedEarlyDocument(
  doc: ResultDocument,
  user: UserData,
  answers: readonly ShownAnswer[],
  t: TFunction,
  endedEarly: EndedEarly,
): ResultDocument {
  const reason = t(`endEarly.reasons.${endedEarly.reason}`);
  const scores = scoreLevels(answers);
  const complete = scores.levels.filter((row) => row.questions >= questionsOfLevel(row.level));
  const total = complete.reduce(
    (sum, row) => ({ points: sum.points + row.points, questions: sum.questions + row.questions }),
    { points: 0, questions: 0 },
  );
  const answered = new Set(answers.map((answer) => answer.question.id));
  const notReached = packQuestions
    .filter((question: Question) => !answered.has(question.id))
    .map((question: Question) => notReachedRow(question, user, t));
  const { unusualProfile: _unusual, ...rest } = doc;
  return {
    ...rest,
    endedEarly: {
      heading: t('result.endedEarly.heading', {
        question: endedEarly.lastQuestion,
        total: QUESTION_COUNT,
        reason,
      }),
      // The child did not understand the language: the next step is German or another language it
      // knows (docs/product.md §44).
      text:
        endedEarly.reason === 'language' && user.language !== GERMAN
          ? `${t('result.endedEarly.text')} ${t('bilingual.otherLanguageResult')}`
          : t('result.endedEarly.text'),
    },
    levels: {
      ...doc.levels,
      rows: scores.levels.map((row) =>
        complete.includes(row)
          ? {
              level: String(row.level),
              points: t('result.levels.pointsOf', { points: row.points, questions: row.questions }),
              achieved: row.achieved,
              achievedText: row.achieved ? t('result.levels.yes') : t('result.levels.no'),
            }
          : {
              level: String(row.level),
              points: t('result.endedEarly.levelIncomplete'),
              achieved: false,
              achievedText: '–',
              incomplete: true,
            },
      ),
      total: {
        label: doc.levels.total.label,
        points:
          complete.length === 0
            ? '–'
            : t('result.levels.pointsOf', { points: total.points, questions: total.questions }),
      },
      assigned: { label: doc.levels.assigned.label, value: t('result.endedEarly.noLevel') },
    },
    sitting: {
      ...doc.sitting,
      items: [
        {
          key: 'endedEarly',
          label: t('result.endedEarly.sittingLabel'),
          value: t('result.endedEarly.sittingValue', {
            question: endedEarly.lastQuestion,
            total: QUESTION_COUNT,
            reason,
          }),
        },
        ...doc.sitting.items,
      ],
    },
    meanings: {
      ...doc.meanings,
      levels: doc.meanings.levels.map((level) => ({ ...level, assigned: false })),
      activities: [],
    },
    questions: {
      ...doc.questions,
      rows: [...doc.questions.rows, ...notReached].sort((a, b) => Number(a.number) - Number(b.number)),
    },
  };
}

function notReachedRow(question: Question, user: UserData, t: TFunction): QuestionRow {
  const practice = question.level === 0;
  const text = t('result.endedEarly.notReached');
  return {
    key: `${question.id}-not-reached`,
    number: String(question.id),
    level: practice ? t('result.questions.practice') : String(question.level),
    state: 'not-reached',
    child: { texts: question.texts[user.language] ?? question.texts.de, language: user.language },
    // A test in German shows its texts once (docs/product.md §44).
    german: user.language === GERMAN ? undefined : question.texts.de,
    given: text,
    notes: [],
    points: '–',
    pointsLabel: text,
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

/**
 * How the test went (docs/product.md §22): with or without sound, and how many answers were
 * 'keine Antwort', had their picture shown again, were interrupted or had their prompt read again,
 * each with its question numbers. Flags not recorded in older sessions count as absent.
 */
export function sittingSummary(
  answers: readonly ShownAnswer[],
  t: TFunction,
  review: ReviewCounts | null = null,
): SittingSummary {
  const counted = (key: string, label: string, matches: (answer: ShownAnswer) => boolean) => {
    const ids = answers.filter(matches).map((answer) => answer.question.id);
    const unique = [...new Set(ids)];
    return {
      key,
      label,
      value:
        unique.length === 0
          ? t('result.sitting.none')
          : t('result.sitting.count', { count: ids.length, questions: unique.join(', ') }),
    };
  };
  const replayed = answers.filter((answer) => (answer.prompt?.replays ?? 0) > 0);
  const replays = replayed.reduce((sum, answer) => sum + (answer.prompt?.replays ?? 0), 0);
  return {
    heading: t('result.sitting.heading'),
    items: [
      { key: 'sound', label: t('result.sitting.sound'), value: soundOfSitting(answers, t, review) },
      counted('noAnswer', t('result.sitting.noAnswer'), (answer) => answer.noAnswer === true),
      counted('reshown', t('result.sitting.reshown'), (answer) => (answer.exposuresMs?.length ?? 0) > 1),
      counted('interrupted', t('result.sitting.interrupted'), (answer) => answer.interrupted === true),
      {
        key: 'replays',
        label: t('result.sitting.replays'),
        value:
          replays === 0
            ? t('result.sitting.none')
            : t('result.sitting.replaysCount', {
                count: replays,
                questions: replayed.map((answer) => answer.question.id).join(', '),
              }),
      },
    ],
  };
}

function soundOfSitting(answers: readonly ShownAnswer[], t: TFunction, review: ReviewCounts | null): string {
  const sound = soundOfAnswers(answers, t);
  if (!review || review.spoken === 0) return sound;
  return `${sound}; ${t('result.sitting.recordings', { recorded: review.recorded, spoken: review.spoken })}`;
}

function soundOfAnswers(answers: readonly ShownAnswer[], t: TFunction): string {
  const recorded = answers.filter((answer) => answer.prompt !== undefined);
  if (recorded.length === 0) return t('result.sitting.soundUnknown');
  const unspoken = recorded.filter((answer) => answer.prompt?.source === 'none').length;
  if (unspoken === recorded.length) return t('result.sitting.soundNone', { total: recorded.length });
  if (unspoken > 0) return t('result.sitting.soundPartly', { count: unspoken, total: recorded.length });
  const sources = (['recording', 'synthesis'] as const).filter((source) =>
    recorded.some((answer) => answer.prompt?.source === source),
  );
  return t('result.sitting.soundRecorded', {
    sources: sources.map((source) => t(`speech.sources.${source}`)).join(' und '),
  });
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
    german: user.language === GERMAN ? undefined : germanTexts(answer.question.id),
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
  const notes: string[] = [
    t('result.questions.responseTime', { seconds: formatSeconds(answer.responseTimeMs) }),
  ];
  const exposures = answer.exposuresMs ?? (answer.exposureMs !== undefined ? [answer.exposureMs] : []);
  if (exposures.length > 1) {
    notes.push(t('result.questions.exposures', { list: exposures.map((ms) => Math.round(ms)).join(' + ') }));
  } else if (exposures.length === 1) {
    notes.push(t('result.questions.exposure', { ms: Math.round(exposures[0]!) }));
  }
  if (answer.pageHiddenDuringExposure) notes.push(t('result.questions.pageHidden'));
  if (answer.tries !== undefined) {
    // A practice the educator ended with 'Weiter' (docs/product.md §6) says so beside its tries.
    const key = answer.skipped ? 'result.questions.triesSkipped' : 'result.questions.tries';
    notes.push(t(key, { count: answer.tries }));
  }
  if (exposures.length > 1) notes.push(t('result.shownTwice'));
  if (answer.interrupted) notes.push(t('result.questions.interrupted'));
  if (answer.prompt) {
    notes.push(t(`result.questions.prompt.${answer.prompt.source}`));
    if (answer.prompt.replays > 0) {
      notes.push(t('result.questions.replays', { count: answer.prompt.replays }));
    }
  }
  return notes;
}
