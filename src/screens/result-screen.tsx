import './result-screen.css';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { textDirection } from '../content/languages';
import type { Texts } from '../content/types';
import { germanDate, localDay } from '../domain/date';
import type { Translate } from '../i18n';
import { LetterButton, letterFileName, letterLabels, letterLanguages } from '../letters/letter-button';
import { scoreLevels } from '../results/levels';
import { type OutboxSnapshot, startOutbox, type UploadStatus } from '../results/outbox';
import { pdfFileName } from '../results/pdf-file-name';
import type { ResultDocument } from '../results/result-document';
import { readSite } from '../settings/site';
import { useStore } from '../store';
import { ColumnHeaders } from './column-headers';
import { BackToStart } from './leave-results';
import { SoundNotice } from './sound-notice';
import { useResultDocument } from './use-result-document';
import { useVerlauf, type VerlaufState } from './use-verlauf';
import { verlaufSection } from './verlauf-document';
import { VerlaufTable } from './verlauf-table';

/**
 * The results screen (docs/product.md §31, §22): the child's details, points per level with the
 * assigned level and a legend of both, an unusual profile told as such (§28), how the test went,
 * what the levels mean with their Förderhinweise, every answer with the German reference text, a PDF export drawn from the same document, and
 * one discreet line on the upload. On opening it asks the store to queue the result for upload (the
 * store's `queueResult`) and then only shows the outbox's state of it.
 */
