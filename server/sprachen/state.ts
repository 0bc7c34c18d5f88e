import { sameWording } from '../../schemas/recorded-text.ts';
import type {
  CatalogueText,
  Confirmation,
  Proposal,
  RecordingInfo,
  TextState,
} from '../../schemas/sprachen-api.ts';
import { CONFIRMED_BY_FILE } from '../../schemas/sprachen-api.ts';

import type { RecordingRow, ReviewRow } from '../db/types.ts';

export type { RecordingRow, ReviewRow };

/**
 * The state of a text from its build text and what accounts did to it (docs/product.md §50): pure,
 * so the rules are read and tested in one place.
 */

/** Spelling the eye does not see does not count (schemas/recorded-text.ts, as the content check). */
export const sameText = sameWording;

/** A proposal with who made it, to refuse a confirmation by the same account. */
export type PendingProposal = Proposal & { accountId: number };

/**
 * Folds a text's reviews, in order, onto its build text. Rows made against another build text (the
 * author changed it since) are left out. A confirmation counts for the wording it names against the
 * German reference it was shown: the current wording (dismissing a pending proposal), or a pending
 * proposal of another account (which becomes the current wording). A correction is pending until a
 * different account confirms it; meanwhile the text is 'nicht geprüft'.
 */
export function foldReviews(
  text: CatalogueText,
  reviews: readonly ReviewRow[],
): { current: string; confirmed: Confirmation | null; proposal: PendingProposal | null } {
  let current = text.text;
  let confirmed: Confirmation | null = text.fileConfirmed ? { by: CONFIRMED_BY_FILE, at: null } : null;
  let proposal: PendingProposal | null = null;
  for (const row of reviews) {
    if (!sameText(row.baseText, text.text)) continue;
    const againstCurrentGerman = sameText(row.german, text.german);
    if (row.kind === 'correct') {
      proposal = { text: row.text, note: row.note, by: row.by, at: row.at, accountId: row.accountId };
      confirmed = null;
    } else if (proposal && sameText(row.text, proposal.text) && row.accountId !== proposal.accountId) {
      current = proposal.text;
      proposal = null;
      confirmed = againstCurrentGerman ? { by: row.by, at: row.at } : null;
    } else if (sameText(row.text, current)) {
      proposal = null;
      confirmed = againstCurrentGerman ? { by: row.by, at: row.at } : null;
    }
  }
  return { current, confirmed, proposal };
}

const recordingInfo = (row: RecordingRow, current: string): RecordingInfo => ({
  id: row.id,
  url: `/api/sprachen/recordings/${row.id}.mp3`,
  text: row.text,
  madeBy: row.madeBy,
  madeAt: row.madeAt,
  approvedBy: row.approvedBy,
  approvedAt: row.approvedAt,
  stale: !sameWording(current, row.text),
});

/** A text's whole state; `reviews` and `recordings` are its own rows in id order. */
export function textState(
  text: CatalogueText,
  reviews: readonly ReviewRow[],
  recordings: readonly RecordingRow[],
): TextState {
  const { current, confirmed, proposal } = foldReviews(text, reviews);
  const takes = text.recordingKey ? recordings.map((row) => recordingInfo(row, current)) : [];
  const served = takes.filter((take) => take.approvedBy !== null && !take.stale).at(-1) ?? null;
  return {
    ...text,
    current,
    corrected: !sameText(current, text.text),
    confirmed,
    proposal: proposal && {
      text: proposal.text,
      note: proposal.note,
      by: proposal.by,
      at: proposal.at,
    },
    recording: takes.at(-1) ?? null,
    served,
  };
}

/** Groups rows by their text key, keeping their order. */
export function byKey<T extends { key: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.key);
    if (list) list.push(row);
    else map.set(row.key, [row]);
  }
  return map;
}
