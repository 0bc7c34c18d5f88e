import './result-screen.css';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { answerTypeOf } from '../answer-types/registry';
import { answerText } from '../answer-types/shared/answer-text';
import { germanDate } from '../domain/date';
import { formatSeconds, localDay } from '../results/format';
import { type AssignedLevel, isPractice, scoreLevels } from '../results/levels';
import { type OutboxSnapshot, startOutbox, type UploadStatus } from '../results/outbox';
import { pdfFileName } from '../results/pdf-file-name';
import { useStore } from '../store';
import type { AnswerRecord } from '../store/types';
import { BackToStart } from './leave-results';

const PDF_RENDER_CLASS = 'result-document--pdf';

/**
 * The results screen (docs/product.md §31): the child's details, points per level with the assigned
 * level, every answer, a PDF export, and one discreet line on the upload. On opening it asks the
 * store to queue the result for upload (the store's `queueResult`) and then only shows the
 * outbox's state of it.
 */
export function ResultScreen() {
  const { t } = useTranslation();
  const user = useStore((s) => s.user);
  const answers = useStore((s) => s.answers);
  const submissionId = useStore((s) => s.submissionId);
  const resultQueued = useStore((s) => s.resultQueued);
  const markPdfSaved = useStore((s) => s.markPdfSaved);
  const documentRef = useRef<HTMLElement>(null);
  const [pdfState, setPdfState] = useState<'idle' | 'working' | 'failed'>('idle');
  const outbox = useMemo(startOutbox, []);
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
  const scores = useMemo(() => scoreLevels(answers), [answers]);

  useEffect(() => {
    useStore
      .getState()
      .queueResult()
      .catch((error: unknown) => console.error('Result could not be queued for upload', error));
  }, []);

  async function savePdf() {
    if (!documentRef.current || pdfState === 'working') return;
    setPdfState('working');
    try {
      const { saveResultPdf } = await import('../results/pdf');
      const result = await saveResultPdf(documentRef.current, {
        fileName: pdfFileName(user.name, user.birthdate),
        pageLabel: (page, pages) => t('result.pdfPage', { page, pages }),
        renderClass: PDF_RENDER_CLASS,
      });
      console.info('PDF saved', result);
      markPdfSaved();
      setPdfState('idle');
    } catch (error) {
      console.error('PDF export failed', error);
      setPdfState('failed');
    }
  }

  const lastAnswer = answers.at(-1);
  const testDate = lastAnswer ? localDay(lastAnswer.answeredAt) : '';
  const childLanguage = user.language;
  const uploadStatus = displayStatus(snapshot, submissionId, resultQueued);

  return (
    <div className="result-screen">
      <div className="result-toolbar">
        <BackToStart />
        <p className={`result-upload result-upload--${uploadStatus ?? 'none'}`} role="status">
          {uploadStatus &&
            submissionId &&
            uploadText(uploadStatus, snapshot.durable && !snapshot.volatile.has(submissionId), t)}
        </p>
        <button
          type="button"
          className="result-button result-button--primary"
          onClick={savePdf}
          disabled={pdfState === 'working'}
        >
          {pdfState === 'working' ? t('result.savingPdf') : t('result.savePdf')}
        </button>
      </div>
      {pdfState === 'failed' && (
        <p className="result-pdf-error" role="alert">
          {t('result.pdfFailed')}
        </p>
      )}

      <article className="result-document" ref={documentRef} aria-labelledby="result-heading">
        <header className="result-header">
          <h1 id="result-heading">{t('result.heading')}</h1>
          <dl className="result-details" aria-label={t('result.detailsLabel')}>
            <Detail label={t('result.name')} value={user.name} />
            <Detail label={t('result.birthdate')} value={germanDate(user.birthdate)} />
            <Detail label={t('result.school')} value={t(`userData.schools.${user.school}`)} />
            {user.schoolLevel !== '' && <Detail label={t('result.schoolLevel')} value={user.schoolLevel} />}
            <Detail label={t('result.language')} value={t(`userData.languages.${user.language}`)} />
            {testDate !== '' && <Detail label={t('result.testDate')} value={germanDate(testDate)} />}
          </dl>
        </header>

        <section className="result-section" aria-labelledby="result-levels-heading">
          <h2 id="result-levels-heading">{t('result.levels.heading')}</h2>
          <table className="result-table result-levels">
            <thead>
              <tr>
                <th scope="col">{t('result.levels.level')}</th>
                <th scope="col">{t('result.levels.points')}</th>
                <th scope="col">{t('result.levels.achieved')}</th>
              </tr>
            </thead>
            <tbody>
              {scores.levels.map((row) => (
                <tr key={row.level} className={row.achieved ? 'is-correct' : undefined}>
                  <th scope="row">{row.level}</th>
                  <td>{t('result.levels.pointsOf', { points: row.points, questions: row.questions })}</td>
                  <td>
                    <Mark ok={row.achieved} />
                    {row.achieved ? t('result.levels.yes') : t('result.levels.no')}
                  </td>
                </tr>
              ))}
              <tr className="result-total">
                <th scope="row">{t('result.levels.total')}</th>
                <td>
                  {t('result.levels.pointsOf', {
                    points: scores.total.points,
                    questions: scores.total.questions,
                  })}
                </td>
                <td />
              </tr>
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('result.levels.assigned')}
                </th>
                <td className="result-assigned" data-testid="assigned-level">
                  {assignedLevelText(scores.assignedLevel, t('result.levels.above3'))}
                </td>
              </tr>
            </tfoot>
          </table>
        </section>

        <section className="result-section" aria-labelledby="result-questions-heading">
          <h2 id="result-questions-heading">{t('result.questions.heading')}</h2>
          <table className="result-table result-questions">
            <colgroup>
              <col className="col-number" />
              <col className="col-level" />
              <col className="col-text" />
              <col className="col-answer" />
              <col className="col-points" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">{t('result.questions.number')}</th>
                <th scope="col">{t('result.questions.level')}</th>
                <th scope="col">{t('result.questions.text')}</th>
                <th scope="col">{t('result.questions.givenAnswer')}</th>
                <th scope="col">{t('result.questions.points')}</th>
              </tr>
            </thead>
            <tbody>
              {answers.map((answer) => {
                const practice = isPractice(answer);
                const texts = answer.question.currentTexts;
                return (
                  <tr
                    // Practice questions may be recorded more than once; their timestamps differ.
                    key={`${answer.question.id}-${answer.answeredAt}`}
                    className={practice ? 'is-practice' : answer.correct ? 'is-correct' : 'is-incorrect'}
                  >
                    <td className="result-number">{answer.question.id}</td>
                    <td>{practice ? t('result.questions.practice') : answer.question.level}</td>
                    <td
                      className="result-text"
                      lang={childLanguage}
                      dir={childLanguage === 'ar' ? 'rtl' : 'ltr'}
                    >
                      <span className="result-situation">{texts.situationText}</span>{' '}
                      <span className="result-question">{texts.questionText}</span>
                      {texts.answerText && <span className="result-answer-label">{texts.answerText}</span>}
                    </td>
                    <td>
                      <span className="result-given">{givenAnswerText(answer, t)}</span>
                      <span className="result-timing">{timingText(answer, t)}</span>
                    </td>
                    <td className="result-points">
                      {practice ? (
                        <span title={t('result.questions.notScored')}>–</span>
                      ) : (
                        <>
                          {answer.correct ? 1 : 0}
                          <Mark ok={answer.correct} />
                          <span className="visually-hidden">
                            {answer.correct ? t('result.questions.correct') : t('result.questions.incorrect')}
                          </span>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </article>
    </div>
  );
}

type TFunction = ReturnType<typeof useTranslation>['t'];

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="result-detail">
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}

/** A check or cross beside the colour, so the row still reads in greyscale print. */
function Mark({ ok }: { ok: boolean }) {
  return (
    <span
      className={ok ? 'result-mark result-mark--ok' : 'result-mark result-mark--wrong'}
      aria-hidden="true"
    >
      {ok ? '✓' : '✗'}
    </span>
  );
}

function assignedLevelText(level: AssignedLevel, above3: string): string {
  return level === 'above-3' ? above3 : String(level);
}

/** The answer as entered, in German words (the answer type's display). */
function givenAnswerText(answer: AnswerRecord, t: TFunction): string {
  return answerText(answerTypeOf(answer.question.answerType).display(answer), t);
}

/** '2,4 s · Bild 1500 ms': response time and, for flashed pictures, the measured exposure. */
function timingText(answer: AnswerRecord, t: TFunction): string {
  const parts = [t('result.questions.responseTime', { seconds: formatSeconds(answer.responseTimeMs) })];
  if (answer.exposuresMs && answer.exposuresMs.length > 1) {
    const list = answer.exposuresMs.map((ms) => Math.round(ms)).join(' + ');
    parts.push(t('result.questions.exposures', { list }));
  } else if (answer.exposureMs !== undefined) {
    parts.push(t('result.questions.exposure', { ms: Math.round(answer.exposureMs) }));
  }
  if (answer.interrupted) parts.push(t('result.questions.interrupted'));
  if (answer.pageHiddenDuringExposure) parts.push(t('result.questions.pageHidden'));
  return parts.join(' · ');
}

/**
 * The upload state of this result. After a reload the outbox no longer holds a result it has
 * delivered; with `resultQueued` set, an id the loaded outbox does not know was therefore sent.
 */
function displayStatus(
  snapshot: OutboxSnapshot,
  submissionId: string | null,
  resultQueued: boolean,
): UploadStatus | undefined {
  if (!submissionId) return undefined;
  const known = snapshot.statuses.get(submissionId);
  if (known) return known;
  if (resultQueued && snapshot.loaded) return 'sent';
  return undefined;
}

function uploadText(status: UploadStatus, durable: boolean, t: TFunction): string {
  switch (status) {
    case 'sent':
      return t('result.upload.sent');
    case 'sending':
      return t('result.upload.sending');
    case 'saved':
      return durable ? t('result.upload.saved') : t('result.upload.savedInMemory');
    case 'rejected':
      return t('result.upload.rejected');
  }
}
