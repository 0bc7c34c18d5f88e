import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { germanLocalDate } from '../domain/date';
import { de } from '../i18n/de';
import { UpdateNotice } from '../pwa/update-notice';
import { prepareSound } from '../speech/prepare-sound';
import {
  type DeviceStatus,
  needsHomeScreenHint,
  readDeviceStatus,
  requestPersistentStorage,
} from '../storage/device-status';
import { forgetDeviceData } from '../storage/forget-device-data';
import type { EarlierSession } from '../store/earlier-session';
import { readEnrolment } from '../tablet/enrolment';
import { loadPasswordCheck, unlockWith } from './password-check';
import { PlainHttpWarning } from './plain-http-warning';
import { EnrolledSite, TabletSetUp } from './tablet-enrolment';
import './device-data.css';

/**
 * docs/product.md §3: the password gate. Since the encryption at rest the passphrase also opens
 * the device's data key (docs/product.md, encrypted at rest), so the check runs the slow KDF. It
 * is the first screen, so it reads its strings from the German resource directly and gets the
 * store's action as a prop: it is on screen before i18next and the store have loaded (see
 * app/boot.tsx). `resuming`: a test (or its results) is stored on the device and shows after the
 * passphrase; `finished`: it is a finished test, so its results open. `cancelled`: the last test
 * was cancelled.
 */
export function AccessScreen({
  onGranted,
  resuming = false,
  finished = false,
  cancelled = false,
}: {
  onGranted: () => void;
  resuming?: boolean;
  finished?: boolean;
  cancelled?: boolean;
}) {
  const t = de.access;
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);
  const [checking, setChecking] = useState(false);
  const [step, setStep] = useState<
    'passphrase' | 'old-passphrase' | 'earlier-passphrase' | 'earlier-session'
  >('passphrase');
  const [earlierSession, setEarlierSession] = useState<EarlierSession>();
  useEffect(() => {
    loadPasswordCheck().catch((error: unknown) => console.warn('Password check not loaded yet', error));
  }, []);
  const granted = () => {
    // Asked once the educator has interacted; browsers grant it more readily then.
    void requestPersistentStorage();
    // Values stored before they were bound to their place are sealed again with it, once.
    // A chunk that fails to load (Firefox's service worker now and then right after the network went)
    // is no error for the educator: the values are bound at the next unlock.
    import('../storage/bind-values')
      .then(({ bindValues }) => bindValues())
      .catch((error: unknown) =>
        console.warn('Stored values not bound yet; again at the next unlock', error),
      );
    // docs/product.md §51: an unlocked tablet online reports its state.
    import('../tablet/report')
      .then(({ reportDeviceStatus }) => reportDeviceStatus(true))
      .catch((error: unknown) => console.warn('Tablet status not reported', error));
    onGranted();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    prepareSound(); // this tap, not a flash's 'Bereit', starts the sound after a reload
    if (checking) return;
    setChecking(true);
    try {
      const result = await unlockWith(password);
      if (result === 'unlocked') {
        const check = await loadPasswordCheck();
        // Data of an earlier passphrase of the Einrichtung waits: asked for once more, skippable.
        if (check.earlierDataLocked()) setStep('earlier-passphrase');
        else offerEarlierSession(check.findEarlierSession(), false);
      } else if (result === 'old-passphrase-needed') setStep('old-passphrase');
      else setWrong(true);
    } finally {
      setChecking(false);
    }
  };
  /**
   * A test set aside when the passphrase changed opens again (docs/product.md §51): offered when no
   * other test runs; right after the earlier passphrase was typed the screen also says that it waits.
   */
  const offerEarlierSession = (found: EarlierSession | undefined, justOpened: boolean) => {
    if (found && (justOpened || !found.waitsForRunningTest)) {
      setEarlierSession(found);
      setStep('earlier-session');
    } else granted();
  };
  if (step === 'old-passphrase') return <OldPassphrase onDone={granted} />;
  if (step === 'earlier-passphrase')
    return <EarlierPassphrase onDone={granted} onOpened={(found) => offerEarlierSession(found, true)} />;
  if (step === 'earlier-session' && earlierSession)
    return <EarlierSessionOffer session={earlierSession} onDone={granted} />;
  return (
    <div className="panel access">
      {/* Every screen has a level-one heading (axe page-has-heading-one); this one only for screen readers. */}
      <h1 className="visually-hidden">{de.common.appName}</h1>
      <EnrolledSite />
      <form className="access-form" onSubmit={submit}>
        {resuming && <p className="panel-text access-resume">{finished ? t.resumeFinished : t.resume}</p>}
        {cancelled && (
          <p className="panel-text access-cancelled" role="status">
            {de.cancel.cancelled}
          </p>
        )}
        <PassphraseField
          label={t.label}
          autoComplete="current-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setWrong(false);
          }}
        />
        <button type="submit" className="button button-primary" aria-busy={checking}>
          {t.submit}
        </button>
        {checking && (
          <p className="panel-text access-checking" role="status">
            {de.deviceData.checking}
          </p>
        )}
        {wrong && (
          <p className="wrong-password" role="alert">
            {t.wrongPassword}
          </p>
        )}
      </form>
      <TabletSetUp />
      <DeviceStatusNotes />
      <UpdateNotice />
      <PlainHttpWarning />
    </div>
  );
}

