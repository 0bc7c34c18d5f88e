import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrompt, useSilenced } from './prompt-context';
import { useTestSound } from './sound-availability';
import './speech.css';

/**
 * The large speaker button of every question screen: says the current step again from its beginning.
 * In a test without sound (no recording and no voice of the language on this device) it stays in its
 * place but is off: crossed out, and a tap says why instead of replaying; nothing is logged as a
 * replay (docs/product.md §14).
 */
export function SpeakerButton() {
  const session = usePrompt();
  if (!session) return null;
  return <SessionSpeakerButton session={session} />;
}

function SessionSpeakerButton({ session }: { session: NonNullable<ReturnType<typeof usePrompt>> }) {
  const { t } = useTranslation();
  const silenced = useSilenced();
  const sound = useTestSound(session.language);
  const [why, setWhy] = useState(false);
  const off = sound?.source === 'none';
  if (off) {
    return (
      <>
        <button
          type="button"
          className="speaker-button is-off"
          aria-label={t('speech.replayOff')}
          aria-expanded={why}
          title={t('speech.replayOff')}
          onClick={() => setWhy((shown) => !shown)}
        >
          <SpeakerIcon off />
        </button>
        {why && (
          <p className="speaker-off-note" role="status" lang="de">
            {t('speech.replayOffWhy')}
          </p>
        )}
      </>
    );
  }
  return (
    <button
      type="button"
      className="speaker-button"
      aria-label={t('speech.replay')}
      title={t('speech.replay')}
      disabled={silenced}
      onClick={() => session.replay()}
    >
      <SpeakerIcon off={false} />
    </button>
  );
}

function SpeakerIcon({ off }: { off: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path d="M3 9v6h4l5 4V5L7 9H3z" fill="currentColor" />
      {off ? (
        <path
          d="M15 9l6 6M21 9l-6 6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      ) : (
        <path
          d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
