import { useTranslation } from 'react-i18next';

/**
 * The child's view of progress: a dot per question, filled for those done, the current one large.
 * No numbers, so a child who cannot read sees how much is left.
 */
export function ProgressStrip({ position, total }: { position: number; total: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="progress-strip"
      role="progressbar"
      aria-label={t('educator.progressLabel')}
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={position}
    >
      {Array.from({ length: total }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position, never reordered
          key={i}
          className={`progress-dot ${i + 1 < position ? 'is-done' : i + 1 === position ? 'is-current' : ''}`.trim()}
        />
      ))}
    </div>
  );
}
