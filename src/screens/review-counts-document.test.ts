import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { buildResultPayload } from '../results/payload';
import { fullRun, USER } from '../results/test-fixtures';
import { buildResultDocument } from './use-result-document';

const t = i18n.t.bind(i18n);
const COUNTS = { texts: 100, confirmed: 71, spoken: 55, recorded: 12 };

describe("the native review's counts in the results document (docs/product.md §50)", () => {
  const translation = (doc: ReturnType<typeof buildResultDocument>) =>
    doc.details.find((detail) => detail.label === 'Übersetzung')?.value;
  const sound = (doc: ReturnType<typeof buildResultDocument>) =>
    doc.sitting?.items.find((item) => item.key === 'sound')?.value;

  it("says how many texts were confirmed ('Übersetzung') and recorded ('Ton') for this test", () => {
    const doc = buildResultDocument(USER, fullRun([1, 2]), t, undefined, null, null, COUNTS);
    expect(translation(doc)).toBe('Entwurf: 71 von 100 Texten von Muttersprachlern geprüft');
    expect(sound(doc)).toMatch(/; Aufnahmen von Muttersprachlern für 12 von 55 gesprochenen Texten$/);
  });

  it('calls a language whose every text is confirmed reviewed, also in the upload', () => {
    const all = { ...COUNTS, confirmed: 100 };
    const doc = buildResultDocument(USER, fullRun([1, 2]), t, undefined, null, null, all);
    expect(translation(doc)).toBe('alle 100 Texte von Muttersprachlern geprüft');
    const payload = (counts: typeof COUNTS) =>
      buildResultPayload('s', USER, fullRun([1, 2]), 'v', undefined, null, null, counts);
    expect(payload(all)).not.toHaveProperty('translationStatus');
    expect(payload(COUNTS).translationStatus).toBe('Entwurf');
  });

  it('keeps the build’s words for a result without counts (an earlier session, a saved result)', () => {
    const doc = buildResultDocument(USER, fullRun([1, 2]), t);
    expect(translation(doc)).toMatch(/^(alle Texte von Muttersprachlern geprüft|Entwurf: \d+ Texte? nicht)/);
    expect(sound(doc)).not.toContain('Aufnahmen von Muttersprachlern');
  });
});
