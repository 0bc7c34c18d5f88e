import { createContext } from 'react';

/**
 * Where a flash is recorded as it happens, so that a reload never shows the same pictures twice
 * (docs/product.md §19). The question screen provides it from the session; without it (component
 * tests, the preview) nothing is kept.
 */
export interface FlashLog {
  /** What the stored session knows of this question's flash, when the page was reloaded. */
  prior?: { shown: number; exposuresMs: readonly number[] };
  /** The pictures are about to show. */
  started(): void;
  /** A flash ended after `exposureMs`. */
  measured(exposureMs: number): void;
}

export const FlashLogContext = createContext<FlashLog>({ started: () => {}, measured: () => {} });
