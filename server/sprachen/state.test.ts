import { describe, expect, it } from 'vitest';
import type { CatalogueText } from '../../schemas/sprachen-api.ts';
import { progressOf } from '../../schemas/sprachen-api.ts';
import { type RecordingRow, type ReviewRow, textState } from './state.ts';

// The rules of a text's state (docs/product.md §50) on rows as the database returns them.

const TEXT: CatalogueText = {
  key: '1.questionText',
  question: 1,
  field: 'questionText',
  group: 'frage',
  german: 'Habe ich richtig gezählt?',
  text: 'Doğru saydım mı?',
  fileConfirmed: false,
  recordingKey: 'q01/tr-questionText',
};

let id = 0;
const review = (
  kind: ReviewRow['kind'],
  text: string,
  by: [number, string],
  overrides: Partial<ReviewRow> = {},
): ReviewRow => ({
  id: ++id,
  key: TEXT.key,
  contentVersion: 'abc',
  baseText: TEXT.text,
  german: TEXT.german,
  kind,
  text,
  note: '',
  accountId: by[0],
  by: by[1],
  at: `2026-11-29T10:00:0${id % 10}.000Z`,
  ...overrides,
});
const take = (text: string, approvedBy: string | null): RecordingRow => ({
  id: ++id,
  key: TEXT.key,
  contentVersion: 'abc',
  text,
  madeById: 1,
  madeBy: 'ayse',
  madeAt: '2026-11-29T10:00:00.000Z',
  approvedBy,
  approvedAt: approvedBy ? '2026-11-29T11:00:00.000Z' : null,
});
const AYSE: [number, string] = [1, 'ayse'];
const MEHMET: [number, string] = [2, 'mehmet'];
const BETTER = 'Doğru mu saydım?';

describe('a text under native review (docs/product.md §50)', () => {
  it('counts the build’s review record, and a confirmation only against the current German reference', () => {
    expect(textState({ ...TEXT, fileConfirmed: true }, [], []).confirmed).toEqual({ by: 'Datei', at: null });
    expect(textState(TEXT, [review('confirm', TEXT.text, AYSE)], []).confirmed?.by).toBe('ayse');
    const oldGerman = review('confirm', TEXT.text, AYSE, { german: 'Habe ich gut gezählt?' });
    expect(textState(TEXT, [oldGerman], []).confirmed).toBeNull();
  });

  it('makes a correction the wording only when another account confirms it', () => {
    const proposed = [review('correct', BETTER, AYSE, { note: 'natürlicher' })];
    expect(textState(TEXT, proposed, [])).toMatchObject({
      current: TEXT.text,
      confirmed: null,
      proposal: { text: BETTER, note: 'natürlicher', by: 'ayse' },
    });
    // The proposer's own confirmation of it changes nothing.
    expect(textState(TEXT, [...proposed, review('confirm', BETTER, AYSE)], []).current).toBe(TEXT.text);
    expect(textState(TEXT, [...proposed, review('confirm', BETTER, MEHMET)], [])).toMatchObject({
      current: BETTER,
      corrected: true,
      confirmed: { by: 'mehmet' },
      proposal: null,
    });
  });

  it('dismisses a proposal when someone confirms the wording as it stands', () => {
    const state = textState(
      TEXT,
      [review('correct', BETTER, AYSE), review('confirm', TEXT.text, MEHMET)],
      [],
    );
    expect(state).toMatchObject({
      current: TEXT.text,
      corrected: false,
      proposal: null,
      confirmed: { by: 'mehmet' },
    });
  });

  it('forgets the reviews of a build text the author has changed since', () => {
    const rows = [
      review('correct', BETTER, AYSE, { baseText: 'Eski metin?' }),
      review('confirm', BETTER, MEHMET, { baseText: 'Eski metin?' }),
    ];
    expect(textState(TEXT, rows, [])).toMatchObject({
      current: TEXT.text,
      corrected: false,
      confirmed: null,
    });
  });

  it('serves only an approved take of the current wording, and calls an older wording’s take stale', () => {
    const approvedOld = take(TEXT.text, 'mehmet');
    const pendingNew = take(TEXT.text, null);
    const before = textState(TEXT, [], [approvedOld, pendingNew]);
    expect(before.recording?.id).toBe(pendingNew.id);
    expect(before.served?.id).toBe(approvedOld.id);
    const corrected = [review('correct', BETTER, AYSE), review('confirm', BETTER, MEHMET)];
    const after = textState(TEXT, corrected, [approvedOld, pendingNew]);
    expect(after.recording?.stale).toBe(true);
    expect(after.served).toBeNull();
    // Spelling the eye does not see is no change.
    expect(textState(TEXT, [], [take(`  ${TEXT.text}\n`, 'mehmet')]).served).not.toBeNull();
    expect(progressOf([after, before])).toEqual({
      texts: 2,
      confirmed: 1,
      spoken: 2,
      recorded: 1,
      correctionsPending: 0,
    });
  });
});
