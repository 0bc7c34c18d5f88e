import type { ComponentType } from 'react';

/**
 * A screen that lives in its own chunk. Loading starts at once; once loaded, `component` is set and
 * the screen renders synchronously like any other (no Suspense, so a screen never flashes empty
 * when the chunk is already there). Until then `App` shows an empty, busy page.
 */
export interface DeferredScreen {
  component: ComponentType | undefined;
  failed: boolean;
  readonly settled: Promise<void>;
}

export function deferScreen<M>(load: Promise<M>, pick: (module: M) => ComponentType): DeferredScreen {
  const screen: DeferredScreen = {
    component: undefined,
    failed: false,
    settled: load.then(
      (module) => {
        screen.component = pick(module);
      },
      (error: unknown) => {
        console.error('Zähltest: a part of the app could not be loaded', error);
        screen.failed = true;
      },
    ),
  };
  return screen;
}
