import { describe, expect, it } from 'vitest';
import { hasScreeningConsent, type ParentalConsent, researchConsentOf, researchWithdrawnOn } from './consent';

const both: ParentalConsent = { date: '2026-09-01', screening: true, research: true };

describe('the parents’ consent', () => {
  it('lets a test begin only with a screening consent that is not withdrawn', () => {
    expect(hasScreeningConsent(undefined)).toBe(false);
    expect(hasScreeningConsent(both)).toBe(true);
    expect(hasScreeningConsent({ ...both, screening: false })).toBe(false);
    expect(hasScreeningConsent({ ...both, withdrawnOn: '2026-10-01' })).toBe(false);
  });

  it('uploads yes only with a research consent in force; none recorded is unknown', () => {
    expect(researchConsentOf(undefined)).toBe('unknown');
    expect(researchConsentOf(both)).toBe('yes');
    expect(researchConsentOf({ ...both, research: false })).toBe('no');
    expect(researchConsentOf({ ...both, withdrawnOn: '2026-10-01' })).toBe('no');
  });

  it('names the day research lost its consent: a withdrawal, or Forschung no longer ticked', () => {
    expect(researchWithdrawnOn(both, { ...both, withdrawnOn: '2026-10-01' }, '2026-10-02')).toBe(
      '2026-10-01',
    );
    expect(researchWithdrawnOn(both, { ...both, research: false }, '2026-10-02')).toBe('2026-10-02');
    // Nothing to take back: research was never consented, or still is.
    expect(researchWithdrawnOn(undefined, { ...both, research: false }, '2026-10-02')).toBeUndefined();
    expect(
      researchWithdrawnOn({ ...both, research: false }, { ...both, withdrawnOn: '2026-10-01' }, '2026-10-02'),
    ).toBeUndefined();
    expect(researchWithdrawnOn(both, { ...both, date: '2026-09-02' }, '2026-10-02')).toBeUndefined();
  });
});
