import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question } from '../content/types';
import { RECORDINGS_PATH } from './dev-protocol';
import type { PreviewLanguage } from './preview-hash';
import { recordingToMp3 as toMp3 } from './recording-audio';

const FIELDS = ['situationText', 'questionText', 'answerText'] as const;
type Field = (typeof FIELDS)[number];

/** What the dev server says of a recording made for an older text. */
interface StaleText {
  recorded: string;
  current: string;
}

function recordingKey(questionId: number, language: PreviewLanguage, field: Field): string {
  return `q${String(questionId).padStart(2, '0')}/${language}-${field}`;
}

/**
 * Recording the child's texts of one question in one language with the microphone (dev server
 * only): each text can be recorded, listened to, recorded again and deleted. The dev server saves
 * the MP3 under content/audio/, where the test plays it instead of the device's voice.
 */
export function RecordingPanel({ question, language }: { question: Question; language: PreviewLanguage }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  /** Saved recordings made for an older text, with the text they say (docs/product.md §14). */
  const [stale, setStale] = useState<Readonly<Record<string, StaleText>>>({});
  const [recording, setRecording] = useState<Field | null>(null);
  const [busy, setBusy] = useState<Field | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    let live = true;
    fetch(RECORDINGS_PATH, { cache: 'no-store' })
      .then(
        (response) => response.json() as Promise<{ recordings: string[]; stale?: Record<string, StaleText> }>,
      )
      .then(({ recordings, stale }) => {
        if (!live) return;
        setSaved(new Set(recordings));
        setStale(stale ?? {});
      })
      .catch(() => live && setMessage(t('preview.recording.listFailed')));
    return () => {
      live = false;
      // Leaving the question mid-recording discards the take instead of saving half a text.
      const media = recorder.current;
      if (media) {
        media.onstop = () => {
          for (const track of media.stream.getTracks()) track.stop();
        };
        media.stop();
      }
      player.current?.pause();
    };
  }, [t]);

  if (language === 'de') return null;
  const texts = question.texts[language];
  if (!texts) return null;
  const fields = FIELDS.filter((field) => typeof texts[field] === 'string' && texts[field] !== '');

  const start = async (field: Field) => {
    setMessage(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setMessage(t('preview.recording.noMicrophone'));
      return;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream);
    media.ondataavailable = (event) => chunks.push(event.data);
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      setRecording(null);
      void save(field, new Blob(chunks, { type: media.mimeType }));
    };
    recorder.current = media;
    media.start();
    setRecording(field);
  };

  const save = async (field: Field, blob: Blob) => {
    setBusy(field);
    try {
      const mp3 = await toMp3(blob);
      if (!mp3) {
        setMessage(t('preview.recording.silent'));
        return;
      }
      const key = recordingKey(question.id, language, field);
      const response = await fetch(`${RECORDINGS_PATH}/${key}.mp3`, {
        method: 'PUT',
        headers: { 'content-type': 'audio/mpeg' },
        body: mp3 as Uint8Array<ArrayBuffer>,
      });
      if (!response.ok) throw new Error(await response.text());
      setSaved((before) => new Set(before).add(key));
      setStale(({ [key]: _, ...rest }) => rest);
    } catch (error) {
      setMessage(t('preview.recording.saveFailed', { message: String(error) }));
    } finally {
      setBusy(null);
    }
  };

  const listen = (key: string) => {
    player.current?.pause();
    const audio = new Audio(`${RECORDINGS_PATH}/${key}.mp3?t=${Date.now()}`);
    player.current = audio;
    audio.play().catch(() => setMessage(t('preview.recording.playFailed')));
  };

  const remove = async (key: string) => {
    setMessage(null);
    const response = await fetch(`${RECORDINGS_PATH}/${key}.mp3`, { method: 'DELETE' });
    if (!response.ok) {
      setMessage(t('preview.recording.deleteFailed'));
      return;
    }
    setSaved((before) => {
      const next = new Set(before);
      next.delete(key);
      return next;
    });
    setStale(({ [key]: _, ...rest }) => rest);
  };

  return (
    <section className="preview-recordings" aria-labelledby="preview-recordings-heading">
      <h2 id="preview-recordings-heading">{t('preview.recording.heading')}</h2>
      <ul>
        {fields.map((field) => {
          const key = recordingKey(question.id, language, field);
          const has = saved.has(key);
          const outdated = has ? stale[key] : undefined;
          const label = t(`preview.german.${field}`);
          return (
            <li key={field} className="preview-recording" data-field={field}>
              <span className="preview-recording-label">{label}</span>
              <span className="preview-recording-text" lang={language} dir="auto">
                {texts[field]}
              </span>
              <span
                className={outdated ? 'preview-recording-state is-stale' : 'preview-recording-state'}
                role="status"
              >
                {recording === field
                  ? t('preview.recording.recording')
                  : busy === field
                    ? t('preview.recording.saving')
                    : outdated
                      ? t('preview.recording.stale', { text: outdated.recorded })
                      : has
                        ? t('preview.recording.saved')
                        : t('preview.recording.none')}
              </span>
              <span className="preview-recording-buttons">
                {recording === field ? (
                  <button type="button" className="preview-button" onClick={() => recorder.current?.stop()}>
                    {t('preview.recording.stop')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="preview-button"
                    disabled={recording !== null || busy !== null}
                    onClick={() => void start(field)}
                  >
                    {has ? t('preview.recording.again') : t('preview.recording.record')}
                  </button>
                )}
                {has && (
                  <>
                    <button type="button" className="preview-button" onClick={() => listen(key)}>
                      {t('preview.recording.listen')}
                    </button>
                    <button type="button" className="preview-button" onClick={() => void remove(key)}>
                      {t('preview.recording.delete')}
                    </button>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {message && (
        <p className="preview-recording-message" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
