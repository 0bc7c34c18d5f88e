import { act, render, screen } from '@testing-library/react';
import { use } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Chunk, ChunkBoundary, trackChunk } from './chunk';

function Screen() {
  return <p>geladen</p>;
}

function FromChunk({ chunk }: { chunk: Chunk<{ Screen: typeof Screen }> }) {
  const { Screen: Loaded } = use(chunk);
  return <Loaded />;
}

describe('ChunkBoundary with a tracked chunk', () => {
  it('renders a chunk that has already loaded in the first pass, never the empty loading page', async () => {
    const chunk = trackChunk(Promise.resolve({ Screen }));
    await chunk;
    const { container } = render(
      <ChunkBoundary>
        <FromChunk chunk={chunk} />
      </ChunkBoundary>,
    );
    // Synchronously after render: no act() flush, no loading page in between.
    expect(screen.getByText('geladen')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('shows the busy page while loading and the screen as soon as the chunk arrives', async () => {
    let arrive: (module: { Screen: typeof Screen }) => void = () => {};
    const chunk = trackChunk(new Promise<{ Screen: typeof Screen }>((resolve) => (arrive = resolve)));
    // Inside an async act, as React's test environment needs for a tree suspended by `use`.
    const { container } = await act(async () =>
      render(
        <ChunkBoundary>
          <FromChunk chunk={chunk} />
        </ChunkBoundary>,
      ),
    );
    expect(container.querySelector('main[aria-busy="true"]')).not.toBeNull();
    await act(async () => arrive({ Screen }));
    // React may hold the reveal briefly after a fallback (its Suspense throttling).
    expect(await screen.findByText('geladen')).toBeTruthy();
  });

  it('shows the load failure with a reload button when the chunk cannot be loaded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const chunk = trackChunk(Promise.reject<{ Screen: typeof Screen }>(new Error('offline')));
    await chunk.catch(() => undefined);
    render(
      <ChunkBoundary>
        <FromChunk chunk={chunk} />
      </ChunkBoundary>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeTruthy();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
