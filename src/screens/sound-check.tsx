import '../speech/speech.css';
import './sound-check.css';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languagePack } from '../content/language-packs';
import { languageLabel, languageName as nameOfLanguage } from '../content/languages';
import type { ChildLanguage } from '../content/types';
import { currentSystem, DEVICE_SYSTEMS, type DeviceSystem } from '../speech/device-system';
import { phraseRecordingUrl } from '../speech/recordings';
import { recheckSound, useTestSound } from '../speech/sound-availability';
import { unlockSpeech } from '../speech/sound-check';
import { pageSpeaker } from '../speech/speaker';
import type { TestSource } from '../speech/test-source';
import { ConfirmDialog } from '../ui/dialog';

/** The start screen's 'Start' and what the sound check needs to hold it back. */
export interface SoundGate {
  language: ChildLanguage;
  /** What the device can speak; null while its voices are still sought. */
  found: TestSource | null;
  /** 'Start': starts the test, or asks first when the child would hear nothing (§14). */
  start(): void;
  /** 'Ohne Ton testen' in the guide: asks first. */
  askSilent(): void;
  asking: boolean;
  /** 'Start' was tapped while the voices were still sought: it starts once they are known. */
  waiting: boolean;
  confirmSilent(): void;
  cancelSilent(): void;
}

/**
 * docs/product.md §14: 'Start' begins the test at once only when the child will hear every text
 * (recordings or a device voice). Otherwise it asks the educator whether to test without sound; a
 * tap before the device has reported its voices waits for them.
 */
export function useSoundGate(language: ChildLanguage, onStart: () => void): SoundGate {
  const found = useTestSound(language);
  const [asking, setAsking] = useState(false);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting || !found) return;
    setWaiting(false);
    if (found.unspoken > 0) setAsking(true);
    else onStart();
  }, [waiting, found, onStart]);
  return {
    language,
    found,
    asking,
    waiting,
    start: () => {
      // This tap lets the test speak (iPad Safari and Chrome allow sound only from a tap).
      unlockSpeech();
      if (!found) setWaiting(true);
      else if (found.unspoken > 0) setAsking(true);
      else onStart();
    },
    askSilent: () => setAsking(true),
    confirmSilent: () => {
      setAsking(false);
      unlockSpeech();
      onStart();
    },
    cancelSilent: () => setAsking(false),
  };
}

/**
 * 'Ton prüfen' for the educator on 'Bist du bereit?' (docs/product.md §14): plays the language
 * pack's sample sentence to set the volume and says which voice the test will use. When the child
 * would not hear every text it explains, for this device's system, how to install a voice of the
 * language; 'Ton prüfen' then looks for voices again. 'Ohne Ton testen' only after a confirmation.
 */
export function SoundCheck({ gate, children }: { gate: SoundGate; children?: ReactNode }) {
  const { t } = useTranslation();
  const { language, found } = gate;
  const [rechecking, setRechecking] = useState(false);
  const [checkedAgain, setCheckedAgain] = useState(false);
  const sample = languagePack(language).soundCheck;
  const sampleUrl = phraseRecordingUrl(language, 'soundCheck');
  const languageName = languageLabel(language);
  // The install steps name the language as the system lists it: 'Ukrainisch', never '… (Entwurf)'.
  const systemName = nameOfLanguage(language);
  const silent = found !== null && found.unspoken > 0;

  const play = () => {
    if (!sample) return;
    const speaker = pageSpeaker();
    speaker.unlock();
    void speaker.play([
      sampleUrl ? { text: sample, language, recordingUrl: sampleUrl } : { text: sample, language },
    ]);
  };
  const check = async () => {
    // Unlock within the tap: the sample may only play after the voices were sought again.
    pageSpeaker().unlock();
    if (!silent) {
      play();
      return;
    }
    setRechecking(true);
    const again = await recheckSound(language);
    setRechecking(false);
    setCheckedAgain(true);
    if (again.unspoken === 0 || sampleUrl) play();
  };
  const canCheck = !!sample && found !== null && !rechecking;

  return (
    <div
      className="sound-check"
      data-source={found?.source}
      data-recorded={found?.recorded}
      data-unspoken={found?.unspoken}
    >
      <button type="button" className="button" onClick={() => void check()} disabled={!canCheck}>
        {t('speech.soundCheck')}
      </button>
      {(!found || rechecking) && (
        <p className="sound-check-source">
          {rechecking ? t('soundGuide.rechecking') : t('speech.searching')}
        </p>
      )}
      {found && !rechecking && (
        <p className="sound-check-source" role="status">
          {silent && checkedAgain ? `${t('soundGuide.stillNone', { language: languageName })} ` : ''}
          {t('speech.source', { source: t(`speech.sources.${found.source}`) })}
          {found.source === 'synthesis' && found.recorded > 0
            ? ` ${t('speech.partlyRecorded', { recorded: found.recorded, total: found.total })}`
            : ''}
        </p>
      )}
      {/* What the educator does right after the sample (the understanding question, §39), above the long guide. */}
      {children}
      {silent && (
        <VoiceGuide
          found={found}
          languageName={languageName}
          systemName={systemName}
          onSilent={gate.askSilent}
        />
      )}
      {gate.asking && found && (
        <ConfirmDialog
          title={t('soundGuide.confirmTitle')}
          message={
            found.recorded === 0
              ? t('soundGuide.confirm', { language: languageName })
              : t('soundGuide.confirmPartly', {
                  language: languageName,
                  unspoken: found.unspoken,
                  total: found.total,
                })
          }
          back={t('soundGuide.confirmBack')}
          goOn={t('soundGuide.confirmGoOn')}
          onBack={gate.cancelSilent}
          onGoOn={gate.confirmSilent}
        />
      )}
    </div>
  );
}

