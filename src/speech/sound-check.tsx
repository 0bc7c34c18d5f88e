import { questions } from 'virtual:zaehltest-content';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChildLanguage } from '../content/types';
import { prepareSound } from './prepare-sound';
import { builtRecordings, phraseRecordingUrl } from './recordings';
import { pageSpeaker } from './speaker';
import { type TestSource, testSource } from './test-source';
import './speech.css';

/** Lets the whole page make sound from this tap on ('Start'); stops the sound check. */
export function unlockSpeech(): void {
  pageSpeaker().stop();
  prepareSound();
}

/**
 * 'Ton prüfen' for the educator on 'Bist du bereit?': plays a sample sentence in the child's
 * language to set the volume, and says which voice the test will use. Without any voice for the
 * language it says so before the test begins.
 */
export function SoundCheck({ language, sample }: { language: ChildLanguage; sample: string | undefined }) {
  const { t } = useTranslation();
  const [found, setFound] = useState<TestSource | null>(null);
  useEffect(() => {
    let current = true;
    void pageSpeaker()
      .voiceFor(language)
      .then((voice) => {
        if (current) setFound(testSource(questions, language, voice !== null, builtRecordings));
      });
    return () => {
      current = false;
    };
  }, [language]);
  const sampleUrl = phraseRecordingUrl(language, 'soundCheck');
  const canPlay = !!sample && (!!sampleUrl || (found !== null && found.source !== 'none'));
  const play = () => {
    if (!sample) return;
    const speaker = pageSpeaker();
    speaker.unlock();
    void speaker.play([
      sampleUrl ? { text: sample, language, recordingUrl: sampleUrl } : { text: sample, language },
    ]);
  };
  const languageName = t(`userData.languages.${language}`);
  return (
    <div className="sound-check" data-source={found?.source}>
      <button type="button" className="button" onClick={play} disabled={!canPlay}>
        {t('speech.soundCheck')}
      </button>
      {!found && <p className="sound-check-source">{t('speech.searching')}</p>}
      {found && (
        <p className="sound-check-source">
          {t('speech.source', { source: t(`speech.sources.${found.source}`) })}
          {found.source === 'synthesis' && found.recorded > 0
            ? ` ${t('speech.partlyRecorded', { recorded: found.recorded, total: found.total })}`
            : ''}
        </p>
      )}
      {found && found.source !== 'synthesis' && found.recorded < found.total && (
        <p className="sound-check-warning" role="alert">
          {found.recorded === 0
            ? t('speech.noVoice', { language: languageName })
            : t('speech.noVoicePartly', {
                language: languageName,
                recorded: found.recorded,
                total: found.total,
              })}
        </p>
      )}
    </div>
  );
}
