import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionEnded } from '../auswertung/api';
import { formatAt } from '../auswertung/format';
import type { SectionMessageValue } from '../auswertung/section-message';

/** The browser's own time zone: the Verwaltung reads times where she sits. */
const LOCAL_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** TT.MM.JJJJ, HH:MM of an ISO time, or 'nie' for none. */
export function useFormatTime(): (iso: string | null) => string {
  const { t } = useTranslation();
  return (iso) => (iso ? formatAt(iso, LOCAL_TIME_ZONE) : t('verwaltung.never'));
}

/**
 * What a section does with a failed request: a 401 returns the page to the login, anything else is
 * the server's German message for `show`.
 */
export function useFailure(onSessionEnded: () => void) {
  return useCallback(
    (failure: unknown, show: (message: string) => void) => {
      if (failure instanceof SessionEnded) onSessionEnded();
      else show((failure as Error).message);
    },
    [onSessionEnded],
  );
}

/**
 * A section's change: clears the message, runs `action`, on success hands its result to `done`
 * and lets the page load again (`onChanged`); a failure shows 'Fehlgeschlagen: …' through
 * `setMessage` (or returns the page to the login on 401). Resolves whether it succeeded.
 */
export function useAct(
  failed: ReturnType<typeof useFailure>,
  setMessage: (message: SectionMessageValue | undefined) => void,
  onChanged: () => void,
) {
  const { t } = useTranslation();
  return async <R,>(action: () => Promise<R>, done: (result: R) => void): Promise<boolean> => {
    setMessage(undefined);
    try {
      done(await action());
      onChanged();
      return true;
    } catch (failure) {
      failed(failure, (text) =>
        setMessage({ kind: 'error', text: t('verwaltung.failed', { message: text }) }),
      );
      return false;
    }
  };
}

/**
 * A section's list, loaded at first and again whenever `version` changes; a failure shows
 * 'Laden fehlgeschlagen: …' through `show` (or returns the page to the login on 401).
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  version: number,
  failed: ReturnType<typeof useFailure>,
  show: (text: string) => void,
): T | undefined {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<T>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger to load again; `load` and `show` are the caller's, new each render.
  useEffect(() => {
    let current = true;
    load()
      .then((value) => current && setLoaded(() => value))
      .catch((failure: unknown) =>
        failed(failure, (text) => current && show(t('verwaltung.loadFailed', { message: text }))),
      );
    return () => {
      current = false;
    };
  }, [version, failed, t]);
  return loaded;
}

/**
 * A secret shown once (a new API token, a one-time password): in a read-only field to select, with
 * 'Kopieren', the warning above it and a button that hides it.
 */
export function SecretBox({
  heading,
  warning,
  label,
  value,
  onClose,
}: {
  heading: string;
  warning: string;
  label: string;
  value: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const field = useRef<HTMLInputElement>(null);
  // Shown once: into view and selected at once, wherever the button that made it was.
  useEffect(() => field.current?.focus(), []);
  const copy = () => {
    // Outside a secure context (a page on plain http) there is no navigator.clipboard at all: that
    // is told like a refused copy, not thrown.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(() => setCopied('yes'))
      .catch(() => setCopied('failed'));
  };
  return (
    <section className="verwaltung-secret" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <p className="verwaltung-secret-warning">{warning}</p>
      <label htmlFor={`${id}-value`}>{label}</label>
      <div className="verwaltung-secret-row">
        <input
          ref={field}
          id={`${id}-value`}
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="auswertung-button" onClick={copy}>
          {t('verwaltung.copy')}
        </button>
      </div>
      {copied && (
        <p role="status" className={copied === 'yes' ? 'auswertung-done' : 'auswertung-error'}>
          {copied === 'yes' ? t('verwaltung.copied') : t('verwaltung.copyFailed')}
        </p>
      )}
      <button type="button" className="auswertung-button auswertung-button--quiet" onClick={onClose}>
        {t('verwaltung.accounts.close')}
      </button>
    </section>
  );
}
