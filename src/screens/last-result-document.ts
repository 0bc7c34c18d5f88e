import { questions as packQuestions } from 'virtual:zaehltest-content';
import type { Child, LocalResult } from '../children/types';
import { userOfChild } from '../children/user-of-child';
import { buildVerlauf } from '../children/verlauf';
import { germanDate } from '../domain/date';
import type { Translate } from '../i18n';
import type { ResultDocument } from '../results/result-document';
import { buildResultDocument, type ShownAnswer } from './use-result-document';
import { verlaufSection } from './verlauf-document';

type TFunction = Translate;

/**
 * 'Letztes Ergebnis' in the Gruppenübersicht (docs/product.md, Gruppenübersicht): the results
 * document of a stored test, drawn by the results page's own builder, so levels, unusual profile,
 * Förderhinweise and the questions read as they did then. The device keeps per answer only whether
 * it was right and what was given (src/children/types.ts): response times, 'keine Antwort',
 * re-shown pictures, interruptions and replays are not there, so the questions carry no notes and
 * 'Ablauf des Tests' says what was not kept instead of counting nothing. The child's details are
 * today's (a name corrected since shows corrected).
 */
export function lastResultDocument(
  child: Child,
  result: LocalResult,
  results: readonly LocalResult[],
  t: TFunction,
  site?: string,
): ResultDocument {
  const user = { ...userOfChild(child), language: result.language };
  const answers: ShownAnswer[] = result.answers.flatMap((stored) => {
    const question = packQuestions.find((q) => q.id === stored.question);
    const texts = question?.texts[result.language];
    if (!question || !texts) return [];
    return [
      {
        question: {
          id: question.id,
          level: question.level,
          answerType: question.answerType,
          currentTexts: texts,
        },
        givenAnswer: stored.given,
        correct: stored.correct,
        responseTimeMs: 0,
        answeredAt: result.finishedAt,
      },
    ];
  });
  const endedEarly = result.endedEarly ? { ...result.endedEarly, endedAt: result.finishedAt } : null;
  const doc = buildResultDocument(user, answers, t, site, endedEarly, result.understanding ?? null);
  const silent = result.silentPrompts;
  const sound = !silent
    ? t('result.sitting.soundUnknown')
    : silent.count === 0
      ? t('overview.resultSound')
      : silent.count === silent.total
        ? t('result.sitting.soundNone', { total: silent.total })
        : t('result.sitting.soundPartly', silent);
  // A test ended before its first answer has no answer to date it: the stored day stands in.
  const details = doc.details.some((detail) => detail.label === t('result.testDate'))
    ? doc.details
    : [...doc.details, { label: t('result.testDate'), value: germanDate(result.testDate) }];
  return {
    ...doc,
    details,
    ...(silent && silent.count > 0
      ? {
          soundNotice: {
            heading: t('result.soundNotice.heading'),
            text: t('result.soundNotice.text', silent),
          },
        }
      : {}),
    sitting: {
      heading: doc.sitting.heading,
      items: [
        ...doc.sitting.items.filter((item) => item.key === 'endedEarly'),
        { key: 'sound', label: t('result.sitting.sound'), value: sound },
        { key: 'notStored', label: t('overview.resultNotStoredLabel'), value: t('overview.resultNotStored') },
      ],
    },
    questions: { ...doc.questions, rows: doc.questions.rows.map((row) => ({ ...row, notes: [] })) },
    verlauf: verlaufSection(buildVerlauf(results, result.submissionId), t),
  };
}
