import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRMED_BY_FILE, type SprachenLanguage, type TextState } from '../../schemas/sprachen-api';
import type { Me } from '../../schemas/verwaltung-api';
import { useFailure, useFormatTime } from '../verwaltung/shared';
import { approveRecording, confirmText, proposeCorrection, uploadRecording } from './api';
import { useRecorder } from './use-recorder';

/**
 * One text of the child's language beside its German reference (docs/product.md §50): who confirmed
 * it, 'Geprüft', 'Korrektur vorschlagen' (the draft shows in the preview as it is typed), a pending
 * correction to confirm by a second person, and the recording: record, listen, record again,
 * approve another person's take; 'veraltet' when the text changed since.
 */
export function TextCard({
  text,
  language,
  me,
  onDraft,
  onChanged,
  onSessionEnded,
}: {
  text: TextState;
  language: SprachenLanguage;
  me: Me;
  onDraft(key: string, draft: string | undefined): void;
  onChanged(text: TextState): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const formatTime = useFormatTime();
  const [draft, setDraft] = useState<string>();
  const [note, setNote] = useState('');
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string }>();
  const correctionId = useId();
  const noteId = useId();
  const headingId = useId();
  const editor = useRef<HTMLTextAreaElement>(null);
  const player = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const field = t(`sprachen.fields.${text.field}`, { defaultValue: text.field });
  const own = { lang: language.code, dir: language.dir };

  useEffect(() => onDraft(text.key, draft), [draft, onDraft, text.key]);
  const editing = draft !== undefined;
  useEffect(() => {
    if (editing) editor.current?.focus();
  }, [editing]);

  const act = async (action: () => Promise<TextState>, done: string) => {
    if (working) return;
    setWorking(true);
    setMessage(undefined);
    try {
      onChanged(await action());
      setMessage({ kind: 'status', text: done });
      return true;
    } catch (failure) {
      failed(failure, (reason) =>
        setMessage({ kind: 'alert', text: t('sprachen.failed', { message: reason }) }),
      );
      return false;
    } finally {
      setWorking(false);
    }
  };

  const submitCorrection = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === undefined) return;
    const ok = await act(
      () => proposeCorrection({ language: language.code, key: text.key, text: draft, note }),
      t('sprachen.proposed'),
    );
    if (ok) {
      setDraft(undefined);
      setNote('');
    }
  };

  const recorder = useRecorder(async (mp3) => {
    if (!mp3) {
      setMessage({ kind: 'alert', text: t('sprachen.recording.silent') });
      return;
    }
    await act(
      () => uploadRecording(language.code, text.key, text.current, mp3),
      t('sprachen.recording.saved'),
    );
  });

  const mine = (by: string | undefined) => by !== undefined && by === me.name;
  const proposal = text.proposal;
  const take = text.recording;

  return (
    <article className="sprachen-text" aria-labelledby={headingId} data-key={text.key}>
      <h3 id={headingId}>{field}</h3>
      <div className="sprachen-pair">
        <div className="sprachen-german">
          <span className="sprachen-label">{t('sprachen.german')}</span>
          <p lang="de">{text.german}</p>
        </div>
        <div className="sprachen-own">
          <span className="sprachen-label">{t('sprachen.own', { language: language.name })}</span>
          <p {...own} data-testid="current">
            {text.current || <em lang="de">{t('sprachen.state.empty')}</em>}
          </p>
        </div>
      </div>

      <p className="sprachen-state" data-testid="state">
        {text.confirmed
          ? text.confirmed.by === CONFIRMED_BY_FILE
            ? t('sprachen.state.confirmedByFile')
            : t('sprachen.state.confirmedBy', {
                by: text.confirmed.by,
                at: formatTime(text.confirmed.at),
              })
          : t('sprachen.state.unconfirmed')}
        {text.corrected && <span> · {t('sprachen.state.corrected')}</span>}
      </p>

      {proposal && (
        <div className="sprachen-proposal" data-testid="proposal">
          <p>
            {mine(proposal.by)
              ? t('sprachen.state.proposedByMe', { at: formatTime(proposal.at) })
              : t('sprachen.state.proposedBy', { by: proposal.by, at: formatTime(proposal.at) })}
          </p>
          <span className="sprachen-label">{t('sprachen.state.proposal')}</span>
          <p {...own}>{proposal.text}</p>
          {proposal.note && (
            <p className="auswertung-hint">{t('sprachen.state.note', { note: proposal.note })}</p>
          )}
        </div>
      )}

      {draft === undefined ? (
        <div className="sprachen-actions">
          {proposal && !mine(proposal.by) && (
            <button
              type="button"
              className="auswertung-button"
              disabled={working}
              onClick={() =>
                void act(
                  () => confirmText({ language: language.code, key: text.key, text: proposal.text }),
                  t('sprachen.confirmed'),
                )
              }
            >
              {t('sprachen.confirmProposal')}
            </button>
          )}
          {text.current !== '' && (
            <button
              type="button"
              className={
                proposal || text.confirmed
                  ? 'auswertung-button auswertung-button--quiet'
                  : 'auswertung-button'
              }
              disabled={working}
              aria-describedby={headingId}
              onClick={() =>
                void act(
                  () => confirmText({ language: language.code, key: text.key, text: text.current }),
                  t('sprachen.confirmed'),
                )
              }
            >
              {t('sprachen.confirm')}
            </button>
          )}
          <button
            type="button"
            className="auswertung-button auswertung-button--quiet"
            disabled={working}
            aria-describedby={headingId}
            onClick={() => setDraft(proposal?.text ?? text.current)}
          >
            {t('sprachen.propose')}
          </button>
        </div>
      ) : (
        <form className="sprachen-correction" onSubmit={(event) => void submitCorrection(event)}>
          <h4>{t('sprachen.proposeHeading', { field })}</h4>
          <label htmlFor={correctionId}>{t('sprachen.correction')}</label>
          <textarea
            ref={editor}
            id={correctionId}
            {...own}
            rows={3}
            required
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <label htmlFor={noteId}>{t('sprachen.correctionNote')}</label>
          <textarea
            id={noteId}
            lang="de"
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="sprachen-actions">
            <button type="submit" className="auswertung-button" disabled={working}>
              {t('sprachen.send')}
            </button>
            <button
              type="button"
              className="auswertung-button auswertung-button--quiet"
              onClick={() => {
                setDraft(undefined);
                setNote('');
              }}
            >
              {t('sprachen.cancel')}
            </button>
          </div>
        </form>
      )}

      {text.recordingKey === null ? null : (
        <div className="sprachen-recording" data-testid="recording">
          <h4>{t('sprachen.recording.heading')}</h4>
          {!take && <p className="auswertung-hint">{t('sprachen.recording.none')}</p>}
          {take && (
            <>
              <p>{t('sprachen.recording.madeBy', { by: take.madeBy, at: formatTime(take.madeAt) })}</p>
              <p className={take.stale ? 'sprachen-stale' : undefined} data-testid="recording-state">
                {take.stale
                  ? t('sprachen.recording.stale')
                  : take.approvedBy
                    ? t('sprachen.recording.approvedBy', {
                        by: take.approvedBy,
                        at: formatTime(take.approvedAt),
                      })
                    : mine(take.madeBy)
                      ? t('sprachen.recording.waitingMine')
                      : t('sprachen.recording.waiting')}
              </p>
              {text.served && text.served.id !== take.id && (
                <p className="auswertung-hint">
                  {t('sprachen.recording.servedOlder', { by: text.served.madeBy })}
                </p>
              )}
              {/* biome-ignore lint/a11y/useMediaCaption: a spoken prompt whose words stand above. */}
              <audio
                ref={player}
                preload="none"
                src={take.url}
                onPlay={() => setPlaying(true)}
                onPause={() => setPlaying(false)}
                onEnded={() => setPlaying(false)}
              />
            </>
          )}
          <div className="sprachen-actions">
            {take && (
              <button
                type="button"
                className="auswertung-button auswertung-button--quiet"
                aria-describedby={headingId}
                onClick={() => {
                  const audio = player.current;
                  if (!audio) return;
                  if (playing) audio.pause();
                  else {
                    audio.currentTime = 0;
                    void audio
                      .play()
                      .catch(() => setMessage({ kind: 'alert', text: t('sprachen.recording.playFailed') }));
                  }
                }}
              >
                {playing ? t('sprachen.recording.pause') : t('sprachen.recording.listen')}
              </button>
            )}
            {recorder.state === 'recording' ? (
              <button
                type="button"
                className="auswertung-button auswertung-button--danger"
                onClick={recorder.stop}
              >
                {t('sprachen.recording.stop')}
              </button>
            ) : (
              <button
                type="button"
                className={take ? 'auswertung-button auswertung-button--quiet' : 'auswertung-button'}
                disabled={working || recorder.state === 'saving' || text.current === ''}
                aria-describedby={headingId}
                onClick={() =>
                  void recorder.start().then((started) => {
                    setMessage(
                      started ? undefined : { kind: 'alert', text: t('sprachen.recording.noMicrophone') },
                    );
                  })
                }
              >
                {take ? t('sprachen.recording.recordAgain') : t('sprachen.recording.record')}
              </button>
            )}
            {take && !take.approvedBy && !take.stale && !mine(take.madeBy) && (
              <button
                type="button"
                className="auswertung-button"
                disabled={working}
                onClick={() => void act(() => approveRecording(take.id), t('sprachen.recording.approved'))}
              >
                {t('sprachen.recording.approve')}
              </button>
            )}
          </div>
          {recorder.state === 'recording' && <p role="status">{t('sprachen.recording.recordingNow')}</p>}
          {recorder.state === 'saving' && <p role="status">{t('sprachen.recording.saving')}</p>}
        </div>
      )}

      {message && (
        <p role={message.kind} className={message.kind === 'alert' ? 'auswertung-error' : 'sprachen-done'}>
          {message.text}
        </p>
      )}
    </article>
  );
}
