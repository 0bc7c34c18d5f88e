import './consent-panel.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ParentalConsent, researchWithdrawnOn } from '../children/consent';
import { childrenRepository } from '../children/repository';
import type { Child } from '../children/types';
import { germanDate, localDay } from '../domain/date';
import { queueWithdrawal, startOutbox } from '../results/outbox';
import { readSite } from '../settings/site';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { parseBirthdate } from './birthdate';

/**
 * Saves a child's changed consent on the device (docs/product.md §48). When the change takes research
 * consent away (withdrawn, or 'Forschung' no longer ticked), the withdrawal is queued for the server
 * and sent now if the device is online, else with its next contact. Resolves to the child as stored.
 */
export async function recordConsent(
  child: Child,
  consent: ParentalConsent | undefined,
  now = new Date(),
): Promise<Child> {
  const updated: Child = { ...child, consent, updatedAt: now.toISOString() };
  await childrenRepository().saveChild(updated);
  const withdrawnOn = researchWithdrawnOn(child.consent, consent, localDay(now));
  if (withdrawnOn) {
    const site = readSite();
    queueWithdrawal({ childCode: child.code, ...(site ? { site } : {}), withdrawnOn });
    void startOutbox()
      .flush()
      .catch((error: unknown) => console.error('Outbox: sending the withdrawal failed', error));
  }
  return updated;
}

/** The consent in one German line: date and scope, or its withdrawal, or that none is recorded. */
export function useConsentText(): (consent: ParentalConsent | undefined, required?: boolean) => string {
  const { t } = useTranslation();
  return (consent, required = false) => {
    if (!consent) return required ? t('consent.noneRequired') : t('consent.none');
    const parts = [
      ...(consent.screening ? [t('consent.scopeScreening')] : []),
      ...(consent.research ? [t('consent.scopeResearch')] : []),
    ];
    const scope = parts.length ? parts.join(', ') : t('consent.scopeNone');
    return consent.withdrawnOn
      ? t('consent.withdrawn', {
          date: germanDate(consent.withdrawnOn),
          date2: germanDate(consent.date),
          scope,
        })
      : t('consent.given', { date: germanDate(consent.date), scope });
  };
}

/**
 * The fields of a consent: its date (TT.MM.JJJJ, as the birth date) and its scope. Not a <form>: it
 * sits inside the child's details form, whose Enter must not start a test from here.
 */
