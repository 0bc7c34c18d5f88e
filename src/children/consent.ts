import type { ResearchConsent } from '../domain/facts';

/**
 * The parents' consent as the device keeps it with the child (docs/product.md §48), sealed like the
 * child's other fields. Absent on a child: no consent recorded (every child stored before it was asked).
 */
export interface ParentalConsent {
  /** YYYY-MM-DD: the day the parents gave it (the date on the signed form). */
  date: string;
  /** Consent to the screening: the test with this child. */
  screening: boolean;
  /** Consent to passing the pseudonymous result (with the child code, never the name) on for research. */
  research: boolean;
  /** YYYY-MM-DD: the parents withdrew the whole consent on this day (Art. 7(3) DSGVO); absent while it holds. */
  withdrawnOn?: string;
}

/** Whether a test may begin where a recorded consent is required (CONSENT_REQUIRED, docs/deploy.md). */
export function hasScreeningConsent(consent: ParentalConsent | undefined): boolean {
  return consent?.screening === true && consent.withdrawnOn === undefined;
}

/** What a result uploads as `researchConsent`: none recorded is 'unknown'; refused or withdrawn 'no'. */
export function researchConsentOf(consent: ParentalConsent | undefined): ResearchConsent {
  if (consent === undefined) return 'unknown';
  return consent.research && consent.withdrawnOn === undefined ? 'yes' : 'no';
}

/**
 * The day research lost its consent, when a change takes it away (withdrawn, or 'Forschung' no
 * longer ticked): the server then takes the child's results out of research. Undefined when the
 * change leaves research as it was, or when there was no research consent before.
 */
export function researchWithdrawnOn(
  before: ParentalConsent | undefined,
  after: ParentalConsent | undefined,
  today: string,
): string | undefined {
  if (researchConsentOf(before) !== 'yes' || researchConsentOf(after) === 'yes') return undefined;
  return after?.withdrawnOn ?? today;
}
