import './move-dots-board.css';
import { useTranslation } from 'react-i18next';
import { MOVABLE_DOTS } from '../../domain/facts';
import { moveDotDown, moveDotUp } from './dots';

const GRID_CELLS = 15; // 5 columns × 3 rows

/** A box of the grid, keyed by its fixed position in the question's dot row. */
const toBox = (cell: number, position: number) => ({ cell, position: `box-${position}` });

function Dots({ count, className }: { count: number; className?: string }) {
  return (
    <div className={`dots ${className ?? ''}`.trim()}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: dots are interchangeable
        <span key={i} className="dot" />
      ))}
    </div>
  );
}

function Arrow({ direction }: { direction: 'down' | 'up' }) {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <path
        d={direction === 'down' ? 'M24 42 L6 20 H17 V6 H31 V20 H42 Z' : 'M24 6 L42 28 H31 V42 H17 V28 H6 Z'}
        fill="currentColor"
      />
    </svg>
  );
}

/**
 * The dot board: a row of 15 slots with the free dots, arrows to move one dot down into the
 * child's box or back up, and the question's boxes in a 5 × 3 grid (0 = the child's box, n > 0 a
 * box with n dots, n < 0 a picture from dotImages).
 */
export function MoveDotsBoard({
  dotRow,
  dotImages,
  dotsInBox,
  onChange,
}: {
  dotRow: readonly number[];
  dotImages?: Readonly<Record<string, string>>;
  dotsInBox: number;
  onChange(dotsInBox: number): void;
}) {
  const { t } = useTranslation();
  const free = MOVABLE_DOTS - dotsInBox;
  return (
    <div className="move-dots">
      <div
        className="dot-slots"
        role="img"
        aria-label={`${t('moveDots.freeDots')}: ${free}`}
        data-free={free}
      >
        {Array.from({ length: MOVABLE_DOTS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are fixed positions
          <span key={i} className="dot-slot">
            {i < free && <span className="dot" />}
          </span>
        ))}
      </div>
      <div className="dot-arrows">
        <button
          type="button"
          className="button arrow-button"
          aria-label={t('moveDots.down')}
          title={t('moveDots.down')}
          onClick={() => onChange(moveDotDown(dotsInBox))}
        >
          <Arrow direction="down" />
        </button>
        <button
          type="button"
          className="button arrow-button"
          aria-label={t('moveDots.up')}
          title={t('moveDots.up')}
          onClick={() => onChange(moveDotUp(dotsInBox))}
        >
          <Arrow direction="up" />
        </button>
      </div>
      <div className="dot-grid">
        {dotRow
          .slice(0, GRID_CELLS)
          .map(toBox)
          .map(({ cell, position: i }) => {
            if (cell === 0) {
              return (
                <div
                  key={i}
                  className="dot-box dot-box-child"
                  role="img"
                  aria-label={t('moveDots.childBox')}
                  data-dots={dotsInBox}
                >
                  <Dots count={dotsInBox} />
                </div>
              );
            }
            if (cell > 0) {
              return (
                <div
                  key={i}
                  className="dot-box"
                  role="img"
                  aria-label={t('moveDots.fixedBox', { count: cell })}
                >
                  <Dots count={cell} />
                </div>
              );
            }
            return (
              <div key={i} className="dot-box dot-box-picture">
                <img src={dotImages?.[String(cell)]} alt={t('moveDots.picture')} draggable={false} />
              </div>
            );
          })}
      </div>
    </div>
  );
}