function ConsentFields({
  initial,
  saveLabel,
  requireScreening,
  onSave,
  onCancel,
}: {
  initial: ParentalConsent | undefined;
  saveLabel: string;
  /** Where a test needs it (CONSENT_REQUIRED): the screening must be ticked. */
  requireScreening: boolean;
  onSave(consent: ParentalConsent): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const ids = { date: useId(), problem: useId(), screening: useId(), research: useId() };
  const today = localDay(new Date());
  // A withdrawn consent is recorded anew: today's date, nothing ticked from the old one but the scope.
  const fresh = initial?.withdrawnOn !== undefined;
  const [dateText, setDateText] = useState(() => germanDate(fresh || !initial ? today : initial.date));
  const [screening, setScreening] = useState(initial?.screening ?? true);
  const [research, setResearch] = useState(initial?.research ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const parsed = parseBirthdate(dateText, today);
    if (parsed.kind !== 'date') {
      setProblem(t('consent.dateProblem'));
      document.getElementById(ids.date)?.focus();
      return;
    }
    if (requireScreening && !screening) {
      setProblem(t('consent.requiredScreening'));
      document.getElementById(ids.screening)?.focus();
      return;
    }
    onSave({ date: parsed.iso, screening, research });
  };
  return (
    <div className="consent-fields">
      <div className="form-row">
        <label htmlFor={ids.date} className="field-label">
          {t('consent.date')}
        </label>
        <input
          id={ids.date}
          type="text"
          inputMode="numeric"
          className="text-input consent-date"
          autoComplete="off"
          data-autofocus
          value={dateText}
          aria-invalid={problem !== null}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(e) => {
            setDateText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
        />
      </div>
      <label className="consent-check" htmlFor={ids.screening}>
        <input
          id={ids.screening}
          type="checkbox"
          checked={screening}
          onChange={(e) => {
            setScreening(e.target.checked);
            setProblem(null);
          }}
        />
        <span>{t('consent.screening')}</span>
      </label>
      <label className="consent-check" htmlFor={ids.research}>
        <input
          id={ids.research}
          type="checkbox"
          checked={research}
          onChange={(e) => setResearch(e.target.checked)}
        />
        <span>{t('consent.research')}</span>
      </label>
      {problem && (
        <p id={ids.problem} className="field-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="consent-buttons">
        <button type="button" className="button button-primary" onClick={save}>
          {saveLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('consent.cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * 'Einwilligung der Eltern' of a child (docs/product.md §48): what is recorded, and recording,
 * changing and withdrawing it. `onChange` stores the new consent (and may fail: the panel says so).
 */
export function ConsentPanel({
  consent,
  onChange,
  required = false,
  note,
}: {
  consent: ParentalConsent | undefined;
  onChange(consent: ParentalConsent | undefined): Promise<void>;
  /** CONSENT_REQUIRED: a test needs a recorded screening consent. */
  required?: boolean;
  /** A line under the status (e.g. that a new child's consent is saved with it). */
  note?: string;
}) {
  const { t } = useTranslation();
  const heading = useId();
  const text = useConsentText();
  const [editing, setEditing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [failed, setFailed] = useState(false);
  const today = localDay(new Date());
  const change = async (next: ParentalConsent | undefined) => {
    try {
      await onChange(next);
      setFailed(false);
      setEditing(false);
    } catch (error) {
      console.error('The consent could not be saved', error);
      setFailed(true);
    }
  };
  const inForce = consent !== undefined && consent.withdrawnOn === undefined;
  return (
    <section className="consent-panel" aria-labelledby={heading} data-testid="consent-panel">
      <h2 id={heading} className="consent-heading">
        {t('consent.heading')}
      </h2>
      <p className="consent-status" data-testid="consent-status">
        {text(consent, required)}
      </p>
      {note && <p className="children-note">{note}</p>}
      {editing ? (
        <ConsentFields
          initial={consent}
          saveLabel={t('consent.save')}
          requireScreening={false}
          onSave={(next) => void change(next)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="consent-buttons">
          <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            {inForce ? t('consent.change') : t('consent.record')}
          </button>
          {inForce && (
            <button
              type="button"
              className="button button-secondary button-danger"
              onClick={() => setWithdrawing(true)}
            >
              {t('consent.withdraw')}
            </button>
          )}
        </div>
      )}
      {failed && (
        <p className="field-problem" role="alert">
          {t('consent.saveFailed')}
        </p>
      )}
      {withdrawing && consent && (
        <ConfirmDialog
          title={t('consent.withdrawTitle')}
          message={[
            t('consent.withdrawText', { date: germanDate(today) }),
            ...(consent.research ? [t('consent.withdrawResearch')] : []),
          ]}
          back={t('consent.withdrawBack')}
          goOn={t('consent.withdrawConfirm')}
          danger
          onBack={() => setWithdrawing(false)}
          onGoOn={() => {
            setWithdrawing(false);
            void change({ ...consent, withdrawnOn: today });
          }}
        />
      )}
    </section>
  );
}

/**
 * CONSENT_REQUIRED (docs/deploy.md): 'Test beginnen' for a child without a recorded screening
 * consent asks for it first, with the fields right here; saving it starts the test.
 */
export function ConsentRequiredDialog({
  consent,
  onSave,
  onClose,
}: {
  consent: ParentalConsent | undefined;
  onSave(consent: ParentalConsent): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const text = useConsentText();
  return (
    <Dialog title={t('consent.requiredTitle')} onClose={onClose} role="alertdialog">
      <p className="dialog-text">{t('consent.requiredText')}</p>
      {consent && <p className="dialog-text">{text(consent)}</p>}
      <ConsentFields
        initial={consent}
        saveLabel={t('consent.saveAndStart')}
        requireScreening
        onSave={onSave}
        onCancel={onClose}
      />
    </Dialog>
  );
}
