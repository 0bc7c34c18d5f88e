import { createContext } from 'react';
import type { AnswerSubmission } from '../types';

/**
 * Where a practice screen records its wrong tries as they happen (docs/product.md §6), so that a
 * reload goes on counting and 'Weiter' in the educator's bar can record the practice as skipped.
 * The question screen provides it from the session; without it (component tests, the preview)
 * nothing is kept.
 */
export interface PracticeLog {
  /** Wrong tries of this question the stored session knows of, when the page was reloaded. */
  priorWrongTries: number;
  /** A wrong try, as it would be recorded should the educator go on. */
  missed(wrong: AnswerSubmission): void;
}

export const PracticeLogContext = createContext<PracticeLog>({ priorWrongTries: 0, missed: () => {} });
