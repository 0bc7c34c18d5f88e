import { useTranslation } from 'react-i18next';
import { usePrompt, useSilenced } from './prompt-context';
import './speech.css';

/** The large speaker button of every question screen: says the current step again from its beginning. */
export function SpeakerButton() {
  const { t } = useTranslation();
  const session = usePrompt();
  const silenced = useSilenced();
  if (!session) return null;
  return (
    <button
      type="button"
      className="speaker-button"
      aria-label={t('speech.replay')}
      title={t('speech.replay')}
      disabled={silenced}
      onClick={() => session.replay()}
    >
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path d="M3 9v6h4l5 4V5L7 9H3z" fill="currentColor" />
        <path
          d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
