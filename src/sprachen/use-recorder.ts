import { useEffect, useRef, useState } from 'react';
import { recordingToMp3 } from '../preview/recording-audio';

export type RecorderState = 'idle' | 'recording' | 'saving';

/**
 * One take with the device's microphone (getUserMedia, MediaRecorder), made ready to save by the
 * preview's own audio chain (src/preview/recording-audio.ts: mono, trimmed, −1 dBFS, MP3). `start`
 * resolves false when there is no microphone; `onTake` gets the MP3, or null for silence.
 */
export function useRecorder(onTake: (mp3: Uint8Array | null) => Promise<void>) {
  const [state, setState] = useState<RecorderState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const take = useRef(onTake);
  take.current = onTake;

  useEffect(
    () => () => {
      // Leaving the text mid-recording discards the take instead of saving half a sentence.
      const media = recorder.current;
      if (media) {
        media.onstop = () => {
          for (const track of media.stream.getTracks()) track.stop();
        };
        media.stop();
      }
    },
    [],
  );

  const start = async (): Promise<boolean> => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return false;
    }
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream);
    media.ondataavailable = (event) => chunks.push(event.data);
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      setState('saving');
      void recordingToMp3(new Blob(chunks, { type: media.mimeType }))
        .then((mp3) => take.current(mp3))
        .finally(() => setState('idle'));
    };
    recorder.current = media;
    media.start();
    setState('recording');
    return true;
  };
  const stop = () => recorder.current?.stop();
  return { state, start, stop };
}
