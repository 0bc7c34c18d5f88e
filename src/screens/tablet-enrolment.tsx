import { type FormEvent, useEffect, useId, useState } from 'react';
import { de } from '../i18n/de';
import type { EnrolFailure } from '../tablet/api';
import { codeFromHash, formatEnrolmentCode } from '../tablet/code';
import {
  ENROLMENT_CHANGED_EVENT,
  type Enrolment,
  readEnrolment,
  readRefusal,
  type TabletRefusal,
} from '../tablet/enrolment';
import './tablet-enrolment.css';

/**
 * The tablet's enrolment on the access screen (docs/product.md §51): the Einrichtung
 * an enrolled tablet belongs to, why the server refuses it (revoked, not enrolled) and the form
 * 'Tablet einrichten' with the one-time code. A link `#einrichten=CODE` opens the form with the
 * code filled in; the hash is then removed from the address, so a reload or a bookmark does not
 * carry it. Its strings come from the German resource directly, like the rest of the first screen.
 */
/** The enrolment and the server's refusal as stored, re-read whenever either changes. */
function useEnrolment(): { enrolment: Enrolment | undefined; refusal: TabletRefusal | undefined } {
  const [state, setState] = useState(() => ({ enrolment: readEnrolment(), refusal: readRefusal() }));
  useEffect(() => {
    const reread = () => setState({ enrolment: readEnrolment(), refusal: readRefusal() });
    window.addEventListener(ENROLMENT_CHANGED_EVENT, reread);
    return () => window.removeEventListener(ENROLMENT_CHANGED_EVENT, reread);
  }, []);
  return state;
}

/**
 * The Einrichtung of an enrolled tablet, at the top of the access screen. Opening the screen online
 * reports the tablet's state: the answer may bring a changed passphrase, so an educator who knows
 * only the new one can start at once.
 */
export function EnrolledSite() {
  const t = de.tablet;
  const { enrolment } = useEnrolment();
  const tabletId = enrolment?.tabletId;
  useEffect(() => {
    if (!tabletId) return;
    import('../tablet/report')
      .then(({ reportDeviceStatus }) => reportDeviceStatus(true))
      .catch((error: unknown) => console.warn('Tablet status not reported', error));
  }, [tabletId]);
  if (!enrolment) return null;
  return (
    <p className="tablet-site" data-testid="tablet-site">
      {t.site.replace('{{code}}', enrolment.site.code).replace('{{name}}', enrolment.site.name)}
      {enrolment.name && (
        <span className="tablet-name"> · {t.tabletName.replace('{{name}}', enrolment.name)}</span>
      )}
    </p>
  );
}

/**
 * Below the passphrase: why the server refuses the tablet, if it does, and 'Tablet einrichten'
 * ('Tablet neu einrichten' on an enrolled one). A link `#einrichten=CODE` opens the form with the code
 * filled in; the hash is then removed from the address, so a reload or a bookmark does not carry it.
 */
export function TabletSetUp() {
  const t = de.tablet;
  const { enrolment, refusal } = useEnrolment();
  const [linkCode] = useState(() => codeFromHash(globalThis.location?.hash ?? ''));
  const [open, setOpen] = useState(linkCode !== undefined);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (linkCode === undefined) return;
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  }, [linkCode]);
  return (
    <section className="tablet-enrolment" aria-label={t.title}>
      {done && enrolment && (
        <p className="panel-text tablet-done" role="status">
          {t.done.replace('{{code}}', enrolment.site.code).replace('{{name}}', enrolment.site.name)}
        </p>
      )}
      {refusal && !open && <RefusalNote reason={refusal} />}
      {open ? (
        <EnrolForm
          initialCode={linkCode ?? ''}
          fromLink={linkCode !== undefined}
          onCancel={() => setOpen(false)}
          onEnrolled={() => {
            setOpen(false);
            setDone(true);
          }}
        />
      ) : (
        // Enrolled: set up again after 'Abmelden', or for another Kita (a new key, the same device).
        <button type="button" className="button-text tablet-set-up" onClick={() => setOpen(true)}>
          {enrolment ? t.setUpAgain : t.setUp}
        </button>
      )}
    </section>
  );
}