/** What is missing, and the steps to install a voice on this system (all systems when unknown). */
function VoiceGuide({
  found,
  languageName,
  systemName,
  onSilent,
}: {
  found: TestSource;
  languageName: string;
  /** The language as the system's settings list it (its German name, without '(Entwurf)'). */
  systemName: string;
  onSilent(): void;
}) {
  const { t } = useTranslation();
  const system = currentSystem();
  const others = DEVICE_SYSTEMS.filter((other) => other !== system);
  return (
    <section className="sound-guide" aria-labelledby="sound-guide-heading">
      <h2 id="sound-guide-heading" className="sound-guide-heading">
        {t('soundGuide.heading', { language: languageName })}
      </h2>
      <p role="alert">
        {found.recorded === 0
          ? t('soundGuide.nothing', { language: languageName })
          : t('soundGuide.partly', {
              language: languageName,
              recorded: found.recorded,
              total: found.total,
              unspoken: found.unspoken,
            })}
      </p>
      {system ? (
        <>
          <p className="sound-guide-lead">
            {t('soundGuide.install', {
              language: languageName,
              system: t(`soundGuide.systems.${system}.name`),
            })}
          </p>
          <InstallSteps system={system} languageName={systemName} />
        </>
      ) : (
        <p className="sound-guide-lead">{t('soundGuide.installAny', { language: languageName })}</p>
      )}
      {system ? (
        <details className="sound-guide-others">
          <summary>{t('soundGuide.otherSystems')}</summary>
          <OtherSystems systems={others} languageName={systemName} />
        </details>
      ) : (
        <OtherSystems systems={others} languageName={systemName} />
      )}
      <p className="sound-guide-afterwards">{t('soundGuide.afterwards')}</p>
      <button type="button" className="button button-secondary" onClick={onSilent}>
        {t('soundGuide.silent')}
      </button>
    </section>
  );
}

function OtherSystems({ systems, languageName }: { systems: readonly DeviceSystem[]; languageName: string }) {
  const { t } = useTranslation();
  return (
    <div className="sound-guide-systems">
      {systems.map((system) => (
        <div key={system}>
          <h3>{t(`soundGuide.systems.${system}.name`)}</h3>
          <InstallSteps system={system} languageName={languageName} />
        </div>
      ))}
    </div>
  );
}

/**
 * The steps of one system. Windows 10 takes another route than Windows 11: two lists, each under its
 * version's name, so the older route never reads as a step of the newer one.
 */
function InstallSteps({ system, languageName }: { system: DeviceSystem; languageName: string }) {
  const { t } = useTranslation();
  const steps = t(`soundGuide.systems.${system}.steps`, {
    returnObjects: true,
    language: languageName,
  }) as readonly string[];
  const ordered = (items: readonly string[], version?: string) => (
    <ol className="sound-guide-steps" data-system={system} data-version={version}>
      {items.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
  if (system !== 'windows') return ordered(steps);
  const older = t('soundGuide.systems.windows.older.steps', {
    returnObjects: true,
    language: languageName,
  }) as readonly string[];
  return (
    <>
      <p className="sound-guide-version">{t('soundGuide.systems.windows.current')}</p>
      {ordered(steps, 'current')}
      <p className="sound-guide-version">{t('soundGuide.systems.windows.older.name')}</p>
      {ordered(older, 'older')}
    </>
  );
}