/** Unsent results, the last backup and, on an iPad in Safari, how to install the app. */
function DeviceStatusNotes() {
  const t = de.deviceData.status;
  const [status, setStatus] = useState<DeviceStatus>();
  useEffect(() => {
    let live = true;
    readDeviceStatus()
      .then((read) => live && setStatus(read))
      .catch((error: unknown) => console.warn('Device status not readable', error));
    return () => {
      live = false;
    };
  }, []);
  const unsent =
    status === undefined
      ? undefined
      : status.unsent === 0
        ? t.unsentNone
        : status.unsent === 1
          ? t.unsentOne
          : t.unsentMany.replace('{{count}}', String(status.unsent));
  return (
    <div className="access-device">
      {status && (
        <>
          <p className="panel-text access-unsent" data-unsent={status.unsent}>
            {unsent}
          </p>
          <p className="panel-text access-last-backup">
            {status.lastBackupAt
              ? t.lastBackup.replace('{{date}}', germanLocalDate(status.lastBackupAt))
              : t.noBackup}
          </p>
          {status.backupDue && (
            <p className="device-warning access-backup-due" role="status">
              {t.backupDue}
            </p>
          )}
        </>
      )}
      {needsHomeScreenHint() && (
        <section className="access-home-screen" aria-labelledby="access-home-screen-title">
          <h2 id="access-home-screen-title" className="access-home-screen-title">
            {de.deviceData.homeScreen.title}
          </h2>
          <p className="panel-text">{de.deviceData.homeScreen.text}</p>
        </section>
      )}
    </div>
  );
}

/** The texts of a screen that asks for an earlier passphrase. */
interface EarlierPassphraseTexts {
  title: string;
  text: string;
  label: string;
  submit: string;
  wrong: string;
}

/**
 * The form of the screens that ask for an earlier passphrase once: `open` tries it and tells
 * whether it opened the data; `children` are the ways on without it.
 */
function EarlierPassphraseForm({
  className,
  texts: t,
  open,
  onBusy,
  children,
}: {
  className: string;
  texts: EarlierPassphraseTexts;
  open: (passphrase: string) => Promise<boolean>;
  onBusy?: (busy: boolean) => void;
  children: ReactNode;
}) {
  const [old, setOld] = useState('');
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    onBusy?.(true);
    try {
      if (!(await open(old))) setWrong(true);
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  };
  return (
    <form className={`panel access ${className}`} onSubmit={submit}>
      <h1 className="panel-title">{t.title}</h1>
      <p className="panel-text">{t.text}</p>
      <PassphraseField
        label={t.label}
        autoComplete="off"
        value={old}
        onChange={(value) => {
          setOld(value);
          setWrong(false);
        }}
      />
      <button type="submit" className="button button-primary" aria-busy={busy}>
        {t.submit}
      </button>
      {wrong && (
        <p className="wrong-password" role="alert">
          {t.wrong}
        </p>
      )}
      {children}
    </form>
  );
}

/**
 * The passphrase was changed with a new build: the earlier one opens the data key once (then it is
 * rewrapped under the new one). A forgotten one loses the data, and the screen says so, with what
 * goes, before anything is deleted. On an enrolled tablet (docs/product.md §51) the Einrichtung's
 * passphrase changed: 'Später' starts new work at once and keeps the earlier data locked, not deleted.
 */
