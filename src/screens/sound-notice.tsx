import type { ResultDocument } from '../results/result-document';

/**
 * "Ohne Ton durchgeführt: …" at the top of the results (docs/product.md §14): the child heard
 * nothing on some screens, so the result says less. Nothing when every prompt was spoken.
 */
export function SoundNotice({ notice }: { notice: ResultDocument['soundNotice'] }) {
  if (!notice) return null;
  return (
    <div className="result-sound-notice" role="note" data-testid="sound-notice">
      <p className="result-sound-notice-heading">{notice.heading}</p>
      <p>{notice.text}</p>
    </div>
  );
}