function RefusalNote({ reason }: { reason: TabletRefusal }) {
  return (
    <p className="device-warning tablet-refused" role="alert" data-reason={reason}>
      {de.tablet.refused[reason]}
    </p>
  );
}

/** Apple's tablets and phones, installed or not: a scanned link opens Safari, not the installed app. */
export function isAppleMobile(nav: Navigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) ||
    (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1) ||
    (nav as Navigator & { standalone?: boolean }).standalone !== undefined
  );
}

/** What the code field shows: capitals, grouped by four; what is no code character stays, to be told. */
export function groupedCode(input: string): string {
  return formatEnrolmentCode(input.toUpperCase().replace(/[\s\-‐-―]/g, '')).slice(0, 20);
}

function failureText(failure: EnrolFailure): string {
  const p = de.tablet.problems;
  switch (failure.kind) {
    case 'code':
      return failure.problem.problem === 'characters'
        ? p.characters.replace('{{chars}}', failure.problem.invalid ?? '')
        : p[failure.problem.problem];
    case 'server':
      return failure.message;
    default:
      return p[failure.kind];
  }
}

function EnrolForm({
  initialCode,
  fromLink,
  onCancel,
  onEnrolled,
}: {
  initialCode: string;
  fromLink: boolean;
  onCancel: () => void;
  onEnrolled: (enrolment: Enrolment) => void;
}) {
  const t = de.tablet;
  const [code, setCode] = useState(() => groupedCode(initialCode));
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const ids = { title: useId(), code: useId(), name: useId(), problem: useId() };
  useEffect(() => {
    // Opened by a link: the form may be below the fold on a phone.
    if (fromLink) document.getElementById(ids.title)?.scrollIntoView?.({ block: 'start' });
  }, [fromLink, ids.title]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const { enrolTablet } = await import('../tablet/api');
      const outcome = await enrolTablet({ code, name });
      if (!outcome.ok) {
        setProblem(failureText(outcome.failure));
        return;
      }
      onEnrolled(outcome.enrolment);
      // Results kept while the tablet was refused or not enrolled go now (after the passphrase).
      void import('../results/outbox')
        .then(({ startOutbox }) => startOutbox().retryNow())
        .catch((error: unknown) => console.warn('Outbox not started after the enrolment', error));
    } catch (error) {
      console.error('Enrolment failed', error);
      setProblem(t.problems.offline);
    } finally {
      setBusy(false);
    }
  };
  return (
    // A form of its own (not nested in the passphrase form): the access screen puts it beside that.
    <form className="tablet-enrol" aria-labelledby={ids.title} onSubmit={submit}>
      <h2 id={ids.title} className="tablet-enrol-title">
        {t.title}
      </h2>
      <p className="panel-text">{t.intro}</p>
      {isAppleMobile() && <p className="panel-text tablet-ios">{t.ios}</p>}
      <label htmlFor={ids.code} className="field-label">
        {t.code}
      </label>
      <input
        id={ids.code}
        type="text"
        className="text-input tablet-code"
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        inputMode="text"
        placeholder="7KQ2-M4XP-9TRC"
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? ids.problem : undefined}
        value={code}
        onChange={(e) => {
          setCode(groupedCode(e.target.value));
          setProblem(undefined);
        }}
      />
      <label htmlFor={ids.name} className="field-label">
        {t.name}
      </label>
      <input
        id={ids.name}
        type="text"
        className="text-input"
        autoComplete="off"
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {problem && (
        <p id={ids.problem} className="wrong-password tablet-problem" role="alert">
          {problem}
        </p>
      )}
      {busy && (
        <p className="panel-text access-checking" role="status">
          {t.busy}
        </p>
      )}
      <div className="tablet-enrol-actions">
        <button type="submit" className="button button-primary" aria-busy={busy}>
          {t.submit}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