function OldPassphrase({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [forgetting, setForgetting] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const [enrolled] = useState(() => readEnrolment() !== undefined);
  const id = useId();
  useEffect(() => {
    readDeviceStatus()
      .then((status) => setUnsent(status.unsent))
      .catch(() => undefined);
  }, []);
  const open = async (old: string) => {
    const { unlockWithOldPassphrase } = await loadPasswordCheck();
    const opened = await unlockWithOldPassphrase(old);
    if (opened) onDone();
    return opened;
  };
  const withKey = async (start: () => Promise<void>) => {
    setBusy(true);
    try {
      await start();
      onDone();
    } finally {
      setBusy(false);
    }
  };
  const later = () => withKey(async () => (await loadPasswordCheck()).continueWithoutEarlierData());
  const forget = () =>
    withKey(async () => {
      await forgetDeviceData();
      (await loadPasswordCheck()).startWithNewKey();
    });
  if (forgetting) {
    const f = de.deviceData.forget;
    return (
      <section className="panel access access-forget" role="alertdialog" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="panel-title">
          {f.title}
        </h1>
        <p className="panel-text">{f.text}</p>
        {unsent > 0 && (
          <p className="panel-text access-forget-unsent">{f.unsent.replace('{{count}}', String(unsent))}</p>
        )}
        <button type="button" className="button button-danger" disabled={busy} onClick={() => void forget()}>
          {f.confirm}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setForgetting(false)}>
          {f.cancel}
        </button>
      </section>
    );
  }
  const t = de.deviceData.oldPassphrase;
  return (
    <EarlierPassphraseForm className="access-old-passphrase" texts={t} open={open} onBusy={setBusy}>
      {enrolled && (
        <button type="button" className="button" disabled={busy} onClick={() => void later()}>
          {de.tablet.earlier.later}
        </button>
      )}
      <button type="button" className="button-text" onClick={() => setForgetting(true)}>
        {t.forgotten}
      </button>
    </EarlierPassphraseForm>
  );
}

/**
 * After the new passphrase of the Einrichtung opened the tablet while data of the earlier one is
 * still locked (docs/product.md §51): the earlier passphrase once opens it again; 'Später' goes on
 * to new work, and the question comes back at the next unlock.
 */
function EarlierPassphrase({
  onDone,
  onOpened,
}: {
  onDone: () => void;
  onOpened: (found: EarlierSession | undefined) => void;
}) {
  const [busy, setBusy] = useState(false);
  const open = async (old: string) => {
    const { openEarlierData, findEarlierSession } = await loadPasswordCheck();
    if (!(await openEarlierData(old))) return false;
    // The outbox read its entries at the unlock, before these opened: it sends them now.
    void import('../results/outbox')
      .then(({ startOutbox }) => startOutbox().retryNow())
      .catch((error: unknown) => console.warn('Outbox not started after the earlier data opened', error));
    onOpened(findEarlierSession());
    return true;
  };
  return (
    <EarlierPassphraseForm
      className="access-earlier-passphrase"
      texts={de.tablet.earlier}
      open={open}
      onBusy={setBusy}
    >
      <button type="button" className="button" disabled={busy} onClick={onDone}>
        {de.tablet.earlier.later}
      </button>
    </EarlierPassphraseForm>
  );
}

/**
 * The test that ran when the Einrichtung's passphrase changed is open again (docs/product.md §51):
 * its answers are kept, and it goes on where it stood (or shows its results) — or, while another
 * test runs, it waits until that one has ended and is offered at the next unlock. 'Später' leaves
 * it waiting.
 */
function EarlierSessionOffer({ session, onDone }: { session: EarlierSession; onDone: () => void }) {
  const t = de.tablet.earlierSession;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const resume = async () => {
    setBusy(true);
    try {
      if (await (await loadPasswordCheck()).resumeEarlierSession()) onDone();
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel access access-earlier-session" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="panel-title">
        {t.title}
      </h1>
      <p className="panel-text" role="status">
        {session.finished ? t.finished : t.running}
      </p>
      {session.waitsForRunningTest ? (
        <>
          <p className="panel-text">{t.waits}</p>
          <button type="button" className="button button-primary" onClick={onDone}>
            {t.ok}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="button button-primary"
            aria-busy={busy}
            disabled={busy}
            onClick={() => void resume()}
          >
            {session.finished ? t.showResult : t.resume}
          </button>
          <button type="button" className="button" disabled={busy} onClick={onDone}>
            {t.later}
          </button>
        </>
      )}
      {failed && (
        <p className="wrong-password" role="alert">
          {t.failed}
        </p>
      )}
    </section>
  );
}

/** The passphrase input of the access screens, focused: typing is the only thing to do there. */
function PassphraseField({
  label,
  autoComplete,
  value,
  onChange,
}: {
  label: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="password"
        className="text-input"
        autoComplete={autoComplete}
        value={value}
        // biome-ignore lint/a11y/noAutofocus: the passphrase is the only thing to do on these screens
        autoFocus
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