export function ResultScreen() {
  const { t } = useTranslation();
  const user = useStore((s) => s.user);
  const answers = useStore((s) => s.answers);
  const submissionId = useStore((s) => s.submissionId);
  const resultQueued = useStore((s) => s.resultQueued);
  const markPdfSaved = useStore((s) => s.markPdfSaved);
  const [pdfState, setPdfState] = useState<'idle' | 'working' | 'failed'>('idle');
  const outbox = useMemo(startOutbox, []);
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
  const [site] = useState(readSite);
  const endedEarly = useStore((s) => s.endedEarly);
  const understanding = useStore((s) => s.understanding);
  const review = useStore((s) => s.updates?.counts ?? null);
  const baseDoc = useResultDocument(user, answers, site, endedEarly, understanding, review);
  const verlauf = useVerlauf(submissionId, user, answers, endedEarly, understanding);
  const doc = useMemo(
    () => (verlauf.kind === 'ready' ? { ...baseDoc, verlauf: verlaufSection(verlauf.entries, t) } : baseDoc),
    [baseDoc, verlauf, t],
  );

  useEffect(() => {
    useStore
      .getState()
      .queueResult()
      .catch((error: unknown) => console.error('Result could not be queued for upload', error));
  }, []);

  async function savePdf() {
    if (pdfState === 'working') return;
    setPdfState('working');
    try {
      const { saveResultPdf } = await import('../results/pdf');
      const result = await saveResultPdf(doc, {
        fileName: pdfFileName(user.name, user.birthdate),
        pageLabel: (page, pages) => t('result.pdfPage', { page, pages }),
      });
      console.info('PDF saved', result);
      markPdfSaved();
      setPdfState('idle');
    } catch (error) {
      console.error('PDF export failed', error);
      setPdfState('failed');
    }
  }

  const uploadStatus = displayStatus(snapshot, submissionId, resultQueued);
  const durable = !!submissionId && snapshot.durable && !snapshot.volatile.has(submissionId);

  return (
    <div className="result-screen">
      <div className="result-toolbar">
        <BackToStart facts={{ verlauf: verlauf.kind, upload: uploadStatus, durable }} />
        <p className={`result-upload result-upload--${uploadStatus ?? 'none'}`} role="status">
          {uploadStatus && submissionId && uploadText(uploadStatus, durable, t)}
        </p>
        <button
          type="button"
          className="result-button result-button--primary"
          onClick={savePdf}
          disabled={pdfState === 'working'}
        >
          {pdfState === 'working' ? t('result.savingPdf') : t('result.savePdf')}
        </button>
        <LetterButton
          className="result-button"
          label={t('letters.resultLetterNamed', { languages: letterLanguages(user.language, t) })}
          save={async () => {
            const { renderResultLetter, saveLetter } = await import('../letters/letter-pdf');
            const last = answers.at(-1);
            const pdf = renderResultLetter(
              user.language,
              {
                childName: user.name,
                testDate: last ? germanDate(localDay(last.answeredAt)) : '',
                level: scoreLevels(answers).assignedLevel,
                groups: doc.meanings.activities,
              },
              letterLabels(t),
            );
            return saveLetter(pdf, letterFileName('Ergebnisbrief', user.name, user.birthdate));
          }}
        >
          {t('letters.resultLetter')}
        </LetterButton>
      </div>
      {pdfState === 'failed' && (
        <p className="result-pdf-error" role="alert">
          {t('result.pdfFailed')}
        </p>
      )}

      <article className="result-document" aria-labelledby="result-heading">
        <header className="result-header">
          <h1 id="result-heading">{doc.title}</h1>
          {doc.endedEarly && (
            <div className="result-sound-notice result-ended-early" role="note" data-testid="ended-early">
              <p className="result-sound-notice-heading">{doc.endedEarly.heading}</p>
              <p>{doc.endedEarly.text}</p>
            </div>
          )}
          <SoundNotice notice={doc.soundNotice} />
          <dl className="result-details" aria-label={t('result.detailsLabel')}>
            {doc.details.map((detail) => (
              <Detail key={detail.label} {...detail} />
            ))}
          </dl>
        </header>

        <section className="result-section" aria-labelledby="result-levels-heading">
          <h2 id="result-levels-heading">{doc.levels.heading}</h2>
          <table className="result-table result-levels">
            <ColumnHeaders columns={doc.levels.columns} />
            <tbody>
              {doc.levels.rows.map((row) => (
                <tr key={row.level} className={row.achieved ? 'is-correct' : undefined}>
                  <th scope="row">{row.level}</th>
                  <td>{row.points}</td>
                  <td>
                    {!row.incomplete && <Mark ok={row.achieved} />}
                    {row.achievedText}
                  </td>
                </tr>
              ))}
              <tr className="result-total">
                <th scope="row">{doc.levels.total.label}</th>
                <td>{doc.levels.total.points}</td>
                <td />
              </tr>
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {doc.levels.assigned.label}
                </th>
                <td className="result-assigned" data-testid="assigned-level">
                  {doc.levels.assigned.value}
                </td>
              </tr>
            </tfoot>
          </table>
          {doc.unusualProfile && (
            <div className="result-unusual" role="note" data-testid="unusual-profile">
              <p className="result-unusual-heading">{doc.unusualProfile.heading}</p>
              {doc.unusualProfile.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          )}
          <div className="result-legend">
            <h3>{doc.legend.heading}</h3>
            <dl>
              {doc.legend.items.map((item) => (
                <div key={item.term}>
                  <dt>{item.term}:</dt> <dd>{item.text}</dd>
                </div>
              ))}
            </dl>
          </div>
          <p className="result-disclaimer">{doc.disclaimer}</p>
        </section>

        <section className="result-section result-sitting" aria-labelledby="result-sitting-heading">
          <h2 id="result-sitting-heading">{doc.sitting.heading}</h2>
          <dl data-testid="sitting">
            {doc.sitting.items.map((item) => (
              <div key={item.key} data-key={item.key} className="result-sitting-line">
                <dt>{item.label}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <VerlaufPart state={verlauf} section={doc.verlauf} />

        <section className="result-section result-meanings" aria-labelledby="result-meanings-heading">
          <h2 id="result-meanings-heading">{doc.meanings.heading}</h2>
          <ul className="result-level-list">
            {doc.meanings.levels.map((level) => (
              <li key={level.key} className={level.assigned ? 'is-assigned' : undefined}>
                <strong>{level.title}</strong>
                {level.assigned && (
                  <span className="result-assigned-tag">{t('result.meanings.assignedMark')}</span>
                )}
                <p>{level.description}</p>
              </li>
            ))}
          </ul>
          {doc.meanings.activities.map((group) => (
            <div className="result-activities" key={group.heading}>
              <h3>{group.heading}</h3>
              {group.description && <p>{group.description}</p>}
              <ul>
                {group.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>

        <section className="result-section" aria-labelledby="result-questions-heading">
          <h2 id="result-questions-heading">{doc.questions.heading}</h2>
          <table className="result-table result-questions">
            <colgroup>
              <col className="col-number" />
              <col className="col-level" />
              <col className="col-text" />
              <col className="col-answer" />
              <col className="col-points" />
            </colgroup>
            <ColumnHeaders columns={doc.questions.columns} />
            <tbody>
              {doc.questions.rows.map((row) => (
                <tr key={row.key} className={`is-${row.state}`}>
                  <td className="result-number">
                    <span className="result-phone-label">{doc.questions.columns[0]} </span>
                    {row.number}
                  </td>
                  <td>
                    {row.state !== 'practice' && (
                      <span className="result-phone-label">{doc.questions.columns[1]} </span>
                    )}
                    {row.level}
                  </td>
                  <td className="result-text">
                    <div lang={row.child.language} dir={textDirection(row.child.language)}>
                      <TaskTexts texts={row.child.texts} />
                    </div>
                    {row.german && (
                      <div className="result-german" lang="de">
                        <span className="result-german-label">{doc.questions.germanLabel}: </span>
                        <TaskTexts texts={row.german} />
                      </div>
                    )}
                  </td>
                  <td>
                    <span className="result-given">{row.given}</span>
                    <span className="result-timing">{row.notes.join(' · ')}</span>
                  </td>
                  <td className="result-points">
                    {row.state === 'practice' || row.state === 'not-reached' ? (
                      <span title={row.pointsLabel}>–</span>
                    ) : (
                      <>
                        {row.points}
                        <Mark ok={row.state === 'correct'} />
                        <span className="visually-hidden">{row.pointsLabel}</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </article>
    </div>
  );
}

/** 'Verlauf' under the levels: the child's tests on this device (docs/product.md, Verlauf). */
function VerlaufPart({ state, section }: { state: VerlaufState; section: ResultDocument['verlauf'] }) {
  const { t } = useTranslation();
  return (
    <section className="result-section result-verlauf" aria-labelledby="result-verlauf-heading">
      <h2 id="result-verlauf-heading">{t('verlauf.heading')}</h2>
      {state.kind === 'not-saved' && <p className="verlauf-intro">{t('verlauf.notSaved')}</p>}
      {state.kind === 'loading' && <p className="verlauf-intro">{t('verlauf.loading')}</p>}
      {state.kind === 'failed' && (
        <p className="verlauf-intro" role="alert">
          {t('verlauf.loadFailed')}
        </p>
      )}
      {section && <VerlaufTable verlauf={section} />}
    </section>
  );
}

/** Situation, question and (where there is one) the answer step's prompt of a question. */
function TaskTexts({ texts }: { texts: Texts }) {
  return (
    <>
      <span className="result-situation">{texts.situationText}</span>{' '}
      <span className="result-question">{texts.questionText}</span>
      {texts.answerText && <span className="result-answer-label">{texts.answerText}</span>}
    </>
  );
}

type TFunction = Translate;

function Detail({ label, value, id }: ResultDocument['details'][number]) {
  return (
    <div className="result-detail">
      <dt>{label}</dt>
      <dd data-testid={id ? `result-${id}` : undefined}>{value || '—'}</dd>
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
