import { Component, type ReactNode, Suspense } from 'react';
import { LoadFailed } from './load-failed';

/**
 * A module in its own chunk, as a promise for React's `use` inside a `ChunkBoundary`. Its settled state is written
 * onto it (the `status`/`value`/`reason` fields React itself reads and writes), so once the chunk
 * has loaded, a screen from it renders in the same pass as any other and never flashes empty.
 * `React.lazy` cannot do that: it only looks at its import on the first render and suspends at
 * least once even when the chunk is already there. While a chunk is still loading, React suspends
 * and renders again by itself when it arrives; there is no moment in which it can be missed.
 */
export type Chunk<M> = Promise<M>;

/** Starts tracking a chunk's import (start the import as early as possible, then pass it here). */
export function trackChunk<M>(load: Promise<M>): Chunk<M> {
  // React's ReactPromise protocol (see its types): fields `use` reads synchronously.
  const settled = load as Promise<M> & { status?: string; value?: M; reason?: unknown };
  load.then(
    (value) => {
      settled.status = 'fulfilled';
      settled.value = value;
    },
    (reason: unknown) => {
      settled.status = 'rejected';
      settled.reason = reason;
      console.error('Zähltest: a part of the app could not be loaded', reason);
    },
  );
  return load;
}

/** The page while a chunk loads: empty and busy (a loaded chunk never shows it). */
function Loading() {
  return <main className="app app-loading" aria-busy="true" />;
}

/**
 * Where chunked screens are shown: an empty busy page while one loads, `LoadFailed` (with a reload
 * button that keeps the session) when one cannot be loaded, e.g. offline before it was ever cached.
 */
export function ChunkBoundary({ children }: { children: ReactNode }) {
  return (
    <LoadFailedBoundary>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </LoadFailedBoundary>
  );
}

class LoadFailedBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="app app-loading">
        <LoadFailed />
      </main>
    );
  }
}
